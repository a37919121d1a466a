import type { PaymentOrder } from '../../../contract/payments.ts';

/**
 * Where an exact-amount order stands for its learner: open (pay now), waiting (a proof was sent
 * and an admin decides), paid (the package is open), expired (renew for a new code).
 */
export type OrderPhase = 'open' | 'waiting' | 'paid' | 'expired';

export function orderPhase(order: Pick<PaymentOrder, 'status' | 'payment'>): OrderPhase {
  if (order.status === 'paid' || order.payment?.status === 'confirmed') return 'paid';
  if (order.payment?.status === 'pending') return 'waiting';
  if (order.status === 'expired') return 'expired';
  return 'open';
}

/** A gateway order settles by itself within seconds of the scan: ask often while it is open. */
export const GATEWAY_POLL_MS = 3_000;
/** A manual order changes only when it expires (the server's clock): ask now and then. */
export const MANUAL_POLL_MS = 60_000;

/** The RTK Query polling interval for an order: 0 (stopped) once it is settled or expired. */
export function orderPollingMs(order: Pick<PaymentOrder, 'status' | 'payment' | 'provider'> | undefined): number {
  if (!order || orderPhase(order) !== 'open') return 0;
  return order.provider === 'qris' ? MANUAL_POLL_MS : GATEWAY_POLL_MS;
}
