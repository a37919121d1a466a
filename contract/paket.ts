import { z } from './zod.ts';
import './common.ts';

export const paketLevelSchema = z.enum(['prediction', 'itp'], { error: 'Level harus prediction atau itp.' });
export const paketStatusSchema = z.enum(['siap', 'belum'], { error: 'Status harus siap atau belum.' });
export type PaketLevel = z.infer<typeof paketLevelSchema>;
export type PaketStatus = z.infer<typeof paketStatusSchema>;

/** Section durations in whole seconds; short ones (from 5 s) serve tests and drills (DESIGN section 4). */
export const durasiSchema = z.coerce
  .number({ error: 'Durasi harus berupa angka (detik).' })
  .int({ error: 'Durasi harus bilangan bulat (detik).' })
  .min(5, { error: 'Durasi minimal 5 detik.' })
  .max(14_400, { error: 'Durasi maksimal 14.400 detik (4 jam).' });

export const DEFAULT_DURASI = { listening: 35 * 60, written: 25 * 60, reading: 55 * 60 } as const;

const namaPaketSchema = z
  .string({ error: 'Nama paket wajib diisi!' })
  .trim()
  .min(1, { error: 'Nama paket wajib diisi!' })
  .max(150, { error: 'Nama paket terlalu panjang (maksimal 150 karakter).' });

const hargaSchema = z.coerce
  .number({ error: 'Harga harus berupa angka.' })
  .int({ error: 'Harga harus bilangan bulat (rupiah).' })
  .min(0, { error: 'Harga tidak boleh negatif.' })
  .max(100_000_000, { error: 'Harga terlalu besar.' });

/** POST /admin/paket-soal. */
export const createPaketBodySchema = z.object({
  nama_paket: namaPaketSchema,
  level: paketLevelSchema.optional(),
  harga: hargaSchema.optional(),
  status: paketStatusSchema.optional(),
  durasi_listening: durasiSchema.optional(),
  durasi_written: durasiSchema.optional(),
  durasi_reading: durasiSchema.optional(),
});
export type CreatePaketBody = z.input<typeof createPaketBodySchema>;
export type PaketInput = z.output<typeof createPaketBodySchema>;

/** PUT /admin/paket-soal/{id}: the spec sends {nama_paket, status}; the rest is optional. */
export const updatePaketBodySchema = createPaketBodySchema;
export type UpdatePaketBody = z.input<typeof updatePaketBodySchema>;

/** How far a package is from being sittable (DESIGN section 3). */
export const completenessSchema = z.object({
  listening: z.number(),
  structure: z.number(),
  written: z.number(),
  reading: z.number(),
  /** Per section, the numbers of its range that have no question yet (ascending). */
  missingNumbers: z.object({
    listening: z.array(z.number()),
    structure: z.array(z.number()),
    written: z.array(z.number()),
    reading: z.array(z.number()),
  }),
  /** no_soal of listening questions that need their own audio and have none. */
  listeningMissingAudio: z.array(z.number()),
  /** no_soal of reading questions without a passage. */
  readingWithoutPassage: z.array(z.number()),
  complete: z.boolean(),
  /** Indonesian sentences, one per gap, e.g. 'Listening: 48 dari 50 soal.' */
  missing: z.array(z.string()),
});
export type Completeness = z.infer<typeof completenessSchema>;

export const paketSchema = z.object({
  id: z.number(),
  nama_paket: z.string(),
  level: paketLevelSchema,
  harga: z.number(),
  status: paketStatusSchema,
  durasi_listening: z.number(),
  durasi_written: z.number(),
  durasi_reading: z.number(),
  created_at: z.string(),
  /** When the package was archived (hidden from learners, restorable); null while in use. */
  archived_at: z.string().nullable(),
});
export type Paket = z.infer<typeof paketSchema>;

/** The 409 of setting siap on an incomplete package: the message, and what is missing, number by number. */
export const paketIncompleteErrorSchema = z.object({ message: z.string(), completeness: completenessSchema.optional() });
export type PaketIncompleteError = z.infer<typeof paketIncompleteErrorSchema>;

export const adminPaketSchema = paketSchema.extend({ completeness: completenessSchema });
export type AdminPaket = z.infer<typeof adminPaketSchema>;

export const adminPaketListResponseSchema = z.object({ data: z.array(adminPaketSchema) });
export const adminPaketResponseSchema = z.object({ data: adminPaketSchema });
export const paketMutationResponseSchema = z.object({ message: z.string(), data: adminPaketSchema });

/** POST /admin/paket-soal/{id}/clone (beyond the spec): the copy's name starts with this; it starts as belum siap. */
export const CLONE_NAME_PREFIX = 'Salinan ';

/** Public GET /paket-soal (only siap packages) and GET /paket-soal/{id}. */
export const publicPaketSchema = paketSchema.omit({ created_at: true, archived_at: true });
export type PublicPaket = z.infer<typeof publicPaketSchema>;
export const publicPaketListResponseSchema = z.object({ data: z.array(publicPaketSchema) });
export const publicPaketResponseSchema = z.object({ data: publicPaketSchema });

export const idParamSchema = z.object({
  id: z.coerce.number({ error: 'ID tidak valid.' }).int({ error: 'ID tidak valid.' }).positive({ error: 'ID tidak valid.' }),
});
export const paketIdParamSchema = z.object({
  paketId: z.coerce
    .number({ error: 'ID paket tidak valid.' })
    .int({ error: 'ID paket tidak valid.' })
    .positive({ error: 'ID paket tidak valid.' }),
});
export const soalIdParamSchema = z.object({
  soalId: z.coerce
    .number({ error: 'ID soal tidak valid.' })
    .int({ error: 'ID soal tidak valid.' })
    .positive({ error: 'ID soal tidak valid.' }),
});
