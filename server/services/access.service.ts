import { and, desc, eq, isNull, notExists } from 'drizzle-orm';
import type { CekAksesPaketResponse, CekAksesResponse } from '../../contract/payments.ts';
import type { Db } from '../db/client.ts';
import { examAttempts, paketSoal, payments, users, type UserRow } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { PAKET_NOT_FOUND } from './paket.service.ts';

/**
 * Whether a user may read a package's media (listening audio, passage images): admins always;
 * participants while the package is their active one, or once they have an attempt on it (open,
 * or finished: the answer review shows the passages again).
 */
export async function canUsePackageMedia(db: Db, user: UserRow, paketId: number | null): Promise<boolean> {
  if (user.role === 'Admin') return true;
  if (paketId === null) return false;
  if (user.paketSoalIdAktif === paketId) return true;
  const attempt = await db
    .select({ id: examAttempts.id })
    .from(examAttempts)
    .where(and(eq(examAttempts.userId, user.id), eq(examAttempts.paketSoalId, paketId)))
    .limit(1);
  return attempt.length > 0;
}

/** The package of the user's open (unfinished) attempt, if any. */
export async function openAttemptPaketId(db: Db, userId: number): Promise<{ paketSoalId: number | null } | null> {
  const rows = await db
    .select({ paketSoalId: examAttempts.paketSoalId })
    .from(examAttempts)
    .where(and(eq(examAttempts.userId, userId), isNull(examAttempts.finishedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Makes `paketId` the user's active package only if they have none and no open attempt (one
 * package at a time). One conditional UPDATE, so two concurrent grants cannot both win.
 * Returns whether it became active.
 */
export async function activateIfIdle(db: Db, userId: number, paketId: number): Promise<boolean> {
  const open = db
    .select({ id: examAttempts.id })
    .from(examAttempts)
    .where(and(eq(examAttempts.userId, userId), isNull(examAttempts.finishedAt)));
  const done = await db
    .update(users)
    .set({ paketSoalIdAktif: paketId, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.paketSoalIdAktif), notExists(open)))
    .returning({ id: users.id });
  return done.length > 0;
}

/** GET /users/cek-akses: the package the user may sit now (an open attempt's package first). */
export async function cekAkses(db: Db, user: UserRow): Promise<CekAksesResponse> {
  const open = await openAttemptPaketId(db, user.id);
  const paketId = open?.paketSoalId ?? user.paketSoalIdAktif ?? null;
  return { bolehAkses: paketId !== null, paketId };
}

const namaOf = async (db: Db, paketId: number | null): Promise<string> => {
  if (paketId === null) return 'yang sedang aktif';
  const [row] = await db.select({ nama: paketSoal.namaPaket }).from(paketSoal).where(eq(paketSoal.id, paketId)).limit(1);
  return row ? `"${row.nama}"` : 'yang sedang aktif';
};

/**
 * GET /users/cek-akses/{paketId} (spec section 4). In order: the active package or an open
 * attempt on it -> access; a free package -> access (made active when the user is idle); a
 * pending payment -> wait for the admin; a confirmed payment not yet used -> access when idle,
 * else wait for the active package to be finished; the newest rejection -> its reason; else pay.
 */
export async function cekAksesPaket(db: Db, user: UserRow, paketId: number): Promise<CekAksesPaketResponse> {
  const [paket] = await db.select().from(paketSoal).where(eq(paketSoal.id, paketId)).limit(1);
  if (!paket) throw notFound(PAKET_NOT_FOUND);
  const open = await openAttemptPaketId(db, user.id);
  const base = { paketId, harga: paket.harga };
  const activeId = open ? open.paketSoalId : user.paketSoalIdAktif;
  if (activeId === paketId) {
    return { ...base, bolehAkses: true, pending: false, alasan: null, status: 'aktif', paketAktifId: paketId };
  }
  // An archived package is gone for everyone but those already sitting it.
  if (paket.archivedAt) throw notFound(PAKET_NOT_FOUND);
  // Someone else's turn: an open attempt (even on a deleted package) or another active package.
  const busy = open !== null || user.paketSoalIdAktif !== null;
  const finishFirst = async (prefix: string) =>
    `${prefix}Selesaikan dulu paket ${await namaOf(db, activeId)} yang sedang aktif, setelah itu paket ini bisa dikerjakan.`;

  if (paket.harga === 0 && paket.status === 'siap') {
    if (!busy && (await activateIfIdle(db, user.id, paketId))) {
      return { ...base, bolehAkses: true, pending: false, alasan: null, status: 'gratis', paketAktifId: paketId };
    }
    return { ...base, bolehAkses: false, pending: true, alasan: await finishFirst(''), status: 'menunggu_giliran', paketAktifId: activeId };
  }

  const mine = await db
    .select({ status: payments.status, consumedAt: payments.consumedAt, alasan: payments.alasanPenolakan })
    .from(payments)
    .where(and(eq(payments.userId, user.id), eq(payments.paketSoalId, paketId)))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  if (mine.some((p) => p.status === 'pending')) {
    return { ...base, bolehAkses: false, pending: true, alasan: PENDING_REASON, status: 'menunggu_verifikasi', paketAktifId: activeId };
  }
  if (mine.some((p) => p.status === 'confirmed' && p.consumedAt === null)) {
    // Normally activated when confirmed or when the previous attempt ended; this heals a missed step.
    if (!busy && (await activateIfIdle(db, user.id, paketId))) {
      return { ...base, bolehAkses: true, pending: false, alasan: null, status: 'aktif', paketAktifId: paketId };
    }
    return {
      ...base,
      bolehAkses: false,
      pending: true,
      alasan: await finishFirst('Pembayaran Anda sudah diterima. '),
      status: 'menunggu_giliran',
      paketAktifId: activeId,
    };
  }
  const newest = mine[0];
  if (newest?.status === 'rejected') {
    return {
      ...base,
      bolehAkses: false,
      pending: false,
      alasan: `Pembayaran ditolak. Alasan: ${newest.alasan ?? '-'}`,
      status: 'ditolak',
      paketAktifId: activeId,
    };
  }
  return { ...base, bolehAkses: false, pending: false, alasan: null, status: 'belum_bayar', paketAktifId: activeId };
}

export const PENDING_REASON = 'Pembayaran Anda sedang diverifikasi admin.';
