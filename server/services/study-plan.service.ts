import { eq } from 'drizzle-orm';
import { PLAN_DATE_RANGE, type Mastery, type Plan, type PlanWeek } from '../../contract/practice.ts';
import { SKILLS, type SkillId } from '../../contract/skills.ts';
import type { Db } from '../db/client.ts';
import { studyPlans, type UserRow } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { latestTotalScore, masteryOf, practiceCountSince } from './practice.service.ts';

/*
 * The study plan (decision 008). Deliberately simple and explained to the learner:
 * - study time: PLAN_HOURS_PER_POINT hour per score point between the latest total (or
 *   PLAN_BASELINE_SCORE before a first attempt) and the target, spread evenly over the weeks,
 *   rounded to 10 minutes and kept between PLAN_MIN and PLAN_MAX minutes a week;
 * - items: one per PLAN_MINUTES_PER_ITEM minutes (answer, then read the explanation);
 * - weights: a skill's weight is (1 - mastery)^2 (mastery 0.5 when not yet judged, floor 0.05), so
 *   the weakest skills get most items; each week takes the PLAN_FOCUS_PER_WEEK skills furthest
 *   behind their share of the whole plan, so later weeks reach the next-weakest skills.
 * Days are counted in Western Indonesian Time (UTC+7), where the learners are.
 */
export const PLAN_BASELINE_SCORE = 400;
export const PLAN_HOURS_PER_POINT = 1;
export const PLAN_MIN_MINUTES = 60;
export const PLAN_MAX_MINUTES = 600;
export const PLAN_MINUTES_PER_ITEM = 2;
export const PLAN_FOCUS_PER_WEEK = 3;
const MAX_WEEKS = 53;
const DAY = 86_400_000;
const WIB_OFFSET = 7 * 3_600_000;

/** The WIB calendar day of an instant, as YYYY-MM-DD. */
export const wibDay = (at: Date): string => new Date(at.getTime() + WIB_OFFSET).toISOString().slice(0, 10);
const dayNumber = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY);
const dayOf = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);
/** The instant a WIB day starts. */
const wibStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - WIB_OFFSET);

export interface PlanInput {
  targetScore: number;
  examDate: string;
  /** The plan's first day (YYYY-MM-DD, WIB). */
  startDay: string;
  currentScore: number | null;
  mastery: readonly Mastery[];
}

/** The weeks of a plan: pure, so the formula is tested on its own. */
export function planWeeks(input: PlanInput): PlanWeek[] {
  const start = dayNumber(input.startDay);
  const days = Math.max(1, dayNumber(input.examDate) - start);
  const weekCount = Math.min(MAX_WEEKS, Math.ceil(days / 7));
  const gap = Math.max(0, input.targetScore - (input.currentScore ?? PLAN_BASELINE_SCORE));
  const rawMinutes = (gap * PLAN_HOURS_PER_POINT * 60) / weekCount;
  const minutes = Math.min(PLAN_MAX_MINUTES, Math.max(PLAN_MIN_MINUTES, Math.round(rawMinutes / 10) * 10));
  const items = Math.floor(minutes / PLAN_MINUTES_PER_ITEM);

  const masteryBySkill = new Map(input.mastery.map((m) => [m.skill, m.mastery]));
  const weights = SKILLS.map((s) => {
    const m = masteryBySkill.get(s.id) ?? null;
    return { skill: s.id, weight: Math.max(0.05, (1 - (m ?? 0.5)) ** 2) };
  });
  const totalWeight = weights.reduce((a, w) => a + w.weight, 0);
  const share = new Map(weights.map((w) => [w.skill, (w.weight / totalWeight) * items * weekCount]));
  const planned = new Map<SkillId, number>(weights.map((w) => [w.skill, 0]));

  const weeks: PlanWeek[] = [];
  for (let w = 0; w < weekCount; w += 1) {
    const deficit = (s: SkillId) => share.get(s)! - planned.get(s)!;
    const focus = [...weights]
      .sort(
        (a, b) =>
          deficit(b.skill) - deficit(a.skill) || SKILLS.findIndex((s) => s.id === a.skill) - SKILLS.findIndex((s) => s.id === b.skill),
      )
      .slice(0, PLAN_FOCUS_PER_WEEK)
      .map((f) => f.skill);
    const sum = focus.reduce((a, s) => a + Math.max(0.001, deficit(s)), 0);
    const exact = focus.map((s) => (Math.max(0.001, deficit(s)) / sum) * items);
    const counts = exact.map(Math.floor);
    // Largest remainders get the leftover items, so a week's items add up exactly.
    let left = items - counts.reduce((a, c) => a + c, 0);
    for (const i of exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r)) {
      if (left <= 0) break;
      counts[i.i]! += 1;
      left -= 1;
    }
    focus.forEach((s, i) => planned.set(s, planned.get(s)! + counts[i]!));
    const from = start + w * 7;
    weeks.push({
      week: w + 1,
      from: dayOf(from),
      to: dayOf(Math.min(from + 6, start + days)),
      minutes,
      items,
      focus: focus.map((s, i) => ({ skill: s, items: counts[i]! })).filter((f) => f.items > 0),
    });
  }
  return weeks;
}

export async function getPlan(db: Db, user: UserRow, now: Date): Promise<Plan | null> {
  const [row] = await db.select().from(studyPlans).where(eq(studyPlans.userId, user.id));
  if (!row) return null;
  const startDay = wibDay(row.createdAt);
  const currentScore = await latestTotalScore(db, user.id);
  const weeks = planWeeks({
    targetScore: row.targetScore,
    examDate: row.examDate,
    startDay,
    currentScore,
    mastery: await masteryOf(db, user.id),
  });
  const today = dayNumber(wibDay(now));
  const index = Math.floor((today - dayNumber(startDay)) / 7);
  const week = index >= 0 && index < weeks.length ? index : null;
  const weekStart = wibStart(dayOf(dayNumber(startDay) + Math.max(0, Math.min(index, weeks.length - 1)) * 7));
  const weeksElapsed = Math.max(0, Math.min(weeks.length, index + 1));
  return {
    targetScore: row.targetScore,
    examDate: row.examDate,
    currentScore,
    weeks,
    progress: {
      week,
      doneThisWeek: week === null ? 0 : await practiceCountSince(db, user.id, weekStart, new Date(weekStart.getTime() + 7 * DAY)),
      plannedThisWeek: week === null ? 0 : weeks[week]!.items,
      doneTotal: await practiceCountSince(db, user.id, wibStart(startDay)),
      plannedToDate: weeks.slice(0, weeksElapsed).reduce((a, w) => a + w.items, 0),
    },
  };
}

/** PUT /practice/plan: sets (or replaces) the target and the exam date; the plan starts today. */
export async function savePlan(db: Db, user: UserRow, body: { targetScore: number; examDate: string }, now: Date): Promise<Plan> {
  const today = dayNumber(wibDay(now));
  const exam = dayNumber(body.examDate);
  if (!(exam > today && exam <= today + 366)) throw badRequest(PLAN_DATE_RANGE);
  await db
    .insert(studyPlans)
    .values({ userId: user.id, targetScore: body.targetScore, examDate: body.examDate, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: studyPlans.userId,
      set: { targetScore: body.targetScore, examDate: body.examDate, createdAt: now, updatedAt: now },
    });
  return (await getPlan(db, user, now))!;
}
