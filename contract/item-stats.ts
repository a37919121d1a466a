import { z } from './zod.ts';
import { jawabanSchema, soalSectionSchema } from './soal.ts';

/**
 * GET /admin/paket-soal/{id}/statistik: item statistics of one package, computed on request from
 * the answers stored with every finished attempt (docs/item-statistics.md defines each figure).
 */

/** Why an item is worth a look: 'Terlalu mudah', 'Terlalu sulit', 'Daya beda rendah'. */
export const itemFlagSchema = z.enum(['too_easy', 'too_hard', 'low_discrimination']);
export type ItemFlag = z.infer<typeof itemFlagSchema>;

/** The thresholds the server flagged with (it owns them; the screen only reads them). */
export const itemFlagRulesSchema = z.object({
  /** Flags are given only once the package has at least this many finished attempts. */
  minAttempts: z.number().int(),
  /** facility above this: too easy. */
  facilityMax: z.number(),
  /** facility below this: too hard. */
  facilityMin: z.number(),
  /** discrimination below this: the item does not separate strong from weak learners. */
  discriminationMin: z.number(),
});
export type ItemFlagRules = z.infer<typeof itemFlagRulesSchema>;

export const itemStatSchema = z.object({
  soalId: z.number(),
  section: soalSectionSchema,
  noSoal: z.number(),
  page: z.number(),
  jawaban: jawabanSchema,
  skill: z.string(),
  /** Learners who chose the key. */
  correct: z.number(),
  /** Share of finished attempts that chose the key (0-1); null without attempts. */
  facility: z.number().nullable(),
  /** Point-biserial correlation with the total number correct (-1..1); null when it is undefined. */
  discrimination: z.number().nullable(),
  /** How many attempts chose each option ('1' = A ... '4' = D). */
  options: z.object({ '1': z.number(), '2': z.number(), '3': z.number(), '4': z.number() }),
  /** Attempts that left the item unanswered. */
  omitted: z.number(),
  flags: z.array(itemFlagSchema),
});
export type ItemStat = z.infer<typeof itemStatSchema>;

export const sectionStatSchema = z.object({
  section: z.enum(['listening', 'written', 'reading']),
  /** Questions of the package in this section. */
  items: z.number(),
  /** Mean number correct in the section; null without attempts. */
  mean: z.number().nullable(),
  /** Kuder-Richardson 20 reliability; null when undefined (fewer than 2 items or no spread). */
  kr20: z.number().nullable(),
});
export type SectionStat = z.infer<typeof sectionStatSchema>;

export const itemStatsSchema = z.object({
  paketSoalId: z.number(),
  namaPaket: z.string(),
  /** Finished attempts the figures come from. */
  attempts: z.number(),
  /** attempts >= rules.minAttempts: only then are items flagged. */
  enoughAttempts: z.boolean(),
  rules: itemFlagRulesSchema,
  sections: z.array(sectionStatSchema),
  items: z.array(itemStatSchema),
});
export type ItemStats = z.infer<typeof itemStatsSchema>;

export const itemStatsResponseSchema = z.object({ data: itemStatsSchema });
export type ItemStatsResponse = z.infer<typeof itemStatsResponseSchema>;
