import { z } from './zod.ts';
import './common.ts';
import { historyItemSchema } from './results.ts';
import { skillSchema } from './skills.ts';

export const DIAGNOSIS_BAD_HISTORY_ID = 'ID riwayat ujian tidak valid.';

/** GET /users/diagnosis?historyId=: one finished attempt, or (without it) all of them. */
export const diagnosisQuerySchema = z.object({
  historyId: z.coerce
    .number({ error: DIAGNOSIS_BAD_HISTORY_ID })
    .int({ error: DIAGNOSIS_BAD_HISTORY_ID })
    .positive({ error: DIAGNOSIS_BAD_HISTORY_ID })
    .optional(),
});
export type DiagnosisQuery = z.input<typeof diagnosisQuerySchema>;

export const skillSectionSchema = z.enum(['listening', 'structure', 'written', 'reading']);

/** How one skill went: questions of that skill answered right, out of all of them (unanswered is wrong). */
export const skillResultSchema = z.object({
  skill: skillSchema,
  section: skillSectionSchema,
  correct: z.number(),
  total: z.number(),
  /** Enough responses (see `minResponses`) for the share to say something about the skill. */
  judged: z.boolean(),
});
export type SkillResult = z.infer<typeof skillResultSchema>;

/** A skill to study first, with where to see its missed questions and where to practise it. */
export const weakSkillSchema = skillResultSchema.extend({
  /** The review of the attempt, filtered to this skill; null when no attempt's questions remain. */
  reviewUrl: z.string().nullable(),
  drillUrl: z.string(),
});
export type WeakSkill = z.infer<typeof weakSkillSchema>;

export const diagnosisResponseSchema = z.object({
  /** The attempt diagnosed, or null when every finished attempt is counted together. */
  historyId: z.number().nullable(),
  /** Finished attempts counted. */
  attempts: z.number(),
  /** A skill is judged only from this many responses. */
  minResponses: z.number(),
  /** The attempt diagnosed (or, over all attempts, the newest): its scores and CEFR levels. */
  history: historyItemSchema.nullable(),
  /** Every skill with at least one question counted, in the order of the skill list. */
  skills: z.array(skillResultSchema),
  /** Up to three judged skills with misses, weakest first. */
  weakest: z.array(weakSkillSchema),
});
export type DiagnosisResponse = z.infer<typeof diagnosisResponseSchema>;
