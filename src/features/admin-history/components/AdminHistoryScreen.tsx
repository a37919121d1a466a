import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import type { AdminHistoryItem } from '../../../../contract/results.ts';
import { notifyError } from '../../../components/notify.ts';
import { t } from '../../../i18n/id.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { saveDownloadedFile } from '../../../lib/download.ts';
import { useAdminCertificateMutation, useAdminHistoryCsvMutation, useAdminHistoryQuery } from '../api/admin-history.api.ts';
import { AdminHistoryView, type AdminHistoryFilters } from './AdminHistoryView.tsx';

const LIMIT = 20;
const EMPTY: AdminHistoryFilters = { q: '', from: '', to: '' };

/** /admin/riwayat-ujian: filters are applied on submit; the CSV export uses the applied ones. */
export function AdminHistoryScreen() {
  useDocumentTitle(`${t.adminHistory.title} | ${t.admin.title}`);
  const [draft, setDraft] = useState<AdminHistoryFilters>(EMPTY);
  const [applied, setApplied] = useState<AdminHistoryFilters>(EMPTY);
  const [page, setPage] = useState(1);
  const filters = { q: applied.q.trim() || undefined, from: applied.from || undefined, to: applied.to || undefined };
  const query = useAdminHistoryQuery({ ...filters, page, limit: LIMIT });
  const [exportCsv, csvState] = useAdminHistoryCsvMutation();
  const [certificate] = useAdminCertificateMutation();
  const [downloadingId, setDownloadingId] = useState<number | null>(null);

  const onExport = async () => {
    try {
      saveDownloadedFile(await exportCsv(filters).unwrap());
    } catch (error) {
      notifyError(errorMessage(error), t.adminHistory.exportFailed);
    }
  };
  const onDownload = async (row: AdminHistoryItem) => {
    setDownloadingId(row.id);
    try {
      saveDownloadedFile(await certificate(row.id).unwrap());
    } catch {
      notifyError(t.results.history.downloadError, t.results.history.downloadErrorTitle);
    } finally {
      setDownloadingId(null);
    }
  };

  return (
    <AdminHistoryView
      status={query.isError ? 'error' : query.data ? 'ready' : 'loading'}
      rows={query.data?.data ?? []}
      total={query.data?.total ?? 0}
      page={page}
      limit={LIMIT}
      draft={draft}
      onDraftChange={setDraft}
      onApply={() => {
        setApplied(draft);
        setPage(1);
      }}
      onReset={() => {
        setDraft(EMPTY);
        setApplied(EMPTY);
        setPage(1);
      }}
      onPageChange={setPage}
      onRetry={() => void query.refetch()}
      onExport={() => void onExport()}
      exporting={csvState.isLoading}
      onDownload={(row) => void onDownload(row)}
      downloadingId={downloadingId}
    />
  );
}
