import { describe, expect, it } from 'vitest';
import { paymentActions } from './payment-actions.ts';

describe('paymentActions', () => {
  it('a waiting proof can be confirmed or rejected, nothing else', () =>
    expect(paymentActions({ status: 'pending', reversible: false })).toEqual({ decide: true, reverse: false, reopen: false }));
  it('an unused confirmation can be reversed', () =>
    expect(paymentActions({ status: 'confirmed', reversible: true })).toEqual({ decide: false, reverse: true, reopen: false }));
  it('a confirmation whose attempt started cannot be reversed', () =>
    expect(paymentActions({ status: 'confirmed', reversible: false })).toEqual({ decide: false, reverse: false, reopen: false }));
  it('a rejection can be reopened', () =>
    expect(paymentActions({ status: 'rejected', reversible: false })).toEqual({ decide: false, reverse: false, reopen: true }));
});
