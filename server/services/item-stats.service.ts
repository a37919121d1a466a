import { asc, eq } from 'drizzle-orm';
import type { ItemFlag, ItemFlagRules, ItemStat, ItemStats, SectionStat } from '../../contract/item-stats.ts';
import type { SoalSection } from '../../contract/soal.ts';
import { EXAM_SECTIONS, sectionOfQuestionPage, type ExamSection } from '../../machines/exam-layout.ts';
import type { Db } from '../db/client.ts';
import { examHistory, soal } from '../db/schema.ts';
import { getPaketOrThrow } from './paket.service.ts';

/**
 * The one owner of the flag thresholds (the screen reads them from the response). Below
 * `minAttempts` the figures swing too much between cohorts to call an item broken.
 */
export const ITEM_FLAG_RULES: ItemFlagRules = {
  minAttempts: 30,
  facilityMax: 0.95,
  facilityMin: 0.2,
  discriminationMin: 0.1,
};

const OPTIONS = ['1', '2', '3', '4'] as const;

export interface StatItem {
  soalId: number;
  section: SoalSection;
  noSoal: number;
  page: number;
  jawaban: '1' | '2' | '3' | '4';
  skill: string;
}

/** One finished attempt's answers by page ('-1' or a missing page = left unanswered). */
export type AnswerSheet = ReadonlyMap<number, string>;

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
/** Population variance (divides by n), the variance KR-20 and the point-biserial formula use. */
const variance = (xs: readonly number[]) => {
  const m = mean(xs);
  return xs.reduce((s, x) => s + (x - m) ** 2, 0) / xs.length;
};

export function flagsOf(facility: number | null, discrimination: number | null, attempts: number, rules = ITEM_FLAG_RULES): ItemFlag[] {
  if (attempts < rules.minAttempts || facility === null) return [];
  const flags: ItemFlag[] = [];
  if (facility > rules.facilityMax) flags.push('too_easy');
  if (facility < rules.facilityMin) flags.push('too_hard');
  if (discrimination !== null && discrimination < rules.discriminationMin) flags.push('low_discrimination');
  return flags;
}

/**
 * Item statistics over n finished attempts (docs/item-statistics.md). Each attempt's answer to an
 * item is scored 1 when it equals the item's current key, else 0 (another option, '-1' or absent).
 *
 * - facility p = (attempts scoring 1) / n.
 * - discrimination = the point-biserial correlation between the item score and the attempt's total
 *   number correct over all items of the package (the item itself included):
 *   r_pb = (M1 - M0) / s * sqrt(p * q), where M1 and M0 are the mean totals of the attempts that
 *   scored 1 and 0 on the item, q = 1 - p and s the population standard deviation (divide by n) of
 *   the totals. It equals Pearson's r of the 0/1 score with the total. Null when p is 0 or 1 or
 *   s is 0 (the correlation is undefined).
 * - KR-20 of a section with k items: k / (k - 1) * (1 - sum(p_i * q_i) / s2), s2 the population
 *   variance of the section's number correct. Null when k < 2 or s2 is 0.
 */
export function computeItemStats(
  items: readonly StatItem[],
  sheets: readonly AnswerSheet[],
  rules = ITEM_FLAG_RULES,
): { items: ItemStat[]; sections: SectionStat[] } {
  const n = sheets.length;
  const scored = sheets.map((sheet) => items.map((it) => (sheet.get(it.page) === it.jawaban ? 1 : 0)));
  const totals = scored.map((row) => row.reduce<number>((s, x) => s + x, 0));
  const sdTotal = n > 0 ? Math.sqrt(variance(totals)) : 0;

  const itemStats = items.map((it, i): ItemStat => {
    const options = { '1': 0, '2': 0, '3': 0, '4': 0 };
    for (const sheet of sheets) {
      const a = sheet.get(it.page);
      if (a === '1' || a === '2' || a === '3' || a === '4') options[a] += 1;
    }
    const chosen = OPTIONS.reduce((s, o) => s + options[o], 0);
    const correct = scored.reduce((s, row) => s + row[i]!, 0);
    const facility = n > 0 ? correct / n : null;
    let discrimination: number | null = null;
    if (facility !== null && facility > 0 && facility < 1 && sdTotal > 0) {
      const right = totals.filter((_, a) => scored[a]![i] === 1);
      const wrong = totals.filter((_, a) => scored[a]![i] === 0);
      discrimination = ((mean(right) - mean(wrong)) / sdTotal) * Math.sqrt(facility * (1 - facility));
    }
    return {
      soalId: it.soalId,
      section: it.section,
      noSoal: it.noSoal,
      page: it.page,
      jawaban: it.jawaban,
      skill: it.skill,
      correct,
      facility,
      discrimination,
      options,
      omitted: n - chosen,
      flags: flagsOf(facility, discrimination, n, rules),
    };
  });

  const sections = EXAM_SECTIONS.map((section: ExamSection): SectionStat => {
    const idx = items.flatMap((it, i) => (sectionOfQuestionPage(it.page) === section ? [i] : []));
    const k = idx.length;
    if (n === 0 || k === 0) return { section, items: k, mean: null, kr20: null };
    const sectionTotals = scored.map((row) => idx.reduce((s, i) => s + row[i]!, 0));
    const s2 = variance(sectionTotals);
    const sumPq = idx.reduce((s, i) => {
      const p = itemStats[i]!.facility!;
      return s + p * (1 - p);
    }, 0);
    const kr20 = k >= 2 && s2 > 0 ? (k / (k - 1)) * (1 - sumPq / s2) : null;
    return { section, items: k, mean: mean(sectionTotals), kr20 };
  });

  return { items: itemStats, sections };
}

/** GET /admin/paket-soal/{id}/statistik: read from exam history, never from counters. */
export async function getItemStats(db: Db, paketId: number): Promise<ItemStats> {
  const paket = await getPaketOrThrow(db, paketId);
  const items = await db
    .select({ soalId: soal.id, section: soal.section, noSoal: soal.noSoal, page: soal.page, jawaban: soal.jawaban, skill: soal.skill })
    .from(soal)
    .where(eq(soal.paketSoalId, paketId))
    .orderBy(asc(soal.page));
  const history = await db.select({ answers: examHistory.answers }).from(examHistory).where(eq(examHistory.paketSoalId, paketId));
  const sheets = history.map((h) => new Map(h.answers.map((a) => [a.id, a.answer])));
  const stats = computeItemStats(items, sheets);
  return {
    paketSoalId: paket.id,
    namaPaket: paket.namaPaket,
    attempts: sheets.length,
    enoughAttempts: sheets.length >= ITEM_FLAG_RULES.minAttempts,
    rules: ITEM_FLAG_RULES,
    ...stats,
  };
}
