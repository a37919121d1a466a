import { WRITTEN_LETTERS, writtenMarkup, type WrittenLetter, type WrittenSegment } from '../../../contract/written-markup.ts';

/** The four letters of a written-expression item, assigned in click order. */
export const LETTERS = WRITTEN_LETTERS;
export type Letter = WrittenLetter;

/** Word boxes as entered: trimmed, empty ones dropped (spec section 5). Keeps each word's box index. */
export function wordsOf(boxes: readonly string[]): { index: number; word: string }[] {
  return boxes.map((raw, index) => ({ index, word: raw.trim() })).filter((w) => w.word !== '');
}

/**
 * The sentence HTML the server and the exam expect (contract/written-markup.ts owns the markup):
 * each chosen word a lettered part, every other word plain text, joined by single spaces.
 * `letters` maps a box index to its letter.
 */
export function writtenHtml(boxes: readonly string[], letters: ReadonlyMap<number, Letter>): string {
  const segments = wordsOf(boxes).flatMap(({ index, word }, k): WrittenSegment[] => {
    const letter = letters.get(index);
    const space: WrittenSegment[] = k > 0 ? [{ kind: 'text', text: ' ' }] : [];
    return [...space, letter ? { kind: 'part', text: word, letter } : { kind: 'text', text: word }];
  });
  return writtenMarkup(segments);
}

/**
 * Clicking a word: an unlettered word gets the next free letter (A, B, C, D in order, once per
 * word); clicking the word holding the latest letter takes it back; anything else changes nothing.
 */
export function toggleLetter(letters: ReadonlyMap<number, Letter>, index: number): Map<number, Letter> {
  const next = new Map(letters);
  const current = letters.get(index);
  if (current) {
    if (LETTERS.indexOf(current) === letters.size - 1) next.delete(index);
    return next;
  }
  const letter = LETTERS[letters.size];
  if (letter) next.set(index, letter);
  return next;
}

/** True when the four letters run A, B, C, D from left to right, as the exam shows them. */
export function lettersInOrder(letters: ReadonlyMap<number, Letter>): boolean {
  const byPosition = [...letters.entries()].sort(([a], [b]) => a - b).map(([, l]) => l);
  return byPosition.join('') === LETTERS.slice(0, byPosition.length).join('');
}

/** Letters of boxes that no longer hold a word are dropped (a box emptied or a column removed). */
export function pruneLetters(letters: ReadonlyMap<number, Letter>, boxes: readonly string[]): Map<number, Letter> {
  const kept = [...letters.entries()].filter(([index]) => (boxes[index] ?? '').trim() !== '');
  kept.sort(([, a], [, b]) => LETTERS.indexOf(a) - LETTERS.indexOf(b));
  // Re-letter what is left so the letters stay a gap-free A, B, ... in click order.
  return new Map(kept.map(([index], i) => [index, LETTERS[i]!]));
}
