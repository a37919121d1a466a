import { describe, expect, it } from 'vitest';
import type { PaymentOrder } from '../../../contract/payments.ts';
import { GATEWAY_POLL_MS, MANUAL_POLL_MS, orderPhase, orderPollingMs } from './order-phase.ts';

const order = (over: Partial<PaymentOrder> = {}): PaymentOrder => ({
  id: 1,
  paket_soal_id: 1,
  harga: 25000,
  amount: 25123,
  uniqueCode: 123,
  qris: '000201',
  expiresAt: '2026-11-25T10:00:00.000Z',
  status: 'open',
  provider: 'qris',
  payment: null,
  ...over,
});

describe('orderPhase', () => {
  it('an open order without a payment is open', () => expect(orderPhase(order())).toBe('open'));
  it('a paid order is paid', () => expect(orderPhase(order({ status: 'paid', provider: 'midtrans' }))).toBe('paid'));
  it('a confirmed proof is paid even before the order row says so', () =>
    expect(orderPhase(order({ payment: { id: 3, status: 'confirmed', alasanPenolakan: null } }))).toBe('paid'));
  it('a proof that waits is waiting, even once the order expired', () =>
    expect(orderPhase(order({ status: 'expired', payment: { id: 3, status: 'pending', alasanPenolakan: null } }))).toBe('waiting'));
  it('an expired order with a rejected proof must be renewed', () =>
    expect(orderPhase(order({ status: 'expired', payment: { id: 3, status: 'rejected', alasanPenolakan: 'x' } }))).toBe('expired'));
  it('an open order with a rejected proof can take another proof', () =>
    expect(orderPhase(order({ payment: { id: 3, status: 'rejected', alasanPenolakan: 'x' } }))).toBe('open'));
});

describe('orderPollingMs', () => {
  it('polls a gateway order often while it is open', () => expect(orderPollingMs(order({ provider: 'midtrans' }))).toBe(GATEWAY_POLL_MS));
  it('polls a manual order slowly while it is open', () => expect(orderPollingMs(order())).toBe(MANUAL_POLL_MS));
  it('stops once paid', () => expect(orderPollingMs(order({ provider: 'midtrans', status: 'paid' }))).toBe(0));
  it('stops once expired', () => expect(orderPollingMs(order({ provider: 'midtrans', status: 'expired' }))).toBe(0));
  it('stops while a proof waits for the admin', () =>
    expect(orderPollingMs(order({ payment: { id: 3, status: 'pending', alasanPenolakan: null } }))).toBe(0));
  it('does not poll without an order', () => expect(orderPollingMs(undefined)).toBe(0));
});
