import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DiagnosisResponse, SkillResult, WeakSkill } from '../../contract/diagnosis.ts';
import { HISTORY_NOT_FOUND } from '../../contract/results.ts';
import { SKILL_JUDGE_MIN_RESPONSES, SKILLS, skillById, type SkillId } from '../../contract/skills.ts';
import type { Db } from '../db/client.ts';
import { examHistory, soal, type UserRow } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { retakeIds, toHistoryItem } from './results.service.ts';

/** How many weakest skills the learner is pointed to. */
export const WEAKEST_COUNT = 3;

/** Where the practice screen drills one skill. */
export const drillUrl = (skill: SkillId): string => `/latihan?skill=${encodeURIComponent(skill)}`;

/** The review of one attempt, showing only the questions of one skill. */
export const reviewUrl = (historyId: number, skill: SkillId): string =>
  `/riwayat-ujian/${historyId}/pembahasan?skill=${encodeURIComponent(skill)}`;

type HistoryRow = typeof examHistory.$inferSelect;

interface Tally {
  correct: number;
  total: number;
  /** The newest attempt where this skill had a miss: the review most worth opening. */
  missedIn: number | null;
}

/**
 * Weakest first: the lowest share right; on equal shares the skill with more responses (the
 * weakness is better attested), then the skill list order. Shares compare by cross-multiplying,
 * so no rounding decides a tie.
 */
export function byWeakness(a: SkillResult, b: SkillResult): number {
  const share = a.correct * b.total - b.correct * a.total;
  if (share !== 0) return share;
  if (a.total !== b.total) return b.total - a.total;
  return skillById(a.skill)!.no - skillById(b.skill)!.no;
}

/**
 * Per-skill counts from the stored answers of finished attempts, joined by page to the questions
 * of each attempt's package (their `skill`). Attempts whose package was deleted add nothing.
 */
export async function tallySkills(db: Db, rows: readonly HistoryRow[]): Promise<Map<SkillId, Tally>> {
  const paketIds = [...new Set(rows.map((h) => h.paketSoalId).filter((x): x is number => x !== null))];
  const questions = paketIds.length
    ? await db
        .select({ paketSoalId: soal.paketSoalId, page: soal.page, jawaban: soal.jawaban, skill: soal.skill })
        .from(soal)
        .where(inArray(soal.paketSoalId, paketIds))
    : [];
  const byPaket = new Map<number, typeof questions>();
  for (const q of questions) byPaket.set(q.paketSoalId, [...(byPaket.get(q.paketSoalId) ?? []), q]);

  const tallies = new Map<SkillId, Tally>();
  const ordered = [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  for (const h of ordered) {
    const answers = new Map(h.answers.map((a) => [a.id, a.answer]));
    for (const q of byPaket.get(h.paketSoalId ?? -1) ?? []) {
      const skill = skillById(q.skill);
      // The server refuses unknown skills on write; a row from before that rule is left out.
      if (!skill) continue;
      const id = skill.id as SkillId;
      const t = tallies.get(id) ?? { correct: 0, total: 0, missedIn: null };
      t.total += 1;
      if (answers.get(q.page) === q.jawaban) t.correct += 1;
      else t.missedIn = h.id;
      tallies.set(id, t);
    }
  }
  return tallies;
}

/** The skill results in skill-list order, and the weakest judged skills that had misses. */
export function diagnoseSkills(tallies: Map<SkillId, Tally>): {
  skills: SkillResult[];
  weakest: (SkillResult & { missedIn: number | null })[];
} {
  const skills: SkillResult[] = [];
  for (const s of SKILLS) {
    const t = tallies.get(s.id);
    if (!t || t.total === 0) continue;
    skills.push({ skill: s.id, section: s.section, correct: t.correct, total: t.total, judged: t.total >= SKILL_JUDGE_MIN_RESPONSES });
  }
  const weakest = skills
    .filter((s) => s.judged && s.correct < s.total)
    .sort(byWeakness)
    .slice(0, WEAKEST_COUNT)
    .map((s) => ({ ...s, missedIn: tallies.get(s.skill)!.missedIn }));
  return { skills, weakest };
}

/**
 * GET /users/diagnosis: the learner's skills from one finished attempt (their own; another
 * learner's answers 404 like a missing one) or from all their finished attempts together.
 */
export async function diagnosisOf(db: Db, user: UserRow, historyId?: number): Promise<DiagnosisResponse> {
  let rows: HistoryRow[];
  if (historyId !== undefined) {
    // Only the learner's own attempt, even for an Admin: a diagnosis is the learner's study view.
    const [h] = await db
      .select()
      .from(examHistory)
      .where(and(eq(examHistory.id, historyId), eq(examHistory.userId, user.id)))
      .limit(1);
    if (!h) throw notFound(HISTORY_NOT_FOUND);
    rows = [h];
  } else {
    rows = await db
      .select()
      .from(examHistory)
      .where(eq(examHistory.userId, user.id))
      .orderBy(asc(examHistory.createdAt), asc(examHistory.id));
  }
  const newest = rows.at(-1) ?? null;
  const { skills, weakest } = diagnoseSkills(await tallySkills(db, rows));
  const retakes = newest ? await retakeIds(db, [newest]) : new Set<number>();
  const toWeak = (s: SkillResult & { missedIn: number | null }): WeakSkill => ({
    skill: s.skill,
    section: s.section,
    correct: s.correct,
    total: s.total,
    judged: s.judged,
    reviewUrl: s.missedIn !== null ? reviewUrl(s.missedIn, s.skill) : null,
    drillUrl: drillUrl(s.skill),
  });
  return {
    historyId: historyId ?? null,
    attempts: rows.length,
    minResponses: SKILL_JUDGE_MIN_RESPONSES,
    history: newest ? toHistoryItem(newest, retakes.has(newest.id)) : null,
    skills,
    weakest: weakest.map(toWeak),
  };
}
