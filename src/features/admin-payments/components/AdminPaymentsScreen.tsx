import { useDebouncedValue, useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { AdminPayment } from '../../../../contract/payments.ts';
import { apiAssetUrl } from '../../../api/api.ts';
import { notifyError, notifyInfo, notifySuccess } from '../../../components/notify.ts';
import { t } from '../../../i18n/id.ts';
import { bodyText, errorMessage } from '../../../lib/api-error.ts';
import {
  useAdminPaymentsQuery,
  useDecidePaymentMutation,
  useReopenPaymentMutation,
  useReversePaymentMutation,
} from '../api/admin-payments.api.ts';
import { AdminPaymentsView, type StatusFilter } from './AdminPaymentsView.tsx';

export const ADMIN_PAYMENTS_PAGE_SIZE = 20;
/** Below this width the table would scroll sideways beside the admin sidebar: cards instead. */
export const ADMIN_PAYMENTS_TABLE_QUERY = '(min-width: 75em)';
const SEARCH_DEBOUNCE_MS = 300;

/**
 * One decision that needs a written reason (reject, reverse): which payment it is about, the
 * reason typed so far and the 'required' error, which goes away as soon as something is typed.
 */
function useReasonDialog(requiredMessage: string) {
  const [of, setOf] = useState<AdminPayment | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return {
    of,
    reason,
    error,
    ask: (p: AdminPayment) => {
      setReason('');
      setError(null);
      setOf(p);
    },
    change: (r: string) => {
      setReason(r);
      if (r.trim()) setError(null);
    },
    cancel: () => {
      setOf(null);
      setReason('');
      setError(null);
    },
    /** The payment and the trimmed reason, or null (and the error shown) when the reason is blank. */
    take: (): { of: AdminPayment; alasan: string } | null => {
      if (!of) return null;
      const alasan = reason.trim();
      if (!alasan) {
        setError(requiredMessage);
        return null;
      }
      return { of, alasan };
    },
  };
}

/** /admin/payments: binds the list, the filter, the pages and the two decisions. */
export function AdminPaymentsScreen({
  layout = 'auto',
}: {
  /** Forces cards or the table (stories); auto follows the width. */ layout?: 'auto' | 'cards' | 'table';
}) {
  useDocumentTitle(`${t.adminPayments.title} | ${t.admin.title}`);
  const [status, setStatus] = useState<StatusFilter>('');
  const [page, setPage] = useState(1);
  const { hash } = useLocation();
  // A link to one payment (the duplicate flag) must find it whatever filter or page was showing:
  // a new #payment- address clears both, during render (no effect, no extra round of rendering).
  const [linkedHash, setLinkedHash] = useState(hash);
  if (hash !== linkedHash) {
    setLinkedHash(hash);
    if (hash.startsWith('#payment-')) {
      setStatus('');
      setPage(1);
    }
  }
  // The search lives in the address, so the duplicate flag can link to the earlier payment.
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [debouncedQ] = useDebouncedValue(q.trim(), SEARCH_DEBOUNCE_MS);
  const query = useAdminPaymentsQuery({
    page,
    limit: ADMIN_PAYMENTS_PAGE_SIZE,
    ...(status ? { status } : {}),
    ...(debouncedQ ? { q: debouncedQ } : {}),
  });
  const wide = useMediaQuery(ADMIN_PAYMENTS_TABLE_QUERY, false, { getInitialValueInEffect: false });
  const asCards = layout === 'auto' ? !wide : layout === 'cards';
  useEffect(() => {
    if (hash && query.data) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'center' });
  }, [hash, query.data]);
  const [decide] = useDecidePaymentMutation();
  const [reverse] = useReversePaymentMutation();
  const [reopen] = useReopenPaymentMutation();
  const rejecting = useReasonDialog(t.adminPayments.reasonRequired);
  const reversing = useReasonDialog(t.adminPayments.reverseRequired);
  const [reopenOf, setReopenOf] = useState<AdminPayment | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [proofOf, setProofOf] = useState<AdminPayment | null>(null);
  const [confirmOf, setConfirmOf] = useState<AdminPayment | null>(null);

  /** Runs one admin action on a payment with its busy mark and its toast; true when it went through. */
  const act = async (p: AdminPayment, run: () => Promise<{ message: string }>) => {
    setBusyId(p.id);
    try {
      notifySuccess((await run()).message, { audience: 'admin' });
      return true;
    } catch (error) {
      notifyError(bodyText(error, 'message') ?? t.adminPayments.actionFailed);
      return false;
    } finally {
      setBusyId(null);
    }
  };

  const cancelReject = () => {
    rejecting.cancel();
    notifyInfo(t.adminPayments.rejectCancelled, { audience: 'admin' });
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
        if (p) void act(p, () => decide({ id: p.id, status: 'confirmed' }).unwrap());
      }}
      rejectOf={rejecting.of}
      onAskReject={rejecting.ask}
      reason={rejecting.reason}
      onReasonChange={rejecting.change}
      reasonError={rejecting.error}
      onReject={() => {
        const taken = rejecting.take();
        if (!taken) return;
        const { of: p, alasan } = taken;
        void act(p, () => decide({ id: p.id, status: 'rejected', alasanPenolakan: alasan }).unwrap()).then((ok) => {
          if (ok) rejecting.cancel();
        });
      }}
      onCancelReject={cancelReject}
      q={q}
      onQChange={(value) => {
        setParams(value ? { q: value } : {}, { replace: true });
        setPage(1);
      }}
      asCards={asCards}
      reverseOf={reversing.of}
      onAskReverse={reversing.ask}
      reverseReason={reversing.reason}
      onReverseReasonChange={reversing.change}
      reverseError={reversing.error}
      onReverse={() => {
        const taken = reversing.take();
        if (!taken) return;
        const { of: p, alasan } = taken;
        void act(p, () => reverse({ id: p.id, alasan }).unwrap()).then((ok) => {
          if (ok) reversing.cancel();
        });
      }}
      onCancelReverse={reversing.cancel}
      reopenOf={reopenOf}
      onAskReopen={setReopenOf}
      onReopen={() => {
        const p = reopenOf;
        setReopenOf(null);
        if (p) void act(p, () => reopen(p.id).unwrap());
      }}
      onCancelReopen={() => setReopenOf(null)}
    />
  );
}
