import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { AdminPayment } from '../../../../contract/payments.ts';
import { apiAssetUrl } from '../../../api/api.ts';
import { NOTIFY_MS, notifyError, notifySuccess } from '../../../components/notify.ts';
import { t } from '../../../i18n/id.ts';
import { bodyText, errorMessage } from '../../../lib/api-error.ts';
import { useAdminPaymentsQuery, useDecidePaymentMutation } from '../api/admin-payments.api.ts';
import { AdminPaymentsView, type StatusFilter } from './AdminPaymentsView.tsx';

export const ADMIN_PAYMENTS_PAGE_SIZE = 20;

/** /admin/payments: binds the list, the filter, the pages and the two decisions. */
export function AdminPaymentsScreen() {
  useDocumentTitle(`${t.adminPayments.title} | ${t.admin.title}`);
  const [status, setStatus] = useState<StatusFilter>('');
  const [page, setPage] = useState(1);
  const query = useAdminPaymentsQuery({
    page,
    limit: ADMIN_PAYMENTS_PAGE_SIZE,
    ...(status ? { status } : {}),
  });
  const [decide] = useDecidePaymentMutation();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [proofOf, setProofOf] = useState<AdminPayment | null>(null);
  const [confirmOf, setConfirmOf] = useState<AdminPayment | null>(null);
  const [rejectOf, setRejectOf] = useState<AdminPayment | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const send = async (p: AdminPayment, body: { status: 'confirmed' } | { status: 'rejected'; alasanPenolakan: string }) => {
    setBusyId(p.id);
    try {
      const res = await decide({ id: p.id, ...body }).unwrap();
      notifySuccess(res.message, { audience: 'admin' });
      return true;
    } catch (error) {
      notifyError(bodyText(error, 'message') ?? t.adminPayments.actionFailed);
      return false;
    } finally {
      setBusyId(null);
    }
  };

  const cancelReject = () => {
    setRejectOf(null);
    setReason('');
    setReasonError(null);
    notifications.show({
      message: t.adminPayments.rejectCancelled,
      color: 'gray',
      autoClose: NOTIFY_MS.adminSuccess,
    });
  };

  return (
    <AdminPaymentsView
      list={query.data}
      isLoading={query.isLoading}
      error={query.isError ? errorMessage(query.error) : null}
      onRetry={() => void query.refetch()}
      status={status}
      onStatusChange={(s) => {
        setStatus(s);
        setPage(1);
      }}
      page={page}
      onPageChange={setPage}
      busyId={busyId}
      assetUrl={apiAssetUrl}
      proofOf={proofOf}
      onOpenProof={setProofOf}
      onCloseProof={() => setProofOf(null)}
      confirmOf={confirmOf}
      onAskConfirm={setConfirmOf}
      onCancelConfirm={() => setConfirmOf(null)}
      onConfirm={() => {
        const p = confirmOf;
        setConfirmOf(null);
        if (p) void send(p, { status: 'confirmed' });
      }}
      rejectOf={rejectOf}
      onAskReject={(p) => {
        setReason('');
        setReasonError(null);
        setRejectOf(p);
      }}
      reason={reason}
      onReasonChange={(r) => {
        setReason(r);
        if (r.trim()) setReasonError(null);
      }}
      reasonError={reasonError}
      onReject={() => {
        const p = rejectOf;
        if (!p) return;
        const alasan = reason.trim();
        if (!alasan) {
          setReasonError(t.adminPayments.reasonRequired);
          return;
        }
        void send(p, { status: 'rejected', alasanPenolakan: alasan }).then((ok) => {
          if (ok) {
            setRejectOf(null);
            setReason('');
          }
        });
      }}
      onCancelReject={cancelReject}
    />
  );
}
