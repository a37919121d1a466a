import { useDocumentTitle } from '@mantine/hooks';
import { apiAssetUrl } from '../../../api/api.ts';
import { t } from '../../../i18n/id.ts';
import { bodyText } from '../../../lib/api-error.ts';
import { useMyPaymentsQuery } from '../../../api/learner-payments.api.ts';
import { PaketSayaView } from './PaketSayaView.tsx';

/** /paket-saya: binds the user's payments (spec section 8: the server message, else the fallback). */
export function PaketSayaScreen() {
  useDocumentTitle(`${t.paketSaya.title} | ${t.app.name}`);
  // The package page holds the same list; an admin may have decided since: ask again on every visit.
  const query = useMyPaymentsQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <PaketSayaView
      payments={query.data}
      isLoading={query.isLoading}
      error={query.isError ? (bodyText(query.error, 'message') ?? t.paketSaya.failed) : null}
      onRetry={() => void query.refetch()}
      assetUrl={apiAssetUrl}
    />
  );
}
