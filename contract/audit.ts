import { z } from './zod.ts';
import './common.ts';

/**
 * Admin actions the audit log names, with the label admins read (screen and CSV). An action
 * missing here is still logged and shown by its key.
 */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'paket.create': 'Tambah paket',
  'paket.update': 'Ubah paket',
  'paket.delete': 'Arsipkan paket',
  'paket.restore': 'Pulihkan paket',
  'paket.clone': 'Salin paket',
  'soal.create': 'Tambah soal',
  'soal.update': 'Ubah soal',
  'soal.delete': 'Hapus soal',
  'paket.import': 'Impor soal',
  'bacaan.create': 'Tambah bacaan',
  'bacaan.update': 'Ubah bacaan',
  'bacaan.delete': 'Hapus bacaan',
  'pembayaran.decide': 'Keputusan pembayaran',
  'pembayaran.reverse': 'Batalkan konfirmasi pembayaran',
  'pembayaran.reopen': 'Buka kembali pembayaran',
  'pengaturan.qr': 'Ganti QR pembayaran',
  'pengaturan.qris': 'Ganti QRIS merchant',
  'pengaturan.qris.hapus': 'Hapus QRIS merchant',
  'pengguna.reset-password': 'Reset password',
  'pengguna.faktor-waktu': 'Ubah faktor waktu',
  'ujian.extend': 'Perpanjang sesi',
  'ujian.reopen': 'Buka ulang ujian',
};

export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action] ?? action;

const dateOnly = (label: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} harus berformat YYYY-MM-DD.` })
      .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), { error: `${label} tidak valid.` })
      .optional(),
  );
const optionalText = (max: number, message: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(max, { error: message }).optional());

/** GET /admin/audit-log and its .csv: by action, by actor (name or number), by Jakarta day (inclusive). */
export const auditQuerySchema = z.object({
  action: optionalText(64, 'Jenis aksi terlalu panjang.'),
  actor: optionalText(100, 'Nama atau nomor admin terlalu panjang.'),
  from: dateOnly('Tanggal awal'),
  to: dateOnly('Tanggal akhir'),
  page: z.coerce.number({ error: 'Halaman harus berupa angka.' }).int().min(1, { error: 'Halaman minimal 1.' }).default(1),
  limit: z.coerce
    .number({ error: 'Batas baris harus berupa angka.' })
    .int()
    .min(1, { error: 'Minimal 1 baris per halaman.' })
    .max(100, { error: 'Maksimal 100 baris per halaman.' })
    .default(20),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.object({ id: z.number().nullable(), nohp: z.string(), nama: z.string() }),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** The entity as it was before and after the action (passwords and tokens never included). */
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListResponseSchema = z.object({
  data: z.array(auditEntrySchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  /** Every action present in the log, for the filter. */
  actions: z.array(z.string()),
});
export type AuditList = z.infer<typeof auditListResponseSchema>;
