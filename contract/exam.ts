import { z } from './zod.ts';
import './common.ts';
import { EXAM_LENGTH, LAST_INDEX } from '../machines/exam-layout.ts';
import { soalSectionSchema } from './soal.ts';
import { CEFR_LEVELS, cefrLabel, type Cefr } from './cefr.ts';

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
  .max(LAST_INDEX, { error: 'Nomor halaman jawaban tidak valid.' });

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
  /** The learner's extra time in percent (contract/accommodations.ts); the durations above are the package's own. */
  faktor_waktu_persen: z.number().optional(),
});

/** GET /soal: the user's active package, sorted by page. */
export const soalResponseSchema = z.object({ paket: examPaketSchema, soal: z.array(examQuestionSchema) });
export type SoalResponse = z.infer<typeof soalResponseSchema>;

export const cekEndtimeQuerySchema = z.object({ nohp: nohpCompat });
export const cekEndtimeResponseSchema = z.object({ hasEndTime: z.boolean(), sesi: sesiSchema.nullable() });

const timerBodyFields = z.object({
  nohp: nohpCompat,
  /** The package the page is showing: a stale page of a finished exam cannot start the next one. */
  paketId: z.coerce.number().int().positive().optional(),
});
export const timerBodySchema = timerBodyFields.optional().default({});

/**
 * PUT /soal/timers/next. `sesi`: the section the page shows as ended (beyond the spec). With it a
 * repeat of a move the server already made (its answer lost to a dropped connection or a 503)
 * answers the section now running instead of 409, so every exam call can be repeated.
 */
export const nextSectionBodySchema = timerBodyFields
  .extend({ sesi: z.enum(['listening', 'written', 'reading'], { error: 'Sesi tidak dikenal.' }).optional() })
  .optional()
  .default({});
export type NextSectionBody = NonNullable<z.input<typeof nextSectionBodySchema>>;

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

/** The server-clock instant an answer was given, ISO 8601 like `serverNow` (the SPA adds its measured offset). */
export const answerAtSchema = z.iso.datetime({ offset: true, error: 'Waktu jawaban harus berupa tanggal ISO 8601.' });

/** One answer of a draft: the final submission's `{id, answer}` plus when it was given. */
export const draftAnswerSchema = z.object({ id: pageSchema, answer: answerValueSchema, at: answerAtSchema.optional() });
export type DraftAnswer = z.output<typeof draftAnswerSchema>;

/** A list of `{id, answer, at?}` (the final submission's shape) or, as before, a map by page. */
const draftAnswersSchema = z.union(
  [
    z.array(draftAnswerSchema).max(EXAM_LENGTH, { error: 'Terlalu banyak jawaban.' }),
    answersMapSchema.refine((a) => Object.keys(a).length <= EXAM_LENGTH, { error: 'Terlalu banyak jawaban.' }),
  ],
  {
    // Report the problem of the shape that was sent, not a generic 'invalid input'.
    error: (issue) => {
      if (issue.code !== 'invalid_union') return undefined;
      const branch = Array.isArray(issue.input) ? issue.errors[0] : issue.errors[1];
      return branch?.[0]?.message ?? 'Jawaban harus berupa daftar per halaman.';
    },
  },
);

const audioIndexSchema = z.number().int().min(0).max(LAST_INDEX);
/** Listening clips heard to the end and where each interrupted clip stopped (seconds), by exam index. */
export const draftAudioSchema = z.object({
  played: z.array(audioIndexSchema).max(EXAM_LENGTH),
  positions: z.record(z.string().regex(/^\d{1,3}$/, { error: 'Indeks audio tidak valid.' }), z.number().min(0).max(86_400)),
});
export type DraftAudio = z.infer<typeof draftAudioSchema>;

export const draftBodySchema = z.object({
  nohp: nohpCompat,
  index: z.coerce.number({ error: 'Indeks soal tidak valid.' }).int().min(0).max(LAST_INDEX, { error: 'Indeks soal tidak valid.' }),
  answers: draftAnswersSchema,
  /**
   * Accepted from older SPAs and ignored: it listed clips that had only started. A clip is locked
   * only through `audio.played`.
   */
  playedAudio: z.array(audioIndexSchema).max(EXAM_LENGTH).optional(),
  /** The clips heard (to the end or past 90 %) and where each interrupted clip stopped, so another device resumes it. */
  audio: draftAudioSchema.optional(),
});
export type DraftBody = z.input<typeof draftBodySchema>;

/**
 * Why an answer was not taken: `ended` (its section ended, and it was given after the end or
 * delivered more than 3 minutes after it), `not_started` (its section has not begun), `newer`
 * (an answer given later, on another device, is kept), `no_question` (no question on that page),
 * `finished` (the attempt is finished).
 */
export const ignoredReasonSchema = z.enum(['ended', 'not_started', 'newer', 'no_question', 'finished']);
export type IgnoredReason = z.infer<typeof ignoredReasonSchema>;

export const draftResponseSchema = z.object({
  index: z.number(),
  /** The kept answer per page ('-1' = cleared). */
  answers: z.record(z.string(), answerValueSchema),
  /** When each kept answer was given (server clock, ISO 8601), by page. */
  answeredAt: z.record(z.string(), z.string()),
  playedAudio: z.array(z.number()),
  audio: draftAudioSchema,
  savedAt: z.string().nullable(),
  sesi: sesiSchema,
  serverNow: z.string(),
  /** Answers of this save that were not taken, with the reason; the SPA tells the learner. */
  ignored: z.array(z.object({ id: z.number(), answer: answerValueSchema, reason: ignoredReasonSchema })).optional(),
});
export type DraftResponse = z.infer<typeof draftResponseSchema>;

export const submitBodySchema = z.object({
  nohp: nohpCompat,
  answers: z.array(draftAnswerSchema, { error: 'Daftar jawaban wajib dikirim.' }).max(EXAM_LENGTH, { error: 'Terlalu banyak jawaban.' }),
});
export type SubmitBody = z.input<typeof submitBodySchema>;
/** The validated answer list of a final submission: every question by page, '-1' where unanswered. */
export type SubmitAnswer = z.output<typeof submitBodySchema>['answers'][number];

export { CEFR_LEVELS, cefrLabel, type Cefr };
export const cefrSchema = z.enum(CEFR_LEVELS);

/** A CEFR level for the total and for each section, always computed from the section scores. */
export const cefrLevelsSchema = z.object({
  cefr: cefrSchema,
  cefrListening: cefrSchema,
  cefrWritten: cefrSchema,
  cefrReading: cefrSchema,
  /** The total is at or below the near-chance line: the score says little about the learner. */
  nearChance: z.boolean(),
});
export type CefrLevels = z.infer<typeof cefrLevelsSchema>;

/** The score of a finished attempt (spec section 3 score result, plus what we store with it). */
export const scoreResultSchema = z.object({
  toeflScore: z.number(),
  scoreListening: z.number(),
  scoreWritten: z.number(),
  scoreReading: z.number(),
  listeningCorrect: z.number(),
  writtenCorrect: z.number(),
  readingCorrect: z.number(),
  ...cefrLevelsSchema.shape,
  tableVersion: z.string(),
  historyId: z.number(),
  certificateCode: z.string(),
  namaPaket: z.string(),
  finishedAt: z.string(),
});
export type ScoreResult = z.infer<typeof scoreResultSchema>;
