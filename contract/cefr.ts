// No zod here: the exam and result screens need these at run time without the schemas.

/**
 * CEFR levels of TOEFL ITP Level 1, strongest first. ETS defines nothing below A2 for this test,
 * so a score under the A2 cut is BELOW_A2 (never 'A1'). The cuts live in the conversion table.
 */
export const CEFR_LEVELS = ['C1', 'B2', 'B1', 'A2', 'BELOW_A2'] as const;
export type Cefr = (typeof CEFR_LEVELS)[number];

/** How a level reads to people (screens, certificate): ETS's 'below A2' band in Indonesian. */
export const cefrLabel = (level: Cefr): string => (level === 'BELOW_A2' ? 'Di bawah A2' : level);
