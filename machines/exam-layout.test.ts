import { describe, expect, it } from 'vitest';
import {
  EXAM_LENGTH,
  GRID_COLUMNS,
  INSTRUCTION_INDEXES,
  QUESTION_INDEXES,
  SECTION_DISPLAY_NAMES,
  buildExamEntries,
  clampToSection,
  examLayoutProblem,
  gridEntries,
  hasNext,
  hasPrev,
  introPartOf,
  isClickable,
  isListeningGroupMember,
  isListeningPartA,
  listeningGroupHeadOf,
  pageOf,
  partNumberRange,
  partQuestionCount,
  sectionOfQuestionPage,
  sectionQuestionCount,
  itemIndexOf,
  nextIndex,
  partOfIndex,
  prevIndex,
  sectionFirstIndex,
  sectionOfIndex,
  type ExamSection,
  type QuestionPart,
} from './exam-layout.ts';

const range = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => first + i);

function partForPage(page: number): QuestionPart {
  if (page <= 50) return 'listening';
  if (page <= 66) return 'structure';
  if (page <= 92) return 'written';
  return 'reading';
}

/** The shape of the server's question rows, shuffled to prove the layout sorts by page. */
const questions = QUESTION_INDEXES.map((page) => ({ id: 1000 + page, page, no_soal: page, section: partForPage(page) })).reverse();

describe('exam layout (spec section 9)', () => {
  it('has 144 entries with instruction pages at 0, 51, 67, 93 and 140 questions', () => {
    const entries = buildExamEntries(questions);
    expect(entries).toHaveLength(144);
    expect(EXAM_LENGTH).toBe(144);
    expect(entries.filter((e) => e.kind === 'instruction').map((e) => e.index)).toEqual([0, 51, 67, 93]);
    expect([...INSTRUCTION_INDEXES]).toEqual([0, 51, 67, 93]);
    expect(entries.filter((e) => e.kind === 'question')).toHaveLength(140);
    entries.forEach((e, i) => {
      expect(e.index).toBe(i);
      if (e.kind === 'question') {
        expect(e.question.page).toBe(i);
        expect(e.part).toBe(e.question.section);
      }
    });
  });

  it('counts 50 listening, 15 structure, 25 written expression and 50 reading questions', () => {
    const entries = buildExamEntries(questions);
    const count = (part: QuestionPart) => entries.filter((e) => e.kind === 'question' && e.part === part).length;
    expect([count('listening'), count('structure'), count('written'), count('reading')]).toEqual([50, 15, 25, 50]);
  });

  it('maps indexes to sections: listening 0-50, written 51-92, reading 93-143', () => {
    const bySection = (s: ExamSection) => range(0, 143).filter((i) => sectionOfIndex(i) === s);
    expect(bySection('listening')).toEqual(range(0, 50));
    expect(bySection('written')).toEqual(range(51, 92));
    expect(bySection('reading')).toEqual(range(93, 143));
    expect(sectionOfIndex(-1)).toBeUndefined();
    expect(sectionOfIndex(144)).toBeUndefined();
  });

  it('places structure at 52-66 and written expression at 68-92', () => {
    expect(range(0, 143).filter((i) => partOfIndex(i) === 'structure')).toEqual(range(52, 66));
    expect(range(0, 143).filter((i) => partOfIndex(i) === 'written')).toEqual(range(68, 92));
    expect(partOfIndex(51)).toBeUndefined();
    expect(partOfIndex(67)).toBeUndefined();
  });

  it('merges listening questions 31-34, 35-38, 39-42, 43-46, 47-50 into items at their heads', () => {
    const entries = buildExamEntries(questions);
    const heads = [31, 35, 39, 43, 47];
    for (const head of heads) {
      const entry = entries[head]!;
      expect(entry.kind === 'question' && entry.shownIndexes).toEqual(range(head, head + 3));
      for (const member of range(head, head + 3)) expect(itemIndexOf(member)).toBe(head);
    }
    const single = entries[30]!;
    expect(single.kind === 'question' && single.shownIndexes).toEqual([30]);
    expect(itemIndexOf(51)).toBe(51);
  });

  it('jumps between group heads: prev 35->31, 39->35, 43->39, 47->43; next 31->35 ... 43->47', () => {
    expect([35, 39, 43, 47].map(prevIndex)).toEqual([31, 35, 39, 43]);
    expect([31, 35, 39, 43].map(nextIndex)).toEqual([35, 39, 43, 47]);
    expect(prevIndex(31)).toBe(30);
    expect(nextIndex(30)).toBe(31);
    expect(nextIndex(0)).toBe(1);
    expect(nextIndex(66)).toBe(67);
    expect(prevIndex(67)).toBe(66);
    expect(nextIndex(93)).toBe(94);
  });

  it('hides next at 47, 50, 92, 143 and previous at 0, 51, 93 only', () => {
    expect(range(0, 143).filter((i) => !hasNext(i))).toEqual([47, 50, 92, 143]);
    expect(range(0, 143).filter((i) => !hasPrev(i))).toEqual([0, 51, 93]);
    expect([47, 50, 92, 143].map(nextIndex)).toEqual([null, null, null, null]);
    expect([0, 51, 93].map(prevIndex)).toEqual([null, null, null]);
  });

  it('walking next from each intro visits every clickable item of the section and stops', () => {
    for (const section of ['listening', 'written', 'reading'] as const) {
      const seen: number[] = [];
      for (let i: number | null = sectionFirstIndex(section); i !== null; i = nextIndex(i)) seen.push(i);
      expect(seen).toEqual(
        gridEntries(section)
          .filter((g) => g.clickable)
          .map((g) => g.index),
      );
    }
  });

  it('labels the grid I1, 1-50 | I2, 1-15, I3, 16-40 | I4, 1-50 in 5 columns', () => {
    const labels = (s: ExamSection) => gridEntries(s).map((g) => g.label);
    expect(labels('listening')).toEqual(['I1', ...range(1, 50).map(String)]);
    expect(labels('written')).toEqual(['I2', ...range(1, 15).map(String), 'I3', ...range(16, 40).map(String)]);
    expect(labels('reading')).toEqual(['I4', ...range(1, 50).map(String)]);
    expect(gridEntries('written').map((g) => g.index)).toEqual(range(51, 92));
    expect(GRID_COLUMNS).toBe(5);
  });

  it('makes 32-34, 36-38, 40-42, 44-46, 48-50 unclickable and everything else clickable', () => {
    const blocked = [...range(32, 34), ...range(36, 38), ...range(40, 42), ...range(44, 46), ...range(48, 50)];
    expect(range(0, 143).filter((i) => !isClickable(i))).toEqual(blocked);
    expect(
      gridEntries('listening')
        .filter((g) => !g.clickable)
        .map((g) => g.index),
    ).toEqual(blocked);
    expect(isClickable(144)).toBe(false);
  });

  it('starts sections at 0, 51, 93 and clamps outside indexes to them', () => {
    expect((['listening', 'written', 'reading'] as const).map(sectionFirstIndex)).toEqual([0, 51, 93]);
    expect(clampToSection(70, 'listening')).toBe(0);
    expect(clampToSection(10, 'written')).toBe(51);
    expect(clampToSection(92, 'written')).toBe(92);
    expect(clampToSection(50, 'reading')).toBe(93);
    expect(clampToSection(143, 'reading')).toBe(143);
    expect(clampToSection(Number.NaN, 'reading')).toBe(93);
  });

  it('names sections as the header shows them', () => {
    expect(SECTION_DISPLAY_NAMES).toEqual({
      listening: 'LISTENING COMPREHENSION',
      written: 'STRUCTURE AND WRITTEN EXPRESSION',
      reading: 'READING COMPREHENSION',
    });
  });

  it('refuses a question list that is incomplete or has pages outside the layout', () => {
    expect(examLayoutProblem(questions)).toBeNull();
    expect(examLayoutProblem(questions.slice(1))).toMatch(/expected 140/);
    const moved = questions.map((q) => (q.page === 52 ? { ...q, page: 51 } : q));
    expect(examLayoutProblem(moved)).toMatch(/found page 51/);
    expect(() => buildExamEntries(moved)).toThrow(RangeError);
  });
});

describe('numbering, pages and counts (spec sections 3, 5 and 9)', () => {
  it("maps each part's question numbers to its pages", () => {
    expect([pageOf('listening', 1), pageOf('listening', 50)]).toEqual([1, 50]);
    expect([pageOf('structure', 1), pageOf('structure', 15)]).toEqual([52, 66]);
    expect([pageOf('written', 16), pageOf('written', 40)]).toEqual([68, 92]);
    expect([pageOf('reading', 1), pageOf('reading', 50)]).toEqual([94, 143]);
    expect(partNumberRange('written')).toEqual({ first: 16, last: 40 });
    expect(partNumberRange('structure')).toEqual({ first: 1, last: 15 });
  });

  it('counts 50 / 15 / 25 / 50 questions per part and 50 / 40 / 50 per section', () => {
    expect((['listening', 'structure', 'written', 'reading'] as const).map(partQuestionCount)).toEqual([50, 15, 25, 50]);
    expect((['listening', 'written', 'reading'] as const).map(sectionQuestionCount)).toEqual([50, 40, 50]);
  });

  it('gives the section of every question page and none to instruction pages', () => {
    const expected = (page: number) => (page <= 50 ? 'listening' : page <= 92 ? 'written' : 'reading');
    for (const page of QUESTION_INDEXES) expect(sectionOfQuestionPage(page), `page ${page}`).toBe(expected(page));
    for (const page of [...INSTRUCTION_INDEXES, -1, 144, 1.5]) expect(sectionOfQuestionPage(page)).toBeNull();
  });

  it('knows which listening numbers share a clip and which are Part A', () => {
    const members = range(1, 50).filter(isListeningGroupMember);
    expect(members).toEqual([32, 33, 34, 36, 37, 38, 40, 41, 42, 44, 45, 46, 48, 49, 50]);
    expect(listeningGroupHeadOf(34)).toBe(31);
    expect(listeningGroupHeadOf(31)).toBeNull();
    expect(range(1, 143).filter(isListeningPartA)).toEqual(range(1, 30));
  });

  it('names the part of each instruction page', () => {
    expect(INSTRUCTION_INDEXES.map(introPartOf)).toEqual(['listening', 'structure', 'written', 'reading']);
    expect(introPartOf(1)).toBeUndefined();
  });
});
