import { z } from './zod.ts';
import './common.ts';
import { answerValueSchema, cefrLevelsSchema } from './exam.ts';
import { skillSchema } from './skills.ts';
import { soalSectionSchema } from './soal.ts';

/** The text every certificate and result screen carries (DESIGN section 4: an estimate). */
export const ESTIMATE_NOTICE = 'Skor ini adalah estimasi, bukan skor resmi ETS.';
export const CERTIFICATE_NOT_FOUND = 'Sertifikat tidak ditemukan.';
export const HISTORY_NOT_FOUND = 'Riwayat ujian tidak ditemukan.';

/** One finished attempt as its owner sees it (spec section 3: exam history). */
export const historyItemSchema = z.object({
  id: z.number(),
  nama_paket: z.string(),
  listeningScore: z.number(),
  structureScore: z.number(),
  readingScore: z.number(),
  totalScore: z.number(),
  listening_correct: z.number(),
  written_correct: z.number(),
  reading_correct: z.number(),
  ...cefrLevelsSchema.shape,
  /** When the attempt finished (ISO). */
  tanggal: z.string(),
  /** Verification code printed on the certificate. */
  certificateCode: z.string(),
  /** The same learner finished this package before: a retake, so the score may reflect memory. */
  retake: z.boolean(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const historyListResponseSchema = z.object({ data: z.array(historyItemSchema) });
export type HistoryList = z.infer<typeof historyListResponseSchema>;

export const historyIdParamSchema = z.object({
  id: z.coerce.number({ error: HISTORY_NOT_FOUND }).int({ error: HISTORY_NOT_FOUND }).positive({ error: HISTORY_NOT_FOUND }),
});

const dateOnly = (label: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} harus berformat YYYY-MM-DD.` })
      .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), { error: `${label} tidak valid.` })
      .optional(),
  );

/** GET /admin/riwayat-ujian and its .csv: search by name, phone or package; dates are Jakarta days, inclusive. */
export const adminHistoryQuerySchema = z.object({
  q: z.string().trim().max(100, { error: 'Kata kunci terlalu panjang.' }).optional(),
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
export type AdminHistoryQuery = z.input<typeof adminHistoryQuerySchema>;

export const adminHistoryItemSchema = historyItemSchema.extend({
  user: z.object({ nama: z.string(), nohp: z.string() }),
  /** The attempt behind the result: what an admin reopens (POST /admin/ujian/{attemptId}/buka-ulang). */
  attemptId: z.number(),
});
export type AdminHistoryItem = z.infer<typeof adminHistoryItemSchema>;

export const adminHistoryListResponseSchema = z.object({
  data: z.array(adminHistoryItemSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type AdminHistoryList = z.infer<typeof adminHistoryListResponseSchema>;

/** GET /sertifikat/verify/{code}: the facts a certificate states, for anyone holding its code. */
export const verifyParamSchema = z.object({
  code: z.string().trim().max(64, { error: CERTIFICATE_NOT_FOUND }),
});
export const verifyResponseSchema = z.object({
  code: z.string(),
  nama: z.string(),
  nama_paket: z.string(),
  listeningScore: z.number(),
  structureScore: z.number(),
  readingScore: z.number(),
  totalScore: z.number(),
  listening_correct: z.number(),
  written_correct: z.number(),
  reading_correct: z.number(),
  ...cefrLevelsSchema.shape,
  tanggal: z.string(),
});
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

/** One question of a finished attempt with the participant's answer, the key and the explanation. */
export const reviewQuestionSchema = z.object({
  page: z.number(),
  section: soalSectionSchema,
  no_soal: z.number(),
  soal: z.string(),
  pilihan_satu: z.string(),
  pilihan_dua: z.string(),
  pilihan_tiga: z.string(),
  pilihan_empat: z.string(),
  answer: answerValueSchema,
  jawaban: z.enum(['1', '2', '3', '4']),
  correct: z.boolean(),
  pembahasan: z.string().nullable(),
  readingQuestion: z.object({ id: z.number(), nama: z.string(), reading: z.string().nullable(), html: z.string().nullable() }).nullable(),
  skill: skillSchema,
  /**
   * Listening only (null otherwise): the clip (a group member's is its group's), what it says and
   * the question as spoken. Sent by the review alone, so only after the attempt is finished.
   */
  listening: z
    .object({ audio: z.string().nullable(), transcript: z.string().nullable(), spoken_question: z.string().nullable() })
    .nullable(),
});
export type ReviewQuestion = z.infer<typeof reviewQuestionSchema>;

export const REVIEW_DURING_EXAM = 'Pembahasan paket ini baru dapat dibuka setelah ujian yang sedang berjalan selesai.';

/** GET /users/riwayat-ujian/{id}/review. `questions` is empty when the package was deleted since. */
export const reviewResponseSchema = z.object({
  history: historyItemSchema,
  questions: z.array(reviewQuestionSchema),
});
export type ReviewResponse = z.infer<typeof reviewResponseSchema>;

export const diagnosticPartKeySchema = z.enum(['listeningA', 'listeningBC', 'structure', 'written', 'reading']);
export type DiagnosticPartKey = z.infer<typeof diagnosticPartKeySchema>;

/** One part of the newest attempt: how many of its questions were right. */
export const diagnosticPartSchema = z.object({
  key: diagnosticPartKeySchema,
  label: z.string(),
  correct: z.number(),
  total: z.number(),
  /** 0-100, rounded. */
  percent: z.number(),
});
export type DiagnosticPart = z.infer<typeof diagnosticPartSchema>;

/** GET /users/progress: scores across attempts (oldest first) and per-part diagnostics of the newest. */
export const progressResponseSchema = z.object({
  attempts: z.array(
    historyItemSchema.pick({
      id: true,
      nama_paket: true,
      tanggal: true,
      totalScore: true,
      listeningScore: true,
      structureScore: true,
      readingScore: true,
      cefr: true,
      nearChance: true,
      retake: true,
    }),
  ),
  diagnostics: z
    .object({
      historyId: z.number(),
      nama_paket: z.string(),
      tanggal: z.string(),
      parts: z.array(diagnosticPartSchema),
      weakest: diagnosticPartSchema.nullable(),
      /** One Indonesian sentence: what to practise for the weakest part. */
      suggestion: z.string().nullable(),
    })
    .nullable(),
});
export type ProgressResponse = z.infer<typeof progressResponseSchema>;
