import type { AdminPayment } from '../../../contract/payments.ts';

/** What an admin may do with a payment now; the server checks the same and answers 409 otherwise. */
export interface PaymentActions {
  /** Confirm or reject a proof that waits. */
  decide: boolean;
  /** Take back a confirmation whose attempt has not started (a reason is required). */
  reverse: boolean;
  /** Let a rejected payment wait for a decision again. */
  reopen: boolean;
}

export function paymentActions(p: Pick<AdminPayment, 'status' | 'reversible'>): PaymentActions {
  return {
    decide: p.status === 'pending',
    reverse: p.status === 'confirmed' && p.reversible,
    reopen: p.status === 'rejected',
  };
}
