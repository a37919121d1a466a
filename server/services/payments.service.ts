import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminPayment, AdminPaymentList, PaymentDecision, PaymentStatus, UserPayment } from '../../contract/payments.ts';
import { PROOF_REQUIRED } from '../../contract/payments.ts';
import { normalizePhone } from '../../contract/phone.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { examAttempts, paketSoal, paymentDecisions, paymentOrders, payments, settings, users, type UserRow } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { activateIfIdle } from './access.service.ts';
import { assertNotArchived } from './content-guard.service.ts';
import { decodeImage } from './image-decode.service.ts';
import type { Mailer } from './mail.service.ts';
import { PAKET_NOT_FOUND } from './paket.service.ts';
import {
  CANDIDATE_MAX_DISTANCE,
  dHash,
  greyGrid,
  hammingDistance,
  hasStructure,
  SAME_PROOF_MAX_DISTANCE,
  sameGrid,
} from './proof-hash.service.ts';
import { mediaUrl, type Storage } from './storage.service.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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

/**
 * The earlier payment whose proof is the same picture as this one (any learner): a dHash within
 * reach, then the grey grid (proof-hash.service); the nearest dHash wins. A proof stored before the
 * grid was kept is judged by its dHash alone. Linear over the stored hashes: thousands of proofs a
 * year, not millions.
 */
async function earlierLookalike(db: Db, proof: { hash: string; grid: string }): Promise<number | null> {
  const rows = await db.select({ id: payments.id, hash: payments.proofHash }).from(payments).where(isNotNull(payments.proofHash));
  const candidates = rows
    .map((r) => ({ id: r.id, distance: hammingDistance(proof.hash, r.hash!) }))
    .filter((r) => r.distance <= CANDIDATE_MAX_DISTANCE)
    .sort((a, b) => a.distance - b.distance || a.id - b.id);
  if (candidates.length === 0) return null;
  const grids = new Map(
    (
      await db
        .select({ id: payments.id, grid: payments.proofGrid })
        .from(payments)
        .where(
          inArray(
            payments.id,
            candidates.map((c) => c.id),
          ),
        )
    ).map((r) => [r.id, r.grid]),
  );
  const same = candidates.find((c) => {
    const grid = grids.get(c.id);
    return grid ? sameGrid(proof.grid, grid) : c.distance <= SAME_PROOF_MAX_DISTANCE;
  });
  return same?.id ?? null;
}

/**
 * POST /payment/upload: a proof for a published, paid package. The name and amount are the
 * package's at upload time (never the client's), or the exact amount of the learner's newest
 * unpaid order for it. One pending payment per user and package. The proof's perceptual hash is
 * kept and compared with every earlier proof; WebP proofs cannot be decoded here and are stored
 * unchecked (the admin table says so), and so are flat pictures with nothing to compare.
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

  // Decoded first: a picture too large to decode is refused (400) before anything is written.
  const pixels = await decodeImage(bukti);
  // Type and size are checked here (magic bytes, 5 MB) before anything is recorded.
  const file = await storage.write('proof', bukti);
  const hash = pixels ? dHash(pixels) : null;
  const proof = pixels && hash && hasStructure(hash) ? { hash, grid: greyGrid(pixels) } : null;
  const duplicateOfId = proof ? await earlierLookalike(db, proof) : null;
  const [order] = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.userId, user.id),
        eq(paymentOrders.paketSoalId, paketId),
        eq(paymentOrders.provider, 'qris'),
        ne(paymentOrders.status, 'paid'),
      ),
    )
    .orderBy(desc(paymentOrders.id))
    .limit(1);
  try {
    const row = await db.transaction(async (tx) => {
      await storage.record(tx, 'proof', file, { ownerUserId: user.id });
      const [created] = await tx
        .insert(payments)
        .values({
          userId: user.id,
          paketSoalId: paket.id,
          namaPaket: paket.namaPaket,
          bukti: file.key,
          amount: order?.amount ?? paket.harga,
          orderId: order?.id ?? null,
          proofHash: proof?.hash ?? null,
          proofGrid: proof?.grid ?? null,
          duplicateOfId,
        })
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
const earlier = alias(payments, 'earlier');
const earlierUser = alias(users, 'earlier_user');

async function decisionsOf(db: Db, ids: number[]): Promise<Map<number, PaymentDecision[]>> {
  const out = new Map<number, PaymentDecision[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ paymentId: paymentDecisions.paymentId, d: paymentDecisions, byNama: users.nama })
    .from(paymentDecisions)
    .leftJoin(users, eq(users.id, paymentDecisions.adminId))
    .where(inArray(paymentDecisions.paymentId, ids))
    .orderBy(asc(paymentDecisions.createdAt), asc(paymentDecisions.id));
  for (const r of rows) {
    const list = out.get(r.paymentId) ?? [];
    list.push({
      action: r.d.action,
      byNama: r.d.adminId === null ? null : (r.byNama ?? 'Admin (dihapus)'),
      reason: r.d.reason,
      at: r.d.createdAt.toISOString(),
    });
    out.set(r.paymentId, list);
  }
  return out;
}

async function adminRows(db: Db, where: SQL | undefined, limit: number, offset: number): Promise<AdminPayment[]> {
  const rows = await db
    .select({
      payment: payments,
      nama: users.nama,
      nohp: users.nohp,
      decidedByNama: decider.nama,
      uniqueCode: paymentOrders.uniqueCode,
      earlierId: earlier.id,
      earlierNama: earlierUser.nama,
      earlierAt: earlier.createdAt,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(decider, eq(decider.id, payments.decidedBy))
    .leftJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
    .leftJoin(earlier, eq(earlier.id, payments.duplicateOfId))
    .leftJoin(earlierUser, eq(earlierUser.id, earlier.userId))
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit)
    .offset(offset);
  const decisions = await decisionsOf(
    db,
    rows.map((r) => r.payment.id),
  );
  return rows.map((r) => ({
    ...toUserPayment(r.payment),
    userNohp: r.nohp,
    User: { nama: r.nama, nohp: r.nohp },
    decidedByNama: r.decidedByNama,
    uniqueCode: r.uniqueCode ?? null,
    viaGateway: r.payment.bukti === null,
    proofChecked: r.payment.proofHash !== null,
    duplicateOf: r.earlierId !== null ? { id: r.earlierId, nama: r.earlierNama ?? '', createdAt: r.earlierAt!.toISOString() } : null,
    decisions: decisions.get(r.payment.id) ?? [],
    reversible: r.payment.status === 'confirmed' && r.payment.consumedAt === null,
  }));
}

/** GET /admin/payments: every payment with its participant, newest first, by status and name or phone, paged. */
export async function listAdminPayments(
  db: Db,
  query: { status?: PaymentStatus | undefined; q?: string | undefined; page: number; limit: number },
): Promise<AdminPaymentList> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(payments.status, query.status));
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = normalizePhone(query.q);
    const byName = sql`${users.nama} ilike ${like}`;
    filters.push(/^\d{3,}$/.test(digits) ? or(byName, sql`${users.nohp} like ${`%${digits}%`}`)! : byName);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [total] = await db.select({ n: count() }).from(payments).innerJoin(users, eq(users.id, payments.userId)).where(where);
  return {
    data: await adminRows(db, where, query.limit, (query.page - 1) * query.limit),
    total: Number(total?.n ?? 0),
    page: query.page,
    limit: query.limit,
  };
}

/** Records one decision (who, what, why, when). The audit log of admin actions hooks in here. */
async function recordDecision(tx: Tx, paymentId: number, action: PaymentDecision['action'], adminId: number | null, reason: string | null) {
  await tx.insert(paymentDecisions).values({ paymentId, action, adminId, reason });
}

const statusWord = (status: string) =>
  status === 'confirmed' ? 'dikonfirmasi' : status === 'rejected' ? 'ditolak' : 'menunggu verifikasi';

/** Tells the learner by e-mail (when configured); a mail failure is logged, never fails the decision. */
export function mailDecision(
  db: Db,
  mailer: Mailer | undefined,
  log: { warn: (obj: object, msg: string) => void },
  paymentId: number,
  appName: string,
): void {
  if (!mailer) return;
  void (async () => {
    const [row] = await db
      .select({ p: payments, email: users.email, nama: users.nama })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(eq(payments.id, paymentId));
    if (!row || row.p.status === 'pending') return;
    const confirmed = row.p.status === 'confirmed';
    await mailer.send({
      to: row.email,
      subject: confirmed ? `${appName}: Pembayaran diterima` : `${appName}: Pembayaran ditolak`,
      text: confirmed
        ? `Halo ${row.nama},\n\nPembayaran Anda untuk ${row.p.namaPaket} sebesar Rp${row.p.amount.toLocaleString('id-ID')} sudah diterima. Paket dapat dikerjakan dari halaman Simulasi.\n`
        : `Halo ${row.nama},\n\nPembayaran Anda untuk ${row.p.namaPaket} ditolak. Alasan: ${row.p.alasanPenolakan ?? '-'}\n`,
    });
  })().catch((err: unknown) => log.warn({ err, paymentId }, 'payment e-mail not sent'));
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
        learnerSeenAt: null,
      })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
      .returning();
    if (!decided) {
      const [exists] = await tx.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId)).limit(1);
      if (!exists) throw notFound(PAYMENT_NOT_FOUND);
      throw conflict(
        `Pembayaran ini sudah ${statusWord(exists.status)} sebelumnya; hanya pembayaran yang menunggu verifikasi yang dapat diputuskan.`,
      );
    }
    await recordDecision(tx, paymentId, decision.status, adminId, decided.alasanPenolakan);
    if (decided.status === 'confirmed') {
      // The order is settled: its unique code is free for someone else.
      if (decided.orderId !== null) {
        await tx.update(paymentOrders).set({ status: 'paid', paidAt: new Date() }).where(eq(paymentOrders.id, decided.orderId));
      }
      if (decided.paketSoalId !== null) {
        // Throwing here rolls the decision back: the payment stays pending, to be rejected.
        await assertNotArchived(tx, decided.paketSoalId);
        await activateIfIdle(tx, decided.userId, decided.paketSoalId);
      }
    }
  });
  const [row] = await adminRows(db, eq(payments.id, paymentId), 1, 0);
  return row!;
}

/**
 * The package a user sits next: that of the oldest confirmed payment whose attempt has not started
 * yet, or null. A scalar subquery, so the final submission can clear the finished package and
 * activate the next one in the statement that updates the user; `activateNextPayment` reads it too.
 */
export function nextPaidPackage(userId: number): SQL<number | null> {
  const waiting = and(
    eq(payments.userId, userId),
    eq(payments.status, 'confirmed'),
    isNull(payments.consumedAt),
    isNotNull(payments.paketSoalId),
  );
  return sql<number | null>`(select ${payments.paketSoalId} from ${payments} where ${waiting}
    order by ${payments.decidedAt} asc, ${payments.id} asc limit 1)`;
}

/**
 * For the exam: call after an attempt has finished and the user's active package was cleared.
 * Picks the oldest confirmed payment whose attempt has not been started yet and makes its package
 * active. Clears nothing itself; returns the package id made active, or null when none waits.
 */
export async function activateNextPayment(db: Db, userId: number): Promise<number | null> {
  const [next] = await db
    .select({ paketSoalId: nextPaidPackage(userId) })
    .from(users)
    .where(eq(users.id, userId));
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

export const NOT_REVERSIBLE = 'Hanya konfirmasi yang paketnya belum mulai dikerjakan yang dapat dibatalkan.';
export const NOT_REOPENABLE = 'Hanya pembayaran yang ditolak yang dapat dibuka kembali.';

/**
 * POST /admin/payments/{id}/reverse: a confirmation whose attempt has not started is taken back
 * (the payment becomes rejected with the reason, which the learner sees). The package stops being
 * the learner's active one unless another unused confirmation grants it; the next waiting
 * package, if any, takes its place. Conditional on consumed_at being null, so a reversal and an
 * exam start cannot both win.
 */
export async function reversePayment(db: Db, adminId: number, paymentId: number, alasan: string): Promise<AdminPayment> {
  await db.transaction(async (tx) => {
    const [reversed] = await tx
      .update(payments)
      .set({ status: 'rejected', alasanPenolakan: alasan, decidedBy: adminId, decidedAt: new Date(), learnerSeenAt: null })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'confirmed'), isNull(payments.consumedAt)))
      .returning();
    if (!reversed) {
      const [exists] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, paymentId)).limit(1);
      if (!exists) throw notFound(PAYMENT_NOT_FOUND);
      throw conflict(NOT_REVERSIBLE);
    }
    await recordDecision(tx, paymentId, 'reversed', adminId, alasan);
    if (reversed.paketSoalId === null) return;
    const [stillGranted] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.userId, reversed.userId),
          eq(payments.paketSoalId, reversed.paketSoalId),
          eq(payments.status, 'confirmed'),
          isNull(payments.consumedAt),
        ),
      )
      .limit(1);
    const [open] = await tx
      .select({ id: examAttempts.id })
      .from(examAttempts)
      .where(and(eq(examAttempts.userId, reversed.userId), isNull(examAttempts.finishedAt)))
      .limit(1);
    if (stillGranted || open) return;
    const cleared = await tx
      .update(users)
      .set({ paketSoalIdAktif: null, updatedAt: new Date() })
      .where(and(eq(users.id, reversed.userId), eq(users.paketSoalIdAktif, reversed.paketSoalId)))
      .returning({ id: users.id });
    if (cleared.length > 0) await activateNextPayment(tx, reversed.userId);
  });
  const [row] = await adminRows(db, eq(payments.id, paymentId), 1, 0);
  return row!;
}

/** POST /admin/payments/{id}/reopen: a rejection goes back to waiting for a decision. */
export async function reopenPayment(db: Db, adminId: number, paymentId: number): Promise<AdminPayment> {
  // A rejection of an archived package stays decided: reopened, it could never be confirmed.
  const [target] = await db.select({ paketId: payments.paketSoalId }).from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (target?.paketId) await assertNotArchived(db, target.paketId);
  try {
    await db.transaction(async (tx) => {
      const [reopened] = await tx
        .update(payments)
        .set({ status: 'pending', alasanPenolakan: null, decidedBy: null, decidedAt: null })
        .where(and(eq(payments.id, paymentId), eq(payments.status, 'rejected')))
        .returning({ id: payments.id });
      if (!reopened) {
        const [exists] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, paymentId)).limit(1);
        if (!exists) throw notFound(PAYMENT_NOT_FOUND);
        throw conflict(NOT_REOPENABLE);
      }
      await recordDecision(tx, paymentId, 'reopened', adminId, null);
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw conflict('Peserta ini sudah punya pembayaran lain untuk paket yang sama yang menunggu verifikasi; putuskan yang itu dulu.');
    }
    throw err;
  }
  const [row] = await adminRows(db, eq(payments.id, paymentId), 1, 0);
  return row!;
}

/**
 * A gateway settled an order: one confirmed payment, with nobody's action. Idempotent: the order
 * moves to paid only once (conditional update), so a replayed notification confirms nothing.
 * An order we had already marked expired is still honoured (the money did arrive).
 * Returns the new payment's id, or null when the order was already paid.
 */
export async function confirmFromGateway(db: Db, orderId: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(paymentOrders)
      .set({ status: 'paid', paidAt: new Date() })
      .where(and(eq(paymentOrders.id, orderId), ne(paymentOrders.status, 'paid')))
      .returning();
    if (!order) return null;
    const [paket] = order.paketSoalId
      ? await tx.select({ nama: paketSoal.namaPaket }).from(paketSoal).where(eq(paketSoal.id, order.paketSoalId))
      : [];
    const [created] = await tx
      .insert(payments)
      .values({
        userId: order.userId,
        paketSoalId: order.paketSoalId,
        namaPaket: paket?.nama ?? 'Paket dihapus',
        bukti: null,
        amount: order.amount,
        orderId: order.id,
        status: 'confirmed',
        decidedAt: new Date(),
      })
      .returning({ id: payments.id });
    await recordDecision(tx, created!.id, 'confirmed', null, null);
    if (order.paketSoalId !== null) await activateIfIdle(tx, order.userId, order.paketSoalId);
    return created!.id;
  });
}

/** GET /users/payment/updates: decided payments the learner has not been shown yet (header badge). */
export async function listPaymentUpdates(db: Db, userId: number): Promise<UserPayment[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), ne(payments.status, 'pending'), isNull(payments.learnerSeenAt), isNotNull(payments.decidedAt)))
    .orderBy(desc(payments.decidedAt));
  return rows.map(toUserPayment);
}

/** POST /users/payment/updates/seen: the learner has read them. Only decisions made before now are marked. */
export async function markPaymentUpdatesSeen(db: Db, userId: number): Promise<number> {
  const now = new Date();
  const rows = await db
    .update(payments)
    .set({ learnerSeenAt: now })
    .where(
      and(
        eq(payments.userId, userId),
        ne(payments.status, 'pending'),
        isNull(payments.learnerSeenAt),
        lt(payments.decidedAt, new Date(now.getTime() + 1)),
      ),
    )
    .returning({ id: payments.id });
  return rows.length;
}
