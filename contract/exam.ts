import { z } from 'zod';
import './common.ts';
import { soalSectionSchema } from './soal.ts';

/** The server's section of an attempt (spec: sesi). */
export const sesiSchema = z.enum(['listening', 'written', 'reading', 'finished']);
export type Sesi = z.infer<typeof sesiSchema>;

/** '1'-'4' = options A-D; '-1' = unanswered (spec section 3). */
export const answerValueSchema = z.enum(['1', '2', '3', '4', '-1'], { error: 'Jawaban harus 1, 2, 3, 4 atau -1.' });
export type AnswerValue = z.infer<typeof answerValueSchema>;

const pageSchema = z.coerce
  .number({ error: 'Nomor halaman jawaban tidak valid.' })
  .int({ error: 'Nomor halaman jawaban tidak valid.' })
  .min(0, { error: 'Nomor halaman jawaban tidak valid.' })
  .max(143, { error: 'Nomor halaman jawaban tidak valid.' });

/** A body or query `nohp` is accepted for compatibility but must be the session user's (DESIGN section 4). */
const nohpCompat = z.string().max(32).optional();

/** A question as a participant receives it: never the key, the explanation or the counters. */
export const examQuestionSchema = z.object({
  id: z.number(),
  page: z.number(),
  no_soal: z.number(),
  section: soalSectionSchema,
  soal: z.string(),
  pilihan_satu: z.string(),
  pilihan_dua: z.string(),
  pilihan_tiga: z.string(),
  pilihan_empat: z.string(),
  audio: z.string().nullable(),
  q_reading: z.number().nullable(),
  readingQuestion: z.object({ id: z.number(), nama: z.string(), reading: z.string().nullable(), html: z.string().nullable() }).nullable(),
});
export type ExamQuestion = z.infer<typeof examQuestionSchema>;

export const examPaketSchema = z.object({
  id: z.number(),
  nama_paket: z.string(),
  durasi_listening: z.number(),
  durasi_written: z.number(),
  durasi_reading: z.number(),
});

/** GET /soal: the user's active package, sorted by page. */
export const soalResponseSchema = z.object({ paket: examPaketSchema, soal: z.array(examQuestionSchema) });
export type SoalResponse = z.infer<typeof soalResponseSchema>;

export const cekEndtimeQuerySchema = z.object({ nohp: nohpCompat });
export const cekEndtimeResponseSchema = z.object({ hasEndTime: z.boolean(), sesi: sesiSchema.nullable() });

export const timerBodySchema = z
  .object({
    nohp: nohpCompat,
    /** The package the page is showing: a stale page of a finished exam cannot start the next one. */
    paketId: z.coerce.number().int().positive().optional(),
  })
  .optional()
  .default({});

/**
 * PUT /soal/timers, /soal/timers-to-zero, /soal/timers/next. The SPA derives time left from
 * `endsAt` and the offset `serverNow - local now`, never by counting down on its own.
 */
export const timerResponseSchema = z.object({
  sesi: sesiSchema,
  secondsRemaining: z.number().int().min(0),
  endsAt: z.string().nullable(),
  serverNow: z.string(),
});
export type TimerResponse = z.infer<typeof timerResponseSchema>;

/** Answers by page ('the answer key id'). */
export const answersMapSchema = z.record(z.string().regex(/^\d{1,3}$/), answerValueSchema, {
  error: (issue) => (issue.code === 'invalid_key' ? 'Nomor halaman jawaban tidak valid.' : 'Jawaban harus berupa daftar per halaman.'),
});

export const draftBodySchema = z.object({
  nohp: nohpCompat,
  index: z.coerce.number({ error: 'Indeks soal tidak valid.' }).int().min(0).max(143, { error: 'Indeks soal tidak valid.' }),
  answers: answersMapSchema.refine((a) => Object.keys(a).length <= 144, { error: 'Terlalu banyak jawaban.' }),
  /** Exam indexes whose listening audio has been played (play-once survives another device). */
  playedAudio: z.array(z.number().int().min(0).max(143)).max(144).optional(),
});
export type DraftBody = z.input<typeof draftBodySchema>;

export const draftResponseSchema = z.object({
  index: z.number(),
  answers: z.record(z.string(), answerValueSchema),
  playedAudio: z.array(z.number()),
  savedAt: z.string().nullable(),
  sesi: sesiSchema,
  /** Pages of this save that were not taken because their section is not running (late answers). */
  ignored: z.array(z.number()).optional(),
});
export type DraftResponse = z.infer<typeof draftResponseSchema>;

export const submitBodySchema = z.object({
  nohp: nohpCompat,
  answers: z
    .array(z.object({ id: pageSchema, answer: answerValueSchema }), { error: 'Daftar jawaban wajib dikirim.' })
    .max(144, { error: 'Terlalu banyak jawaban.' }),
});
export type SubmitBody = z.input<typeof submitBodySchema>;

export const cefrSchema = z.enum(['C1', 'B2', 'B1', 'A2', 'A1']);

/** The score of a finished attempt (spec section 3 score result, plus what we store with it). */
export const scoreResultSchema = z.object({
  toeflScore: z.number(),
  scoreListening: z.number(),
  scoreWritten: z.number(),
  scoreReading: z.number(),
  listeningCorrect: z.number(),
  writtenCorrect: z.number(),
  readingCorrect: z.number(),
  cefr: cefrSchema,
  tableVersion: z.string(),
  historyId: z.number(),
  certificateCode: z.string(),
  namaPaket: z.string(),
  finishedAt: z.string(),
});
export type ScoreResult = z.infer<typeof scoreResultSchema>;
