import { z } from 'zod';
import './common.ts';

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

/** A row of the admin payments table. */
export const adminPaymentSchema = userPaymentSchema.extend({
  userNohp: z.string(),
  User: z.object({ nama: z.string(), nohp: z.string() }),
  decidedByNama: z.string().nullable(),
});
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
      .max(500, { error: 'Alasan penolakan terlalu panjang (maksimal 500 karakter).' })
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
