import { z } from './zod.ts';
import { REASON_MAX_LENGTH } from './common.ts';

export const paymentStatusSchema = z.enum(['pending', 'confirmed', 'rejected'], {
  error: 'Status pembayaran harus pending, confirmed atau rejected.',
});
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const REJECTION_REASON_REQUIRED = 'Alasan penolakan harus diisi.';
export const PROOF_REQUIRED = 'Mohon unggah bukti pembayaran terlebih dahulu';

/** POST /payment/upload text fields (multipart); the file part is `bukti`. namaPaket is ignored: the server names the package. */
export const uploadPaymentFieldsSchema = z.object({
  paket_soal_id: z
    .string({ error: 'Paket soal wajib dipilih.' })
    .trim()
    .min(1, { error: 'Paket soal wajib dipilih.' })
    .pipe(
      z.coerce
        .number<string>({ error: 'ID paket tidak valid.' })
        .int({ error: 'ID paket tidak valid.' })
        .positive({ error: 'ID paket tidak valid.' }),
    ),
  namaPaket: z.string().optional(),
});

/** One payment as its owner sees it (GET /users/payment). */
export const userPaymentSchema = z.object({
  id: z.number(),
  /** null when the package was deleted later; nama_paket keeps the name it had. */
  paket_soal_id: z.number().nullable(),
  nama_paket: z.string(),
  amount: z.number(),
  status: paymentStatusSchema,
  alasanPenolakan: z.string().nullable(),
  /** The spec spells it both ways. */
  alasan_penolakan: z.string().nullable(),
  /** URL of the proof image (served to its owner and admins only). */
  buktiBayar: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type UserPayment = z.infer<typeof userPaymentSchema>;

export const userPaymentListResponseSchema = z.object({ data: z.array(userPaymentSchema) });
export type UserPaymentList = z.infer<typeof userPaymentListResponseSchema>;
export const uploadPaymentResponseSchema = z.object({ message: z.string(), data: userPaymentSchema });
export type UploadPaymentResponse = z.infer<typeof uploadPaymentResponseSchema>;

/** GET /users/cek-akses: the package the user may sit now, if any. */
export const cekAksesResponseSchema = z.object({
  bolehAkses: z.boolean(),
  paketId: z.number().nullable(),
});
export type CekAksesResponse = z.infer<typeof cekAksesResponseSchema>;

/**
 * GET /users/cek-akses/{paketId} (spec section 4): bolehAkses -> the exam; pending -> the
 * 'Menunggu Verifikasi' dialog with alasan; neither -> the payment page (alasan may carry the
 * last rejection reason).
 */
export const cekAksesPaketResponseSchema = z.object({
  bolehAkses: z.boolean(),
  pending: z.boolean(),
  alasan: z.string().nullable(),
  paketId: z.number(),
  /** Why, in one word: aktif (active or open attempt), gratis (free, just granted), menunggu_verifikasi, menunggu_giliran (paid, another package first), ditolak, belum_bayar. */
  status: z.enum(['aktif', 'gratis', 'menunggu_verifikasi', 'menunggu_giliran', 'ditolak', 'belum_bayar']),
  /** The package the user may sit now (may differ from paketId). */
  paketAktifId: z.number().nullable(),
  harga: z.number(),
});
export type CekAksesPaketResponse = z.infer<typeof cekAksesPaketResponseSchema>;

/** GET /users/lastScore: the newest finished attempt; lastScore and toeflScore are -1 (and the rest 0) when there is none. */
export const lastScoreResponseSchema = z.object({
  lastScore: z.number(),
  lastPaket: z.string().nullable(),
  toeflScore: z.number(),
  scoreListening: z.number(),
  scoreWritten: z.number(),
  scoreReading: z.number(),
  listeningCorrect: z.number(),
  writtenCorrect: z.number(),
  readingCorrect: z.number(),
  /** When that attempt was finished (ISO), null when none. */
  tanggal: z.string().nullable(),
});
export type LastScoreResponse = z.infer<typeof lastScoreResponseSchema>;

/** GET /admin/payments query. */
export const adminPaymentQuerySchema = z.object({
  /** Part of the participant's name or phone number. */
  q: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(100).optional()),
  status: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), paymentStatusSchema.optional()),
  page: z.coerce.number({ error: 'Halaman harus berupa angka.' }).int().min(1, { error: 'Halaman minimal 1.' }).default(1),
  limit: z.coerce
    .number({ error: 'Batas baris harus berupa angka.' })
    .int()
    .min(1, { error: 'Minimal 1 baris per halaman.' })
    .max(100, { error: 'Maksimal 100 baris per halaman.' })
    .default(20),
});
export type AdminPaymentQuery = z.input<typeof adminPaymentQuerySchema>;

/** One decision in a payment's history; byNama null = the payment gateway. */
export const paymentDecisionSchema = z.object({
  action: z.enum(['confirmed', 'rejected', 'reversed', 'reopened']),
  byNama: z.string().nullable(),
  reason: z.string().nullable(),
  at: z.string(),
});
export type PaymentDecision = z.infer<typeof paymentDecisionSchema>;

/** The extra a row of the admin table carries beyond the spec's fields. */
export const adminPaymentExtraSchema = z.object({
  uniqueCode: z.number().nullable(),
  viaGateway: z.boolean(),
  /** False when the proof could not be read for the duplicate check (WebP, or no proof). */
  proofChecked: z.boolean(),
  duplicateOf: z.object({ id: z.number(), nama: z.string(), createdAt: z.string() }).nullable(),
  decisions: z.array(paymentDecisionSchema),
  /** A confirmation whose attempt has not started yet (it can still be reversed). */
  reversible: z.boolean(),
});

/** A row of the admin payments table. */
export const adminPaymentSchema = userPaymentSchema
  .extend({
    userNohp: z.string(),
    User: z.object({ nama: z.string(), nohp: z.string() }),
    decidedByNama: z.string().nullable(),
  })
  .extend(adminPaymentExtraSchema.shape);
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminPaymentListResponseSchema = z.object({
  data: z.array(adminPaymentSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type AdminPaymentList = z.infer<typeof adminPaymentListResponseSchema>;

/** PUT /admin/payments/{id}/status: a reason is required (non-blank) only when rejecting. */
export const decidePaymentBodySchema = z
  .object({
    status: z.enum(['confirmed', 'rejected'], { error: 'Status harus confirmed atau rejected.' }),
    alasanPenolakan: z
      .string({ error: REJECTION_REASON_REQUIRED })
      .trim()
      .max(REASON_MAX_LENGTH, { error: `Alasan penolakan terlalu panjang (maksimal ${REASON_MAX_LENGTH} karakter).` })
      .nullish(),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'rejected' && !body.alasanPenolakan) {
      ctx.addIssue({ code: 'custom', path: ['alasanPenolakan'], message: REJECTION_REASON_REQUIRED });
    }
  });
export type DecidePaymentBody = z.input<typeof decidePaymentBodySchema>;

export const decidePaymentResponseSchema = z.object({ message: z.string(), data: adminPaymentSchema });
export type DecidePaymentResponse = z.infer<typeof decidePaymentResponseSchema>;

export const paymentIdParamSchema = z.object({
  id: z.coerce
    .number({ error: 'ID pembayaran tidak valid.' })
    .int({ error: 'ID pembayaran tidak valid.' })
    .positive({ error: 'ID pembayaran tidak valid.' }),
});

/** GET /settings/qr-payment and PUT /admin/settings/qr-payment (multipart image `qr`). */
export const qrPaymentResponseSchema = z.object({ url: z.string().nullable() });
export type QrPaymentResponse = z.infer<typeof qrPaymentResponseSchema>;
export const qrPaymentMutationResponseSchema = z.object({ message: z.string(), url: z.string() });
export type QrPaymentMutationResponse = z.infer<typeof qrPaymentMutationResponseSchema>;

/** Whether the payment page can take an exact-amount order (a QRIS payload or a gateway is set up). */
export const paymentMethodsResponseSchema = z.object({
  url: z.string().nullable(),
  /** An exact-amount QRIS order can be made (merchant payload stored, or a gateway configured). */
  orders: z.boolean(),
  /** Orders settle through a payment gateway, with no proof and no admin. */
  gateway: z.boolean(),
});
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponseSchema>;

/** PUT /admin/settings/qris as JSON (the payload pasted); the multipart form sends an `image` instead. */
export const qrisSettingBodySchema = z.object({
  payload: z
    .string({ error: 'Payload QRIS wajib diisi.' })
    .trim()
    .min(1, { error: 'Payload QRIS wajib diisi.' })
    .max(512, { error: 'Payload QRIS terlalu panjang (maksimal 512 karakter).' }),
});
export const qrisSettingResponseSchema = z.object({
  payload: z.string().nullable(),
  merchantName: z.string().nullable(),
  merchantCity: z.string().nullable(),
});
export type QrisSetting = z.infer<typeof qrisSettingResponseSchema>;
export const qrisSettingMutationResponseSchema = z.object({ message: z.string(), data: qrisSettingResponseSchema });

/** POST /payment/order. */
export const createOrderBodySchema = z.object({
  paket_soal_id: z.coerce
    .number({ error: 'ID paket tidak valid.' })
    .int({ error: 'ID paket tidak valid.' })
    .positive({ error: 'ID paket tidak valid.' }),
});
export type CreateOrderBody = z.input<typeof createOrderBodySchema>;

export const orderStatusSchema = z.enum(['open', 'paid', 'expired']);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** An exact-amount order as its learner sees it (and polls while it is open). */
export const paymentOrderSchema = z.object({
  id: z.number(),
  paket_soal_id: z.number().nullable(),
  harga: z.number(),
  /** What to pay, to the rupiah: the price plus uniqueCode (manual QRIS) or the price (gateway). */
  amount: z.number(),
  /** 1-999, unique among open orders; null for a gateway order (the gateway matches by order id). */
  uniqueCode: z.number().nullable(),
  /** The dynamic QRIS payload to draw. */
  qris: z.string().nullable(),
  expiresAt: z.string(),
  /** 'expired' is reported as soon as the clock passes expiresAt. */
  status: orderStatusSchema,
  provider: z.enum(['qris', 'midtrans']),
  /** The newest payment recorded against this order (a proof, or the gateway's settlement). */
  payment: z.object({ id: z.number(), status: paymentStatusSchema, alasanPenolakan: z.string().nullable() }).nullable(),
});
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;
export const paymentOrderResponseSchema = z.object({ message: z.string(), data: paymentOrderSchema });
export type PaymentOrderResponse = z.infer<typeof paymentOrderResponseSchema>;
export const orderIdParamSchema = z.object({
  id: z.coerce
    .number({ error: 'ID pesanan tidak valid.' })
    .int({ error: 'ID pesanan tidak valid.' })
    .positive({ error: 'ID pesanan tidak valid.' }),
});

/** POST /admin/payments/{id}/reverse. */
export const reversePaymentBodySchema = z.object({
  alasan: z
    .string({ error: 'Alasan pembatalan harus diisi.' })
    .trim()
    .min(1, { error: 'Alasan pembatalan harus diisi.' })
    .max(REASON_MAX_LENGTH, { error: `Alasan pembatalan terlalu panjang (maksimal ${REASON_MAX_LENGTH} karakter).` }),
});
export type ReversePaymentBody = z.input<typeof reversePaymentBodySchema>;

/** GET /admin/setup-status: the first-run checklist. */
export const setupStatusResponseSchema = z.object({
  adminPasswordChanged: z.boolean(),
  qrSet: z.boolean(),
  paketReady: z.boolean(),
});
export type SetupStatus = z.infer<typeof setupStatusResponseSchema>;

/** GET /users/payment/updates: decisions the learner has not been shown yet. */
export const paymentUpdatesResponseSchema = z.object({ data: z.array(userPaymentSchema) });
export type PaymentUpdates = z.infer<typeof paymentUpdatesResponseSchema>;
