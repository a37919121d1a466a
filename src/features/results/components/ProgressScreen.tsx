import { useDocumentTitle } from '@mantine/hooks';
import { t } from '../../../i18n/id.ts';
import { useMyProgressQuery } from '../api/results.api.ts';
import { ProgressView } from './ProgressView.tsx';

/** /riwayat-ujian/progres. */
export function ProgressScreen() {
  useDocumentTitle(`${t.results.progress.title} | ${t.app.name}`);
  const query = useMyProgressQuery();
  return (
    <ProgressView
      progress={query.data}
      isLoading={query.isLoading}
      error={query.isError ? t.results.progress.loadFailed : null}
      onRetry={() => void query.refetch()}
    />
  );
}
