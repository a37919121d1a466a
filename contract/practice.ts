import { z } from './zod.ts';
import './common.ts';
import { skillSchema } from './skills.ts';
import { jawabanSchema, soalSectionSchema } from './soal.ts';

/*
 * Practice ('Latihan'): drills, Buku Kesalahan (missed items on a spaced-repetition schedule),
 * mastery per skill and a study plan. Rules and their numbers: docs/decisions/008-practice-loop.md.
 */

/** Items in one drill. */
export const DRILL_SIZE = 10;
/** Mastery of a skill is read from this many of the learner's newest responses to it. */
export const MASTERY_WINDOW = 20;

export const ITEM_NOT_FOUND = 'Soal latihan tidak ditemukan.';
export const ITEM_NOT_YET_SAT = 'Soal ini baru bisa dilatih setelah Anda menyelesaikan simulasinya.';
export const NOT_IN_NOTEBOOK = 'Soal ini tidak ada di Buku Kesalahan Anda.';
export const DRILL_TARGET_REQUIRED = 'Pilih satu skill atau satu bagian untuk latihan.';

/**
 * A practice item reference: `pr-…` an item of the free practice bank, `q-<id>` a question of a
 * package whose attempt the learner has finished, `mt-<l|s|r>-<n>` an item of the mini test.
 */
export const itemRefSchema = z
  .string({ error: ITEM_NOT_FOUND })
  .regex(/^(pr-(la|lb|lc|st|we|rd)-\d{3}|q-[1-9]\d{0,8}|mt-[lsr]-\d{1,2})$/, { error: ITEM_NOT_FOUND });
export type ItemRef = z.infer<typeof itemRefSchema>;

export const drillBodySchema = z
  .object({ skill: skillSchema.optional(), section: soalSectionSchema.optional() })
  .refine((b) => (b.skill === undefined) !== (b.section === undefined), { error: DRILL_TARGET_REQUIRED });
export type DrillBody = z.infer<typeof drillBodySchema>;

/** An item as a learner answers it: never with its key. */
export const practiceItemSchema = z.object({
  item: itemRefSchema,
  section: soalSectionSchema,
  part: z.enum(['A', 'B', 'C']).nullable(),
  skill: skillSchema,
  /** HTML (structure, written, reading) or the question as text (listening). */
  soal: z.string(),
  pilihan: z.array(z.string()).length(4),
  /** Listening: the clip's URL. */
  audio: z.string().nullable(),
  passage: z.object({ nama: z.string(), html: z.string().nullable(), image: z.string().nullable() }).nullable(),
});
export type PracticeItem = z.infer<typeof practiceItemSchema>;

export const drillResponseSchema = z.object({ items: z.array(practiceItemSchema) });
export type DrillResponse = z.infer<typeof drillResponseSchema>;

export const answerBodySchema = z.object({
  item: itemRefSchema,
  answer: jawabanSchema,
  /** `review`: an answer to a due Buku Kesalahan item, which grades and reschedules it. */
  mode: z.enum(['drill', 'review']).default('drill'),
});
export type AnswerBody = z.input<typeof answerBodySchema>;

/** Sent only after the answer is given. */
export const answerResponseSchema = z.object({
  correct: z.boolean(),
  key: jawabanSchema,
  explanation: z.string(),
  /** Listening: what the clip says. */
  transcript: z.string().nullable(),
  /** Written expression of the practice bank: the corrected text of the wrong part. */
  koreksi: z.string().nullable(),
  /** When the item comes back in Buku Kesalahan (ISO), null when it is not in it. */
  due: z.string().nullable(),
});
export type AnswerResponse = z.infer<typeof answerResponseSchema>;

export const masterySchema = z.object({
  skill: skillSchema,
  section: soalSectionSchema,
  correct: z.number().int(),
  total: z.number().int(),
  /** correct/total in 0..1, null below SKILL_JUDGE_MIN_RESPONSES (contract/skills.ts). */
  mastery: z.number().nullable(),
});
export type Mastery = z.infer<typeof masterySchema>;

export const PLAN_TARGET_RANGE = 'Target skor harus bilangan bulat antara 310 dan 677.';
export const PLAN_DATE_RANGE = 'Tanggal ujian harus antara besok dan satu tahun dari sekarang.';

export const planBodySchema = z.object({
  targetScore: z.coerce
    .number({ error: PLAN_TARGET_RANGE })
    .int({ error: PLAN_TARGET_RANGE })
    .min(310, { error: PLAN_TARGET_RANGE })
    .max(677, {
      error: PLAN_TARGET_RANGE,
    }),
  examDate: z.iso.date({ error: PLAN_DATE_RANGE }),
});
export type PlanBody = z.input<typeof planBodySchema>;

export const planWeekSchema = z.object({
  week: z.number().int(),
  /** First and last day of the week (YYYY-MM-DD). */
  from: z.string(),
  to: z.string(),
  minutes: z.number().int(),
  items: z.number().int(),
  focus: z.array(z.object({ skill: skillSchema, items: z.number().int() })),
});
export type PlanWeek = z.infer<typeof planWeekSchema>;

export const planSchema = z.object({
  targetScore: z.number().int(),
  examDate: z.string(),
  /** The latest total score the plan starts from, null before a first attempt. */
  currentScore: z.number().int().nullable(),
  weeks: z.array(planWeekSchema),
  progress: z.object({
    /** Index into weeks of the current week, null before the first or after the last. */
    week: z.number().int().nullable(),
    doneThisWeek: z.number().int(),
    plannedThisWeek: z.number().int(),
    doneTotal: z.number().int(),
    plannedToDate: z.number().int(),
  }),
});
export type Plan = z.infer<typeof planSchema>;

export const planResponseSchema = z.object({ plan: planSchema.nullable() });
export type PlanResponse = z.infer<typeof planResponseSchema>;

export const practiceHomeSchema = z.object({
  reviewDue: z.number().int(),
  notebookCount: z.number().int(),
  mastery: z.array(masterySchema),
  plan: planSchema.nullable(),
});
export type PracticeHome = z.infer<typeof practiceHomeSchema>;

export const notebookEntrySchema = z.object({
  item: itemRefSchema,
  skill: skillSchema,
  section: soalSectionSchema,
  source: z.enum(['drill', 'exam', 'mini']),
  due: z.string(),
  isDue: z.boolean(),
  reps: z.number().int(),
  lapses: z.number().int(),
  /** The start of the question as plain text. */
  preview: z.string(),
});
export type NotebookEntry = z.infer<typeof notebookEntrySchema>;

export const notebookResponseSchema = z.object({ due: z.number().int(), entries: z.array(notebookEntrySchema) });
export type NotebookResponse = z.infer<typeof notebookResponseSchema>;

/** The mini test's answers as its machine keeps them: option indexes 0-3, -1 unanswered. */
export const miniResultBodySchema = z.object({
  listening: z.array(z.number().int().min(-1).max(3)).max(50),
  structure: z.array(z.number().int().min(-1).max(3)).max(50),
  reading: z.array(z.number().int().min(-1).max(3)).max(50),
});
export type MiniResultBody = z.infer<typeof miniResultBodySchema>;

export const miniResultResponseSchema = z.object({ missed: z.number().int() });
