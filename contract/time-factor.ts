// No zod here: the exam's start screen needs these at run time without the schemas.

/**
 * The time factors an admin may give a learner (an accommodation), in percent of each section's
 * length. The one owner of the allowed values: the server validates and applies them, the SPA
 * offers them.
 */
export const TIME_FACTOR_PERCENTS = [100, 125, 150, 175, 200] as const;
export type TimeFactorPercent = (typeof TIME_FACTOR_PERCENTS)[number];

/** '1,25×' as admins read it. */
export const timeFactorLabel = (percent: number): string => `${(percent / 100).toLocaleString('id-ID')}×`;

/**
 * A section's length for a learner with this factor, in seconds. An extended section is rounded up
 * to whole minutes, so the learner reads a plain number ('35 menit (diperpanjang dari 25)') and
 * never gets less than the factor promises.
 */
export function extendedSeconds(seconds: number, percent: number): number {
  if (percent <= 100) return seconds;
  return Math.ceil((seconds * percent) / 100 / 60) * 60;
}
