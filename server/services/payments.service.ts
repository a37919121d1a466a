import { and, asc, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminPayment, AdminPaymentList, PaymentStatus, UserPayment } from '../../contract/payments.ts';
import { PROOF_REQUIRED } from '../../contract/payments.ts';
import type { Db } from '../db/client.ts';
import { paketSoal, payments, settings, users, type UserRow } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { activateIfIdle } from './access.service.ts';
import { assertNotArchived } from './content-guard.service.ts';
import { PAKET_NOT_FOUND } from './paket.service.ts';
import { mediaUrl, type Storage } from './storage.service.ts';

type PaymentRow = typeof payments.$inferSelect;

export const PAYMENT_PENDING_CONFLICT = 'Pembayaran untuk paket ini masih menunggu verifikasi admin.';
export const PAYMENT_NOT_FOUND = 'Data pembayaran tidak ditemukan.';
export const QR_SETTING_KEY = 'qr_payment_image';

function toUserPayment(p: PaymentRow): UserPayment {
  return {
    id: p.id,
    paket_soal_id: p.paketSoalId,
    nama_paket: p.namaPaket,
    amount: p.amount,
    status: p.status,
    alasanPenolakan: p.alasanPenolakan,
    alasan_penolakan: p.alasanPenolakan,
    buktiBayar: mediaUrl(p.bukti) ?? '',
    createdAt: p.createdAt.toISOString(),
    decidedAt: p.decidedAt?.toISOString() ?? null,
  };
}

/** True for PostgreSQL's unique_violation, whichever driver wrapped it. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

/**
 * POST /payment/upload: a proof for a published, paid package. The name and amount are the
 * package's at upload time (never the client's). One pending payment per user and package.
 */
export async function uploadPayment(
  db: Db,
  storage: Storage,
  user: UserRow,
  paketId: number,
  bukti: Buffer | undefined,
): Promise<UserPayment> {
  if (!bukti) throw badRequest(PROOF_REQUIRED);
  const [paket] = await db.select().from(paketSoal).where(eq(paketSoal.id, paketId)).limit(1);
  if (!paket) throw notFound(PAKET_NOT_FOUND);
  if (paket.status !== 'siap') throw badRequest('Paket soal ini belum tersedia, sehingga belum dapat dibeli.');
  await assertNotArchived(db, paket.id);
  if (paket.harga === 0) throw badRequest('Paket ini gratis, tidak perlu pembayaran. Silakan langsung klik Kerjakan Soal.');
  const pending = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, user.id), eq(payments.paketSoalId, paketId), eq(payments.status, 'pending')))
    .limit(1);
  if (pending.length > 0) throw conflict(PAYMENT_PENDING_CONFLICT);

  // Type and size are checked here (magic bytes, 5 MB) before anything is recorded.
  const file = await storage.write('proof', bukti);
  try {
    const row = await db.transaction(async (tx) => {
      await storage.record(tx, 'proof', file, { ownerUserId: user.id });
      const [created] = await tx
        .insert(payments)
        .values({ userId: user.id, paketSoalId: paket.id, namaPaket: paket.namaPaket, bukti: file.key, amount: paket.harga })
        .returning();
      return created!;
    });
    return toUserPayment(row);
  } catch (err) {
    await storage.removeFromDisk([file.key]);
    // Two uploads racing past the check above: the partial unique index decides.
    if (isUniqueViolation(err)) throw conflict(PAYMENT_PENDING_CONFLICT);
    throw err;
  }
}

/** GET /users/payment: the user's own payments, newest first. */
export async function listUserPayments(db: Db, userId: number): Promise<UserPayment[]> {
  const rows = await db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt), desc(payments.id));
  return rows.map(toUserPayment);
}

const decider = alias(users, 'decider');

async function adminRows(db: Db, where: SQL | undefined, limit: number, offset: number): Promise<AdminPayment[]> {
  const rows = await db
    .select({ payment: payments, nama: users.nama, nohp: users.nohp, decidedByNama: decider.nama })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(decider, eq(decider.id, payments.decidedBy))
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({
    ...toUserPayment(r.payment),
    userNohp: r.nohp,
    User: { nama: r.nama, nohp: r.nohp },
    decidedByNama: r.decidedByNama,
  }));
}

/** GET /admin/payments: every payment with its participant, newest first, optionally by status, paged. */
export async function listAdminPayments(
  db: Db,
  query: { status?: PaymentStatus | undefined; page: number; limit: number },
): Promise<AdminPaymentList> {
  const where = query.status ? eq(payments.status, query.status) : undefined;
  const [total] = await db.select({ n: count() }).from(payments).where(where);
  return {
    data: await adminRows(db, where, query.limit, (query.page - 1) * query.limit),
    total: Number(total?.n ?? 0),
    page: query.page,
    limit: query.limit,
  };
}

/**
 * PUT /admin/payments/{id}/status: only a pending payment is decided, once. Confirming grants one
 * attempt at the package: it becomes active now if the user is idle, otherwise it waits for
 * `activateNextPayment` after the current attempt.
 */
export async function decidePayment(
  db: Db,
  adminId: number,
  paymentId: number,
  decision: { status: 'confirmed' | 'rejected'; alasanPenolakan?: string | null | undefined },
): Promise<AdminPayment> {
  await db.transaction(async (tx) => {
    const [decided] = await tx
      .update(payments)
      .set({
        status: decision.status,
        alasanPenolakan: decision.status === 'rejected' ? (decision.alasanPenolakan ?? null) : null,
        decidedBy: adminId,
        decidedAt: new Date(),
      })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
      .returning();
    if (!decided) {
      const [exists] = await tx.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId)).limit(1);
      if (!exists) throw notFound(PAYMENT_NOT_FOUND);
      throw conflict(
        `Pembayaran ini sudah ${exists.status === 'confirmed' ? 'dikonfirmasi' : 'ditolak'} sebelumnya; hanya pembayaran yang menunggu verifikasi yang dapat diputuskan.`,
      );
    }
    if (decided.status === 'confirmed' && decided.paketSoalId !== null) {
      // Throwing here rolls the decision back: the payment stays pending, to be rejected.
      await assertNotArchived(tx, decided.paketSoalId);
      await activateIfIdle(tx, decided.userId, decided.paketSoalId);
    }
  });
  const [row] = await adminRows(db, eq(payments.id, paymentId), 1, 0);
  return row!;
}

/**
 * For the exam: call after an attempt has finished and the user's active package was cleared.
 * Picks the oldest confirmed payment whose attempt has not been started yet and makes its package
 * active. Clears nothing itself; returns the package id made active, or null when none waits.
 */
export async function activateNextPayment(db: Db, userId: number): Promise<number | null> {
  const [next] = await db
    .select({ paketSoalId: payments.paketSoalId })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'confirmed'), isNull(payments.consumedAt), isNotNull(payments.paketSoalId)))
    .orderBy(asc(payments.decidedAt), asc(payments.id))
    .limit(1);
  if (!next?.paketSoalId) return null;
  await db.update(users).set({ paketSoalIdAktif: next.paketSoalId, updatedAt: new Date() }).where(eq(users.id, userId));
  return next.paketSoalId;
}

/**
 * For the exam: call when an attempt at `paketId` starts. Marks the oldest confirmed, unused
 * payment for it as consumed (one attempt per payment) and returns its id for
 * exam_attempts.payment_id; null when none (a free package).
 */
export async function consumePayment(db: Db, userId: number, paketId: number): Promise<number | null> {
  const [used] = await db
    .update(payments)
    .set({ consumedAt: new Date() })
    .where(
      eq(
        payments.id,
        sql`(select ${payments.id} from ${payments} where ${payments.userId} = ${userId} and ${payments.paketSoalId} = ${paketId}
          and ${payments.status} = 'confirmed' and ${payments.consumedAt} is null order by ${payments.decidedAt} asc, ${payments.id} asc limit 1)`,
      ),
    )
    .returning({ id: payments.id });
  return used?.id ?? null;
}

/** GET /settings/qr-payment: URL of the QR-payment image, or null when none is configured. */
export async function getQrPaymentUrl(db: Db): Promise<string | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, QR_SETTING_KEY)).limit(1);
  return mediaUrl(row?.value);
}

/** PUT /admin/settings/qr-payment: stores the new image and replaces the old one (its bytes go after the commit). */
export async function setQrPayment(db: Db, storage: Storage, image: Buffer | undefined): Promise<string> {
  if (!image) throw badRequest('Mohon pilih gambar QR pembayaran terlebih dahulu.');
  const file = await storage.write('qr', image);
  let previous: string | undefined;
  try {
    await db.transaction(async (tx) => {
      const [old] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, QR_SETTING_KEY)).limit(1);
      previous = old?.value;
      await storage.record(tx, 'qr', file);
      await tx
        .insert(settings)
        .values({ key: QR_SETTING_KEY, value: file.key })
        .onConflictDoUpdate({ target: settings.key, set: { value: file.key, updatedAt: new Date() } });
      if (previous) await storage.forget(tx, [previous]);
    });
  } catch (err) {
    await storage.removeFromDisk([file.key]);
    throw err;
  }
  if (previous) await storage.removeFromDisk([previous]);
  return mediaUrl(file.key)!;
}
