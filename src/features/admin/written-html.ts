import { readWritten, WRITTEN_LETTERS, writtenMarkup, type WrittenLetter, type WrittenSegment } from '../../../contract/written-markup.ts';

/*
 * The admin's written-expression marker: the pasted sentence as clickable tokens and the parts
 * marked on them. The markup itself is read and written only by contract/written-markup.ts.
 */

/** The four letters of a written-expression item, assigned in click order. */
export const LETTERS = WRITTEN_LETTERS;
export type Letter = WrittenLetter;

/** A word or one punctuation mark of the pasted sentence, and whether a space came before it. */
export interface Token {
  text: string;
  /** True for words (letters and digits, with inner apostrophes or hyphens); false for punctuation. */
  word: boolean;
  /** Whether a space goes before this token: as typed, except never before closing punctuation. */
  spaceBefore: boolean;
  /** Offset of the token in the sentence (used to map underlined parts back onto tokens). */
  offset: number;
}

/** One underlined part: token indexes `start` to `end`, inclusive. Its letter is its place in the list. */
export interface Part {
  start: number;
  end: number;
}

const TOKEN = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*|\S/gu;
/** Marks that never take a space before them, however the sentence was typed (word boxes used to add one). */
const CLOSING = /^[.,;:!?)\]}”’]$/;

/** Splits a pasted sentence into words and punctuation, remembering where white space was. */
export function tokenize(sentence: string): Token[] {
  const tokens: Token[] = [];
  let end = 0;
  for (const m of sentence.matchAll(TOKEN)) {
    const offset = m.index;
    const spaceBefore = tokens.length > 0 && offset > end && !CLOSING.test(m[0]);
    tokens.push({ text: m[0], word: /[\p{L}\p{N}]/u.test(m[0]), spaceBefore, offset });
    end = offset + m[0].length;
  }
  return tokens;
}

/** The text of tokens `start`..`end` with the spacing they had in the sentence. */
function joined(tokens: readonly Token[], start: number, end: number): string {
  let out = '';
  for (let i = start; i <= end; i += 1) out += (i > start && tokens[i]!.spaceBefore ? ' ' : '') + tokens[i]!.text;
  return out;
}

/**
 * The sentence HTML the server and the exam expect, written by contract/written-markup.ts: each
 * part lettered by its place in `parts` (click order), everything else plain text, spaced as typed
 * but never before punctuation (so 'day.' never becomes 'day .').
 */
export function writtenHtml(tokens: readonly Token[], parts: readonly Part[]): string {
  const startsAt = new Map(parts.map((p, i) => [p.start, i]));
  const segments: WrittenSegment[] = [];
  let text = '';
  for (let i = 0; i < tokens.length; i += 1) {
    const space = i > 0 && tokens[i]!.spaceBefore ? ' ' : '';
    const partIndex = startsAt.get(i);
    if (partIndex !== undefined) {
      const part = parts[partIndex]!;
      if (text + space) segments.push({ kind: 'text', text: text + space });
      text = '';
      segments.push({ kind: 'part', text: joined(tokens, part.start, part.end), letter: LETTERS[partIndex]! });
      i = part.end;
    } else {
      text += space + tokens[i]!.text;
    }
  }
  if (text) segments.push({ kind: 'text', text });
  return writtenMarkup(segments);
}

/** The part holding token `index`, or -1. */
export function partAt(parts: readonly Part[], index: number): number {
  return parts.findIndex((p) => index >= p.start && index <= p.end);
}

/**
 * Clicking a word: a free word starts the next part (A, B, C, D in order, one word long); clicking
 * a word of the latest part takes that part back; anything else changes nothing.
 */
export function markWord(parts: readonly Part[], tokens: readonly Token[], index: number): Part[] {
  const at = partAt(parts, index);
  if (at !== -1) return at === parts.length - 1 ? parts.slice(0, -1) : [...parts];
  if (!tokens[index]?.word || parts.length >= LETTERS.length) return [...parts];
  return [...parts, { start: index, end: index }];
}

/** The next (+1) or previous (-1) word token from `from`, or -1. Punctuation between words is carried along. */
function wordFrom(tokens: readonly Token[], from: number, step: 1 | -1): number {
  for (let i = from + step; i >= 0 && i < tokens.length; i += step) if (tokens[i]!.word) return i;
  return -1;
}

/**
 * Grows (+1) the latest part to the next word, for parts such as 'in summer', or shrinks it (-1)
 * back by one word. It never reaches into another part, past the sentence or below one word.
 */
export function resizeLastPart(parts: readonly Part[], tokens: readonly Token[], delta: 1 | -1): Part[] {
  const last = parts[parts.length - 1];
  if (!last) return [...parts];
  const end = wordFrom(tokens, last.end, delta);
  if (end === -1 || end < last.start) return [...parts];
  if (delta === 1) {
    for (let i = last.end + 1; i <= end; i += 1) if (partAt(parts, i) !== -1) return [...parts];
  }
  return [...parts.slice(0, -1), { start: last.start, end }];
}

/** Whether the latest part can grow (+1) or shrink (-1): what the buttons show. */
export function canResizeLastPart(parts: readonly Part[], tokens: readonly Token[], delta: 1 | -1): boolean {
  const next = resizeLastPart(parts, tokens, delta);
  return next[next.length - 1]?.end !== parts[parts.length - 1]?.end;
}

/** True when the four parts run A, B, C, D from left to right, as the exam shows them. */
export function partsInOrder(parts: readonly Part[]): boolean {
  return parts.every((p, i) => i === 0 || p.start > parts[i - 1]!.end);
}

/**
 * Reads stored markup (or any shape contract/written-markup.ts recognises) back into the sentence
 * and its parts, for the edit screen. Null when it does not hold four lettered parts.
 */
export function readWrittenHtml(html: string): { sentence: string; parts: Part[] } | null {
  const read = readWritten(html);
  if (!read) return null;
  let sentence = '';
  const ranges: { from: number; to: number }[] = [];
  for (const segment of read.segments) {
    if (segment.kind === 'part') ranges.push({ from: sentence.length, to: sentence.length + segment.text.length });
    sentence += segment.text;
  }
  const tokens = tokenize(sentence);
  const parts = ranges.map(({ from, to }) => {
    const inside = tokens.flatMap((tk, i) => (tk.offset >= from && tk.offset < to ? [i] : []));
    return { start: inside[0] ?? -1, end: inside[inside.length - 1] ?? -1 };
  });
  // A part that is only white space cannot be marked again: treat the sentence as unreadable.
  return parts.every((p) => p.start >= 0) ? { sentence, parts } : null;
}
