import type { ReviewQuestion } from '../../../contract/results.ts';
import { skillById, type Skill } from '../../../contract/skills.ts';

export type ReviewFilter = 'all' | 'wrong';

/** The questions a review shows: all or the wrong ones, and of one skill when `skill` is set. */
export function reviewShown(questions: readonly ReviewQuestion[], filter: ReviewFilter, skill: string | null): ReviewQuestion[] {
  return questions.filter((q) => (filter === 'all' || !q.correct) && (skill === null || q.skill === skill));
}

/** The skills of an attempt's questions in taxonomy order, plus a chosen one absent from it. */
export function reviewSkills(questions: readonly ReviewQuestion[], chosen: string | null): Skill[] {
  const ids = new Set<string>(questions.map((q) => q.skill));
  if (chosen !== null) ids.add(chosen);
  return [...ids]
    .map((id) => skillById(id))
    .filter((s): s is Skill => s !== undefined)
    .sort((a, b) => a.no - b.no);
}
