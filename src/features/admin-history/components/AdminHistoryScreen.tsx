import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import type { AdminAttempt } from '../../../../contract/accommodations.ts';
import type { AdminHistoryItem } from '../../../../contract/results.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { t } from '../../../i18n/id.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatClockTime } from '../../../lib/dates.ts';
import { saveDownloadedFile } from '../../../lib/download.ts';
import {
  useAdminCertificateMutation,
  useAdminHistoryCsvMutation,
  useAdminHistoryQuery,
  useExtendAttemptMutation,
  useReopenAttemptMutation,
  useRunningAttemptsQuery,
} from '../api/admin-history.api.ts';
import { AdminHistoryView, type AdminHistoryFilters } from './AdminHistoryView.tsx';
import { AttemptActionDialog, type AttemptAction } from './AttemptActionDialog.tsx';
import { RunningAttemptsView } from './RunningAttemptsView.tsx';

const LIMIT = 20;
const EMPTY: AdminHistoryFilters = { q: '', from: '', to: '' };
/** The running list changes as learners start and finish; the admin sees it without reloading. */
const RUNNING_POLL_MS = 15_000;

/** /admin/riwayat-ujian: running attempts (extend, reopen) above the results; filters apply on submit; the CSV uses the applied ones. */
export function AdminHistoryScreen() {
  useDocumentTitle(`${t.adminHistory.title} | ${t.admin.title}`);
  const [draft, setDraft] = useState<AdminHistoryFilters>(EMPTY);
  const [applied, setApplied] = useState<AdminHistoryFilters>(EMPTY);
  const [page, setPage] = useState(1);
  const filters = { q: applied.q.trim() || undefined, from: applied.from || undefined, to: applied.to || undefined };
  const query = useAdminHistoryQuery({ ...filters, page, limit: LIMIT });
  const running = useRunningAttemptsQuery(undefined, { pollingInterval: RUNNING_POLL_MS });
  const [exportCsv, csvState] = useAdminHistoryCsvMutation();
  const [certificate] = useAdminCertificateMutation();
  const [extend, extendState] = useExtendAttemptMutation();
  const [reopen, reopenState] = useReopenAttemptMutation();
  const [downloadingId, setDownloadingId] = useState<number | null>(null);
  const [action, setAction] = useState<AttemptAction | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

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
  const open = (next: AttemptAction) => {
    setRefusal(null);
    setAction(next);
  };
  const onSubmit = async (body: { menit?: number; alasan: string }) => {
    if (!action) return;
    setRefusal(null);
    try {
      const done =
        action.kind === 'extend'
          ? await extend({ attemptId: action.attemptId, body: { menit: body.menit ?? 0, alasan: body.alasan } }).unwrap()
          : await reopen({ attemptId: action.attemptId, body: { alasan: body.alasan } }).unwrap();
      setAction(null);
      notifySuccess(done.message, { audience: 'admin', title: t.adminAttempts.doneTitle });
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  };
  const extendAction = (a: AdminAttempt): AttemptAction => ({
    kind: 'extend',
    attemptId: a.attemptId,
    nama: a.user.nama,
    section: t.adminAttempts.sesi[a.sesi],
    endsAtText: a.endsAt ? formatClockTime(a.endsAt) : '',
  });

  return (
    <>
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
        onReopen={(row) => open({ kind: 'reopen', attemptId: row.attemptId, nama: row.user.nama })}
        running={
          <RunningAttemptsView
            status={running.isError ? 'error' : running.data ? 'ready' : 'loading'}
            attempts={running.data?.data ?? []}
            now={running.fulfilledTimeStamp ?? 0}
            onExtend={(a) => open(extendAction(a))}
            onReopen={(a) => open({ kind: 'reopen', attemptId: a.attemptId, nama: a.user.nama })}
            onRetry={() => void running.refetch()}
          />
        }
      />
      <AttemptActionDialog
        action={action}
        busy={extendState.isLoading || reopenState.isLoading}
        refusal={refusal}
        onSubmit={(body) => void onSubmit(body)}
        onClose={() => setAction(null)}
      />
    </>
  );
}
