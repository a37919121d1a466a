/**
 * The exam layout: one list of 144 entries by index (spec sections 2, 3 and 9; DESIGN section 5).
 * The ONE owner of every index range, page, group, number and count of the exam: machines/,
 * contract/, server/ and src/ all import this file, so it stays free of zod and of any other
 * module of ours (docs/decisions/006-exam-rules-owners.md). Nothing else writes these numbers.
 */

/** A section as the machine and the server's `sesi` name it. */
export type ExamSection = 'listening' | 'written' | 'reading';

/** The part a question belongs to, as stored on a question row (`structure` is inside `written`). */
export type QuestionPart = 'listening' | 'structure' | 'written' | 'reading';

export const EXAM_SECTIONS: readonly ExamSection[] = ['listening', 'written', 'reading'];

/** Header text after 'SESI: ' and inside 'Sesi {section} Telah Berakhir'. */
export const SECTION_DISPLAY_NAMES: Readonly<Record<ExamSection, string>> = {
  listening: 'LISTENING COMPREHENSION',
  written: 'STRUCTURE AND WRITTEN EXPRESSION',
  reading: 'READING COMPREHENSION',
};

export const EXAM_LENGTH = 144;
/** The highest exam index (the last reading question). */
export const LAST_INDEX = EXAM_LENGTH - 1;
export const QUESTION_COUNT = 140;
export const GRID_COLUMNS = 5;

export const INSTRUCTION_INDEXES = [0, 51, 67, 93] as const;
const INSTRUCTION_LABELS: Readonly<Record<number, string>> = { 0: 'I1', 51: 'I2', 67: 'I3', 93: 'I4' };

export interface IndexRange {
  readonly first: number;
  readonly last: number;
}

/** Inclusive index range of each section, instruction pages included. */
export const SECTION_RANGES: Readonly<Record<ExamSection, IndexRange>> = {
  listening: { first: 0, last: 50 },
  written: { first: 51, last: 92 },
  reading: { first: 93, last: 143 },
};

/** Question indexes of each part with the grid number of the part's first question. */
export const PART_RANGES: Readonly<Record<QuestionPart, IndexRange & { readonly firstNumber: number }>> = {
  listening: { first: 1, last: 50, firstNumber: 1 },
  structure: { first: 52, last: 66, firstNumber: 1 },
  written: { first: 68, last: 92, firstNumber: 16 },
  reading: { first: 94, last: 143, firstNumber: 1 },
};

export const QUESTION_PARTS: readonly QuestionPart[] = ['listening', 'structure', 'written', 'reading'];

/** Listening questions 31-34 ... 47-50 share one audio and show as one item at the group head. */
export const LISTENING_GROUPS: readonly IndexRange[] = [
  { first: 31, last: 34 },
  { first: 35, last: 38 },
  { first: 39, last: 42 },
  { first: 43, last: 46 },
  { first: 47, last: 50 },
];

export const PREV_JUMPS: Readonly<Record<number, number>> = { 35: 31, 39: 35, 43: 39, 47: 43 };
export const NEXT_JUMPS: Readonly<Record<number, number>> = { 31: 35, 35: 39, 39: 43, 43: 47 };
/** The last reachable item of each section (47 is the head of the last listening group). */
export const NO_NEXT_INDEXES: readonly number[] = [47, 50, 92, 143];
/** Section intros: listening, structure and reading intros have no previous. */
export const NO_PREV_INDEXES: readonly number[] = [0, 51, 93];

export type ExamEntry<Q> =
  | { readonly kind: 'instruction'; readonly index: number; readonly section: ExamSection; readonly label: string }
  | {
      readonly kind: 'question';
      readonly index: number;
      readonly section: ExamSection;
      readonly part: QuestionPart;
      /** Number shown in the grid and beside the question (1-50, 1-40, 1-50). */
      readonly number: number;
      readonly question: Q;
      /** Indexes shown together on this item's screen (the group for 31, 35, ..., 47; else itself). */
      readonly shownIndexes: readonly number[];
    };

export interface GridEntry {
  readonly index: number;
  readonly label: string;
  readonly clickable: boolean;
}

export function isExamIndex(index: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < EXAM_LENGTH;
}

export function isInstructionIndex(index: number): boolean {
  return (INSTRUCTION_INDEXES as readonly number[]).includes(index);
}

export function sectionOfIndex(index: number): ExamSection | undefined {
  return EXAM_SECTIONS.find((s) => index >= SECTION_RANGES[s].first && index <= SECTION_RANGES[s].last);
}

export function partOfIndex(index: number): QuestionPart | undefined {
  const parts = Object.keys(PART_RANGES) as QuestionPart[];
  return parts.find((p) => index >= PART_RANGES[p].first && index <= PART_RANGES[p].last);
}

export function sectionFirstIndex(section: ExamSection): number {
  return SECTION_RANGES[section].first;
}

export function isInSection(index: number, section: ExamSection): boolean {
  return Number.isInteger(index) && index >= SECTION_RANGES[section].first && index <= SECTION_RANGES[section].last;
}

/** An index outside the current section jumps to the section's first index (spec section 4). */
export function clampToSection(index: number, section: ExamSection): number {
  return isInSection(index, section) ? index : sectionFirstIndex(section);
}

export function listeningGroupOf(index: number): IndexRange | undefined {
  return LISTENING_GROUPS.find((g) => index >= g.first && index <= g.last);
}

/** The index whose screen shows `index`: the group head for grouped questions, else itself. */
export function itemIndexOf(index: number): number {
  return listeningGroupOf(index)?.first ?? index;
}

/** Grid cells that only exist inside a group screen cannot be selected. */
export function isClickable(index: number): boolean {
  return isExamIndex(index) && itemIndexOf(index) === index;
}

export function questionNumberOf(index: number): number | undefined {
  const part = partOfIndex(index);
  if (!part) return undefined;
  const range = PART_RANGES[part];
  return range.firstNumber + (index - range.first);
}

export function gridLabelOf(index: number): string {
  return INSTRUCTION_LABELS[index] ?? String(questionNumberOf(index) ?? '');
}

export function hasNext(index: number): boolean {
  return isExamIndex(index) && !NO_NEXT_INDEXES.includes(index);
}

export function hasPrev(index: number): boolean {
  return isExamIndex(index) && !NO_PREV_INDEXES.includes(index);
}

/** Index that Selanjutnya leads to, or null where the button is hidden. */
export function nextIndex(index: number): number | null {
  if (!hasNext(index)) return null;
  return NEXT_JUMPS[index] ?? index + 1;
}

/** Index that Sebelumnya leads to, or null where the button is hidden. */
export function prevIndex(index: number): number | null {
  if (!hasPrev(index)) return null;
  return PREV_JUMPS[index] ?? index - 1;
}

/** The grid of one section: only the current section's range is shown. */
export function gridEntries(section: ExamSection): GridEntry[] {
  const { first, last } = SECTION_RANGES[section];
  const entries: GridEntry[] = [];
  for (let index = first; index <= last; index++) {
    entries.push({ index, label: gridLabelOf(index), clickable: isClickable(index) });
  }
  return entries;
}

/** The question indexes (pages) in exam order: 1-50, 52-66, 68-92, 94-143. */
export const QUESTION_INDEXES: readonly number[] = Array.from({ length: EXAM_LENGTH }, (_, i) => i).filter((i) => !isInstructionIndex(i));

/**
 * Why a question list cannot be laid out, or null. The server derives `page` from section and
 * number, so a valid package has exactly the pages 1-50, 52-66, 68-92 and 94-143.
 */
export function examLayoutProblem(questions: readonly { page: number }[]): string | null {
  if (questions.length !== QUESTION_COUNT) {
    return `expected ${QUESTION_COUNT} questions, got ${questions.length}`;
  }
  const pages = questions.map((q) => q.page).sort((a, b) => a - b);
  const wrong = pages.findIndex((page, i) => page !== QUESTION_INDEXES[i]);
  return wrong === -1 ? null : `question pages must be ${QUESTION_INDEXES.join(',')}; found page ${pages[wrong]}`;
}

/** The 144-entry list from the 140 questions; throws when `examLayoutProblem` reports one. */
export function buildExamEntries<Q extends { page: number }>(questions: readonly Q[]): ExamEntry<Q>[] {
  const problem = examLayoutProblem(questions);
  if (problem) throw new RangeError(problem);
  const byPage = new Map(questions.map((q) => [q.page, q]));
  return Array.from({ length: EXAM_LENGTH }, (_, index): ExamEntry<Q> => {
    const section = sectionOfIndex(index)!;
    const question = byPage.get(index);
    if (!question) return { kind: 'instruction', index, section, label: INSTRUCTION_LABELS[index]! };
    const group = index === itemIndexOf(index) ? listeningGroupOf(index) : undefined;
    const shownIndexes = group ? Array.from({ length: group.last - group.first + 1 }, (_, k) => group.first + k) : [index];
    return {
      kind: 'question',
      index,
      section,
      part: partOfIndex(index)!,
      number: questionNumberOf(index)!,
      question,
      shownIndexes,
    };
  });
}

/** Questions in a part: 50 / 15 / 25 / 50 (what a complete package holds). */
export function partQuestionCount(part: QuestionPart): number {
  return PART_RANGES[part].last - PART_RANGES[part].first + 1;
}

/** Questions in a section: 50 / 40 / 50 (the denominators of the correct counts). */
export function sectionQuestionCount(section: ExamSection): number {
  const { first, last } = SECTION_RANGES[section];
  return QUESTION_INDEXES.filter((i) => i >= first && i <= last).length;
}

/** The question numbers of a part as stored in `no_soal`: 1-50, 1-15, 16-40, 1-50. */
export function partNumberRange(part: QuestionPart): IndexRange {
  const { firstNumber } = PART_RANGES[part];
  return { first: firstNumber, last: firstNumber + partQuestionCount(part) - 1 };
}

/** The exam index (`page`) of a part's question number: listening 1 -> 1, structure 1 -> 52, written 16 -> 68, reading 1 -> 94. */
export function pageOf(part: QuestionPart, noSoal: number): number {
  const range = PART_RANGES[part];
  return range.first - range.firstNumber + noSoal;
}

/** The section whose answers a question page holds, or null for an instruction page or no page at all. */
export function sectionOfQuestionPage(page: number): ExamSection | null {
  return Number.isInteger(page) && partOfIndex(page) !== undefined ? (sectionOfIndex(page) ?? null) : null;
}

/** The head of the listening group a question number belongs to (32 -> 31), or null for a clip of its own. */
export function listeningGroupHeadOf(noSoal: number): number | null {
  const page = pageOf('listening', noSoal);
  const group = listeningGroupOf(page);
  return group && page !== group.first ? group.first : null;
}

/** Listening questions that share their group head's clip (33 shares 31's): they carry no audio of their own. */
export function isListeningGroupMember(noSoal: number): boolean {
  return listeningGroupHeadOf(noSoal) !== null;
}

/** Listening Part A (short conversations) is every listening question before the first group. */
export function isListeningPartA(index: number): boolean {
  return partOfIndex(index) === 'listening' && index < LISTENING_GROUPS[0]!.first;
}

/**
 * The listening part (A short conversations, B longer conversations, C talks) of a question
 * number: Part B is the first two groups, Part C the rest (the ITP's 31-38 and 39-50).
 */
export function listeningPartOf(noSoal: number): 'A' | 'B' | 'C' {
  const page = pageOf('listening', noSoal);
  const group = LISTENING_GROUPS.findIndex((g) => page >= g.first && page <= g.last);
  if (group < 0) return 'A';
  return group < 2 ? 'B' : 'C';
}

/** The part whose instructions an instruction page shows (0 listening, 51 structure, 67 written, 93 reading). */
export function introPartOf(index: number): QuestionPart | undefined {
  if (!isInstructionIndex(index)) return undefined;
  return QUESTION_PARTS.find((p) => PART_RANGES[p].first === index + 1);
}

/** The header countdown, HH:MM:SS (spec section 9). */
export function formatHms(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}
