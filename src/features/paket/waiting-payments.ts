import type { UserPayment } from '../../../contract/payments.ts';

/** The packages whose payment waits for an admin: their card shows that instead of 'Kerjakan Soal'. */
export function waitingPaketIds(payments: Pick<UserPayment, 'paket_soal_id' | 'status'>[] | undefined): Set<number> {
  const ids = new Set<number>();
  for (const p of payments ?? []) {
    if (p.status === 'pending' && p.paket_soal_id !== null) ids.add(p.paket_soal_id);
  }
  return ids;
}
