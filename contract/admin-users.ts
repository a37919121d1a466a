import { z } from './zod.ts';
import './common.ts';

/** A participant row of the admin Data User table (spec section 3: exam user). */
export const examUserSchema = z.object({
  id: z.number(),
  nohp: z.string(),
  nama: z.string(),
  role: z.enum(['User', 'Admin']),
  profilePic: z.string().nullable(),
  /** 'idle' = Belum Ujian; 'ujian' = an attempt is open (Sedang Ujian). */
  status_ujian: z.enum(['idle', 'ujian']),
  paket_soal_id_aktif: z.number().nullable(),
  /** Name of the active package, or null (shown as 'Belum Ada'). */
  paket_aktif: z.string().nullable(),
  paket_terakhir: z.string().nullable(),
  /** Extra exam time in percent (contract/accommodations.ts); 100 = none. */
  faktor_waktu_persen: z.number(),
});
export type ExamUser = z.infer<typeof examUserSchema>;

export const examUserQuerySchema = z.object({
  q: z.string().trim().max(100, { error: 'Kata kunci terlalu panjang.' }).optional(),
  page: z.coerce.number().int().min(1, { error: 'Halaman minimal 1.' }).default(1),
  limit: z.coerce.number().int().min(1).max(100, { error: 'Maksimal 100 baris per halaman.' }).default(20),
});
export type ExamUserQuery = z.input<typeof examUserQuerySchema>;

export const examUserListResponseSchema = z.object({
  data: z.array(examUserSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type ExamUserList = z.infer<typeof examUserListResponseSchema>;

export const resetPasswordResponseSchema = z.object({ message: z.string(), password: z.string() });
export const nohpParamSchema = z.object({ nohp: z.string().trim().min(1).max(32) });
