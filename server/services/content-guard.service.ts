import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { examAttempts, paketSoal, payments, users } from '../db/schema.ts';
import { conflict } from '../errors.ts';

/**
 * The owner of the rules that keep admin actions from hurting learners (docs/decisions/009):
 * content a running attempt reads is never changed under it, and a package someone paid for or is
 * sitting is never archived. Every content mutation calls one of these first.
 */

/**
 * Unfinished attempts on the package. An attempt left in the middle counts too: its learner may come
 * back to the next section (or be finished from the draft), and both read the package as it was.
 */
export async function runningAttempts(db: Db, paketId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(examAttempts)
    .where(and(eq(examAttempts.paketSoalId, paketId), isNull(examAttempts.finishedAt)));
  return Number(row?.n ?? 0);
}

export const runningAttemptMessage = (n: number): string =>
  `Paket ini sedang dikerjakan oleh ${n} peserta. Soal, bacaan, audio, dan durasinya tidak dapat diubah sampai ujian mereka selesai, ` +
  'agar ujian yang sedang berjalan tidak rusak. Untuk memperbaiki sekarang: salin paket ini, perbaiki salinannya, ' +
  'tandai salinan siap, lalu arsipkan paket ini.';

/**
 * Refuses (409) a change to what a running attempt reads: questions, passages, media, durations.
 * Call before any write, so a refused change leaves nothing behind.
 */
export async function assertNoRunningAttempt(db: Db, paketId: number): Promise<void> {
  const n = await runningAttempts(db, paketId);
  if (n > 0) throw conflict(runningAttemptMessage(n));
}

/**
 * Refuses (409) archiving a package a learner is sitting, holds as their active package, waits on a
 * payment decision for, or has paid for and not used yet: archiving would take away what they paid for.
 */
export async function assertArchivable(db: Db, paketId: number): Promise<void> {
  const running = await runningAttempts(db, paketId);
  if (running > 0) {
    throw conflict(
      `Paket ini sedang dikerjakan oleh ${running} peserta, sehingga belum dapat diarsipkan. Coba lagi setelah ujian mereka selesai.`,
    );
  }
  const [paid] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${payments.status} = 'pending')`,
      unused: sql<number>`count(*) filter (where ${payments.status} = 'confirmed' and ${payments.consumedAt} is null)`,
    })
    .from(payments)
    .where(and(eq(payments.paketSoalId, paketId), or(eq(payments.status, 'pending'), eq(payments.status, 'confirmed'))));
  const pending = Number(paid?.pending ?? 0);
  if (pending > 0) {
    throw conflict(
      `Paket ini memiliki ${pending} pembayaran yang menunggu verifikasi, sehingga belum dapat diarsipkan. Konfirmasi atau tolak pembayaran itu terlebih dahulu.`,
    );
  }
  const [holders] = await db
    .select({ n: sql<number>`count(*)` })
    .from(users)
    .where(eq(users.paketSoalIdAktif, paketId));
  const unused = Math.max(Number(paid?.unused ?? 0), Number(holders?.n ?? 0));
  if (unused > 0) {
    throw conflict(
      `Paket ini sudah dibayar atau diaktifkan oleh ${unused} peserta yang belum mengerjakannya, sehingga belum dapat diarsipkan.`,
    );
  }
}

export const ARCHIVED_PAKET_MESSAGE = 'Paket soal ini sudah diarsipkan, sehingga tidak dapat dibeli atau dikonfirmasi.';

/** Refuses (409) selling or granting an archived package (a payment upload, a confirmation). */
export async function assertNotArchived(db: Db, paketId: number): Promise<void> {
  const [row] = await db.select({ archivedAt: paketSoal.archivedAt }).from(paketSoal).where(eq(paketSoal.id, paketId)).limit(1);
  if (row?.archivedAt) throw conflict(ARCHIVED_PAKET_MESSAGE);
}
