import { describe, expect, it } from 'vitest';
import { waitingPaketIds } from './waiting-payments.ts';

describe('waitingPaketIds', () => {
  it('holds the packages of pending payments only', () => {
    const ids = waitingPaketIds([
      { paket_soal_id: 1, status: 'pending' },
      { paket_soal_id: 2, status: 'confirmed' },
      { paket_soal_id: 3, status: 'rejected' },
      { paket_soal_id: null, status: 'pending' },
    ]);
    expect([...ids]).toEqual([1]);
  });
  it('is empty before the payments load', () => expect(waitingPaketIds(undefined).size).toBe(0));
});
