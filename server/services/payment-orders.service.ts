import { randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, lte, not, sql } from 'drizzle-orm';
import type { PaymentOrder, QrisSetting, SetupStatus } from '../../contract/payments.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { gatewayNotifications, paketSoal, paymentOrders, payments, settings, users, type UserRow } from '../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../errors.ts';
import { onFirstUse } from '../first-use.ts';
import { decodeImage } from './image-decode.service.ts';
import { PAKET_NOT_FOUND } from './paket.service.ts';
import { GatewayError, type PaymentGateway } from './payment-gateway.service.ts';
import { confirmFromGateway, PAYMENT_PENDING_CONFLICT, QR_SETTING_KEY } from './payments.service.ts';
import { buildDynamicQris, parseStaticQris, QrisError } from './qris.service.ts';

// jsqr is CommonJS with an ES-style default in its types; Node hands us module.exports (also callable as .default).
type JsQr = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
const loadJsQr = onFirstUse(() => import('jsqr').then((m) => (m.default as unknown as { default: JsQr }).default));

export const QRIS_SETTING_KEY = 'qris_payload';
/** Stored by the server at boot: the hash of the admin password it set (generated or ADMIN_PASSWORD). */
export const INITIAL_ADMIN_HASH_KEY = 'admin_initial_password_hash';
/** The unique code's range: small enough not to matter to the learner, wide enough for many open orders. */
export const UNIQUE_CODE_MIN = 1;
export const UNIQUE_CODE_MAX = 999;
export const ORDER_NOT_FOUND = 'Pesanan pembayaran tidak ditemukan.';
export const ORDERS_UNAVAILABLE = 'Pembayaran QRIS dengan nominal pasti belum disiapkan admin. Gunakan QR pembayaran dan unggah bukti.';

type OrderRow = typeof paymentOrders.$inferSelect;

async function readSetting(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
  return row?.value;
}

async function writeSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/** GET /admin/settings/qris. */
export async function getQrisSetting(db: Db): Promise<QrisSetting> {
  const payload = (await readSetting(db, QRIS_SETTING_KEY)) ?? null;
  if (!payload) return { payload: null, merchantName: null, merchantCity: null };
  const parsed = parseStaticQris(payload);
  return { payload, merchantName: parsed.merchantName, merchantCity: parsed.merchantCity };
}

/** Reads a QR code from PNG/JPEG bytes (the merchant's printed QRIS, photographed or downloaded). */
export async function readQrImage(bytes: Buffer): Promise<string> {
  const jsQR = await loadJsQr();
  const image = await decodeImage(bytes);
  if (!image) throw badRequest('Gambar QRIS harus berupa PNG atau JPEG yang dapat dibaca.');
  const found = jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength), image.width, image.height);
  if (!found) throw badRequest('Kode QR tidak terbaca pada gambar. Gunakan gambar QRIS yang tajam dan utuh, atau tempel payload-nya.');
  return found.data;
}

/** PUT /admin/settings/qris: validates the merchant's static QRIS and stores it. */
export async function setQrisSetting(db: Db, payload: string): Promise<QrisSetting> {
  let parsed;
  try {
    parsed = parseStaticQris(payload);
  } catch (err) {
    if (err instanceof QrisError) throw badRequest(err.message);
    throw err;
  }
  await writeSetting(db, QRIS_SETTING_KEY, parsed.payload);
  return { payload: parsed.payload, merchantName: parsed.merchantName, merchantCity: parsed.merchantCity };
}

/**
 * DELETE /admin/settings/qris: no exact-amount orders from now on (learners are back to the static
 * QR image and a proof); orders already made keep their QR and code until they expire.
 */
export async function clearQrisSetting(db: Db): Promise<QrisSetting> {
  await db.delete(settings).where(eq(settings.key, QRIS_SETTING_KEY));
  return { payload: null, merchantName: null, merchantCity: null };
}

/** The order's proof waits for the admin: it keeps its code (the amount on the bank statement) however long the decision takes. */
const proofWaits = sql`exists (select 1 from ${payments} where ${payments.orderId} = ${paymentOrders.id} and ${payments.status} = 'pending')`;

/**
 * Orders past their expiry are closed, which frees their unique codes; not while a proof for the
 * order waits, or a new order could draw the same code and two waiting proofs show one amount.
 */
async function expireStale(db: Db, now: Date): Promise<void> {
  await db
    .update(paymentOrders)
    .set({ status: 'expired' })
    .where(and(eq(paymentOrders.status, 'open'), lte(paymentOrders.expiresAt, now), not(proofWaits)));
}

async function toOrder(db: Db, row: OrderRow, now: Date): Promise<PaymentOrder> {
  const [payment] = await db
    .select({ id: payments.id, status: payments.status, alasanPenolakan: payments.alasanPenolakan })
    .from(payments)
    .where(eq(payments.orderId, row.id))
    .orderBy(desc(payments.id))
    .limit(1);
  return {
    id: row.id,
    paket_soal_id: row.paketSoalId,
    harga: row.harga,
    amount: row.amount,
    uniqueCode: row.uniqueCode,
    qris: row.qris,
    expiresAt: row.expiresAt.toISOString(),
    status: row.status === 'open' && row.expiresAt <= now && payment?.status !== 'pending' ? 'expired' : row.status,
    provider: row.provider,
    payment: payment ?? null,
  };
}

export interface OrderDeps {
  db: Db;
  clock: Clock;
  gateway: PaymentGateway | undefined;
  orderMs: number;
}

/**
 * POST /payment/order: the learner's open order for a package, or a new one. Manual QRIS: the
 * price plus a unique code (1-999) no other open order holds, drawn at random among the free
 * ones; the partial unique index settles a race (we retry). Gateway: a charge at the gateway
 * under a fresh order id. An expired order is replaced (renewal) by a new one with a new code.
 */
export async function createOrder(deps: OrderDeps, user: UserRow, paketId: number): Promise<PaymentOrder> {
  const { db, clock, gateway } = deps;
  const [paket] = await db.select().from(paketSoal).where(eq(paketSoal.id, paketId)).limit(1);
  if (!paket) throw notFound(PAKET_NOT_FOUND);
  if (paket.status !== 'siap') throw badRequest('Paket soal ini belum tersedia, sehingga belum dapat dibeli.');
  if (paket.harga === 0) throw badRequest('Paket ini gratis, tidak perlu pembayaran. Silakan langsung klik Kerjakan Soal.');
  const pending = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, user.id), eq(payments.paketSoalId, paketId), eq(payments.status, 'pending')))
    .limit(1);
  if (pending.length > 0) throw conflict(PAYMENT_PENDING_CONFLICT);

  const now = clock.now();
  await expireStale(db, now);
  const provider = gateway ? gateway.name : 'qris';
  const [open] = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.userId, user.id),
        eq(paymentOrders.paketSoalId, paketId),
        eq(paymentOrders.status, 'open'),
        eq(paymentOrders.provider, provider),
      ),
    )
    .orderBy(desc(paymentOrders.id))
    .limit(1);
  if (open) return toOrder(db, open, now);
  const expiresAt = new Date(now.getTime() + deps.orderMs);

  if (gateway) {
    const providerOrderId = `toefl-${randomUUID()}`;
    let charge;
    try {
      charge = await gateway.chargeQris({
        orderId: providerOrderId,
        amount: paket.harga,
        expiryMinutes: Math.round(deps.orderMs / 60_000),
      });
    } catch (err) {
      if (err instanceof GatewayError)
        throw new AppError(502, 'Gateway pembayaran sedang tidak dapat dihubungi. Coba lagi beberapa saat lagi.');
      throw err;
    }
    const [row] = await db
      .insert(paymentOrders)
      .values({
        userId: user.id,
        paketSoalId: paket.id,
        harga: paket.harga,
        amount: paket.harga,
        uniqueCode: null,
        provider,
        providerOrderId,
        qris: charge.qris,
        expiresAt: charge.expiresAt && charge.expiresAt < expiresAt ? charge.expiresAt : expiresAt,
        createdAt: now,
      })
      .returning();
    return toOrder(db, row!, now);
  }

  const staticPayload = await readSetting(db, QRIS_SETTING_KEY);
  if (!staticPayload) throw conflict(ORDERS_UNAVAILABLE);
  for (let tries = 0; tries < 5; tries++) {
    const taken = new Set(
      (await db.select({ code: paymentOrders.uniqueCode }).from(paymentOrders).where(eq(paymentOrders.status, 'open'))).map((r) => r.code),
    );
    const free: number[] = [];
    for (let c = UNIQUE_CODE_MIN; c <= UNIQUE_CODE_MAX; c++) if (!taken.has(c)) free.push(c);
    if (free.length === 0) throw new AppError(503, 'Terlalu banyak pesanan pembayaran yang sedang terbuka. Coba lagi beberapa menit lagi.');
    const uniqueCode = free[randomInt(free.length)]!;
    const amount = paket.harga + uniqueCode;
    try {
      const [row] = await db
        .insert(paymentOrders)
        .values({
          userId: user.id,
          paketSoalId: paket.id,
          harga: paket.harga,
          amount,
          uniqueCode,
          provider,
          qris: buildDynamicQris(staticPayload, amount),
          expiresAt,
          createdAt: now,
        })
        .returning();
      return toOrder(db, row!, now);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new AppError(503, 'Kode unik pembayaran sedang penuh. Coba lagi sebentar lagi.');
}

/** GET /payment/order/{id}: the learner's own order, polled for its live status. */
export async function getOrder(db: Db, clock: Clock, user: UserRow, orderId: number): Promise<PaymentOrder> {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.userId, user.id)))
    .limit(1);
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return toOrder(db, row, clock.now());
}

export type WebhookOutcome =
  'confirmed' | 'replay' | 'closed' | 'ignored' | 'malformed' | 'bad_signature' | 'unknown_order' | 'wrong_amount';

/**
 * POST /payment/webhook/{provider}: every notification is recorded with what was done with it.
 * Refused: a malformed body, a bad signature, an order we do not know, an amount that is not the
 * order's. A settlement confirms the order once; a replay is acknowledged and changes nothing.
 */
export async function handleGatewayNotification(
  db: Db,
  gateway: PaymentGateway | undefined,
  rawBody: string,
  body: unknown,
): Promise<{ status: number; message: string; outcome: WebhookOutcome; paymentId: number | null }> {
  if (!gateway) throw notFound('Gateway pembayaran tidak aktif.');
  const verified = gateway.verify(body);
  const log = async (outcome: WebhookOutcome, orderId: string | null, transactionStatus: string | null) => {
    await db.insert(gatewayNotifications).values({
      provider: gateway.name,
      providerOrderId: orderId?.slice(0, 64),
      transactionStatus: transactionStatus?.slice(0, 32),
      outcome,
      body: rawBody.slice(0, 8000),
    });
  };
  if (!verified.ok) {
    await log(verified.outcome, verified.orderId, verified.transactionStatus);
    return verified.outcome === 'malformed'
      ? { status: 400, message: 'Notifikasi tidak lengkap.', outcome: 'malformed', paymentId: null }
      : { status: 401, message: 'Tanda tangan notifikasi tidak valid.', outcome: 'bad_signature', paymentId: null };
  }
  const n = verified.notification;
  const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, n.orderId)).limit(1);
  if (!order || order.provider !== gateway.name) {
    await log('unknown_order', n.orderId, n.transactionStatus);
    return { status: 404, message: ORDER_NOT_FOUND, outcome: 'unknown_order', paymentId: null };
  }
  // "25000.00" is 25000; anything but the order's amount to the rupiah is refused.
  if (!/^\d+(\.\d{1,2})?$/.test(n.grossAmount) || Number(n.grossAmount) !== order.amount) {
    await log('wrong_amount', n.orderId, n.transactionStatus);
    return { status: 400, message: 'Nominal notifikasi tidak sama dengan nominal pesanan.', outcome: 'wrong_amount', paymentId: null };
  }
  if (n.settled) {
    const paymentId = await confirmFromGateway(db, order.id);
    await log(paymentId === null ? 'replay' : 'confirmed', n.orderId, n.transactionStatus);
    return paymentId === null
      ? { status: 200, message: 'Notifikasi ini sudah diproses sebelumnya.', outcome: 'replay', paymentId: null }
      : { status: 200, message: 'Pembayaran dikonfirmasi.', outcome: 'confirmed', paymentId };
  }
  if (n.closed) {
    await db
      .update(paymentOrders)
      .set({ status: 'expired' })
      .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, 'open')));
    await log('closed', n.orderId, n.transactionStatus);
    return { status: 200, message: 'Pesanan ditutup.', outcome: 'closed', paymentId: null };
  }
  await log('ignored', n.orderId, n.transactionStatus);
  return { status: 200, message: 'Notifikasi diterima.', outcome: 'ignored', paymentId: null };
}

/** Whether the payment page can make exact-amount orders. */
export async function ordersAvailable(db: Db, gateway: PaymentGateway | undefined): Promise<boolean> {
  return gateway !== undefined || (await readSetting(db, QRIS_SETTING_KEY)) !== undefined;
}

/** Remembers the password hash the server set for the admin at boot (the first-run checklist compares against it). */
export async function rememberInitialAdminPassword(db: Db, nohp: string): Promise<void> {
  const [admin] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.nohp, nohp)).limit(1);
  if (admin) await writeSetting(db, INITIAL_ADMIN_HASH_KEY, admin.hash);
}

/** GET /admin/setup-status: the first-run checklist (admin password changed, a payment QR, one package ready). */
export async function getSetupStatus(db: Db, gateway: PaymentGateway | undefined): Promise<SetupStatus> {
  const initial = await readSetting(db, INITIAL_ADMIN_HASH_KEY);
  const stillInitial = initial
    ? (
        await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.role, 'Admin'), eq(users.passwordHash, initial)))
          .limit(1)
      ).length > 0
    : false;
  const qrSet =
    gateway !== undefined ||
    (await readSetting(db, QRIS_SETTING_KEY)) !== undefined ||
    (await readSetting(db, QR_SETTING_KEY)) !== undefined;
  // An archived package is not for sale, however ready.
  const ready = await db
    .select({ id: paketSoal.id })
    .from(paketSoal)
    .where(and(eq(paketSoal.status, 'siap'), isNull(paketSoal.archivedAt)))
    .limit(1);
  return { adminPasswordChanged: !stillInitial, qrSet, paketReady: ready.length > 0 };
}
