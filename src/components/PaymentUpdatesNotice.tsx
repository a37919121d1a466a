import { useMarkPaymentUpdatesSeenMutation, usePaymentUpdatesQuery } from '../api/learner-payments.api.ts';
import { PaymentUpdatesDialog } from './PaymentUpdatesDialog.tsx';

/** Binds the learner's unseen payment decisions to the one-time message. */
export function PaymentUpdatesNotice() {
  const updates = usePaymentUpdatesQuery();
  const [markSeen, { isLoading }] = useMarkPaymentUpdatesSeenMutation();
  return <PaymentUpdatesDialog updates={updates.data ?? []} onSeen={() => void markSeen()} isSaving={isLoading} />;
}
