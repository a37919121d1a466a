import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import type { HistoryItem } from '../../../../contract/results.ts';
import { notifyError } from '../../../components/notify.ts';
import { t } from '../../../i18n/id.ts';
import { saveDownloadedFile } from '../../../lib/download.ts';
import { useDownloadCertificateMutation, useMyHistoryQuery } from '../api/results.api.ts';
import { RiwayatView } from './RiwayatView.tsx';

/** /riwayat-ujian: binds the history and the per-row certificate download. */
export function RiwayatScreen() {
  useDocumentTitle(`${t.results.history.title} | ${t.app.name}`);
  const query = useMyHistoryQuery();
  const [download] = useDownloadCertificateMutation();
  const [downloadingId, setDownloadingId] = useState<number | null>(null);

  const onDownload = async (item: HistoryItem) => {
    setDownloadingId(item.id);
    try {
      saveDownloadedFile(await download(item.id).unwrap());
    } catch {
      notifyError(t.results.history.downloadError, t.results.history.downloadErrorTitle);
    } finally {
      setDownloadingId(null);
    }
  };

  return (
    <RiwayatView
      history={query.data}
      isLoading={query.isLoading}
      error={query.isError ? t.results.history.loadFailed : null}
      onRetry={() => void query.refetch()}
      onDownload={(item) => void onDownload(item)}
      downloadingId={downloadingId}
    />
  );
}
