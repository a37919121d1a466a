import type { AnswerValue } from '../contract/exam.ts';

/**
 * Answers never go backwards (DESIGN section 4): every answer carries `at`, the server-clock instant
 * it was given, and per page the answer given last wins, whichever device delivers it when. Pure
 * functions shared by the server (which keeps the answers) and the exam machine (which sends only
 * what changed and takes newer answers from the server). Imports nothing at run time.
 */

/** One answer with the server-clock instant (ISO 8601) at which it was given. */
export interface TimedAnswer {
  answer: AnswerValue;
  at: string;
}

/** Timed answers by page; '-1' records a cleared answer (so a clear can win over an older pick). */
export type TimedAnswers = Readonly<Record<string, TimedAnswer>>;

/** An answer as the draft call carries it (the final submission's shape plus `at`). */
export interface AnswerEntry {
  id: number;
  answer: AnswerValue;
  at: string;
}

const instant = (iso: string | undefined): number => (iso === undefined ? Number.NaN : Date.parse(iso));

/**
 * Whether an answer given at `incoming` replaces one given at `held`: the later instant wins; a
 * tie goes to the incoming one (the same instant from two devices is the same answer); a held
 * answer without a readable instant always loses.
 */
export function isNewerAnswer(incoming: string, held: string | undefined): boolean {
  const a = instant(incoming);
  const b = instant(held);
  if (Number.isNaN(a)) return false;
  return Number.isNaN(b) || a >= b;
}

/**
 * Merges incoming answers into the held ones, page by page, newest `at` first. Returns the merged
 * set, the pages taken and the pages refused because the held answer was given later.
 */
export function mergeNewest(
  held: TimedAnswers,
  incoming: readonly AnswerEntry[],
): { merged: Record<string, TimedAnswer>; taken: number[]; older: number[] } {
  const merged: Record<string, TimedAnswer> = { ...held };
  const taken: number[] = [];
  const older: number[] = [];
  for (const entry of incoming) {
    const key = String(entry.id);
    const current = merged[key];
    if (isNewerAnswer(entry.at, current?.at)) {
      merged[key] = { answer: entry.answer, at: entry.at };
      taken.push(entry.id);
    } else if (current?.answer !== entry.answer) {
      older.push(entry.id);
    }
  }
  return { merged, taken, older };
}

/** What a save sends: only the pages whose answer or instant differs from what the server acknowledged. */
export function changedAnswers(current: TimedAnswers, acknowledged: TimedAnswers): AnswerEntry[] {
  const changes: AnswerEntry[] = [];
  for (const [key, value] of Object.entries(current)) {
    const known = acknowledged[key];
    if (!known || known.at !== value.at || known.answer !== value.answer) {
      changes.push({ id: Number(key), answer: value.answer, at: value.at });
    }
  }
  return changes.sort((a, b) => a.id - b.id);
}

/**
 * Takes the server's answers into the local ones: a page whose server answer was given later than
 * the local one (another device) replaces it. Returns the new local set and the pages that changed
 * on screen, so the learner can be told.
 */
export function adoptNewer(local: TimedAnswers, server: TimedAnswers): { answers: Record<string, TimedAnswer>; changed: number[] } {
  const answers: Record<string, TimedAnswer> = { ...local };
  const changed: number[] = [];
  for (const [key, value] of Object.entries(server)) {
    const mine = answers[key];
    if (mine && (mine.at === value.at || !isNewerAnswer(value.at, mine.at))) continue;
    if (mine && mine.answer === value.answer) {
      answers[key] = value;
      continue;
    }
    answers[key] = value;
    // A cleared page the screen never showed as answered is no visible change.
    if (mine || value.answer !== '-1') changed.push(Number(key));
  }
  return { answers, changed: changed.sort((a, b) => a - b) };
}

/** The plain page -> option map the screen shows (cleared pages drop out). */
export function shownAnswers(answers: TimedAnswers): Record<number, Exclude<AnswerValue, '-1'>> {
  const shown: Record<number, Exclude<AnswerValue, '-1'>> = {};
  for (const [key, value] of Object.entries(answers)) {
    if (value.answer !== '-1') shown[Number(key)] = value.answer;
  }
  return shown;
}
