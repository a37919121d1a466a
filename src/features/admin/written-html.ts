/** The four letters of a written-expression item, assigned in click order. */
export const LETTERS = ['A', 'B', 'C', 'D'] as const;
export type Letter = (typeof LETTERS)[number];

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A word or one punctuation mark of the pasted sentence, and whether a space came before it. */
export interface Token {
  text: string;
  /** True for words (letters and digits, with inner apostrophes or hyphens); false for punctuation. */
  word: boolean;
  /** Whether the sentence had white space before this token: kept as typed, so no space appears before a full stop. */
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

/** Splits a pasted sentence into words and punctuation, remembering where white space was. */
export function tokenize(sentence: string): Token[] {
  const tokens: Token[] = [];
  let end = 0;
  for (const m of sentence.matchAll(TOKEN)) {
    const offset = m.index;
    tokens.push({ text: m[0], word: /[\p{L}\p{N}]/u.test(m[0]), spaceBefore: tokens.length > 0 && offset > end, offset });
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
 * The one writer of the sentence HTML the server and the exam expect: each part as
 * `<span class="we-part"><u>PART</u><span class="we-letter">A</span></span>`, everything else as
 * plain text, spaced as the admin typed it (so 'day.' never becomes 'day .').
 */
export function writtenHtml(tokens: readonly Token[], parts: readonly Part[]): string {
  const startsAt = new Map(parts.map((p, i) => [p.start, i]));
  let out = '';
  for (let i = 0; i < tokens.length; i += 1) {
    const space = i > 0 && tokens[i]!.spaceBefore ? ' ' : '';
    const partIndex = startsAt.get(i);
    if (partIndex !== undefined) {
      const part = parts[partIndex]!;
      const text = escapeHtml(joined(tokens, part.start, part.end));
      out += `${space}<span class="we-part"><u>${text}</u><span class="we-letter">${LETTERS[partIndex]}</span></span>`;
      i = part.end;
    } else {
      out += space + escapeHtml(tokens[i]!.text);
    }
  }
  return out;
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
 * Reads stored markup back into the sentence and its parts (the edit screen). `parse` turns HTML
 * into a container element (DOMParser in the browser, jsdom in tests). Parts are taken in letter
 * order; text outside the sentence markup (the letters themselves) is left out.
 */
export function readWrittenHtml(html: string, parse: (html: string) => Element): { sentence: string; parts: Part[] } {
  let sentence = '';
  const ranges: { letter: string; from: number; to: number }[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3) {
      sentence += node.textContent ?? '';
      return;
    }
    if (node.nodeType !== 1) return;
    const el = node as Element;
    if (el.classList.contains('we-letter')) return;
    if (el.classList.contains('we-part')) {
      const letter = (el.querySelector('.we-letter')?.textContent ?? '').trim();
      const from = sentence.length;
      el.childNodes.forEach(walk);
      ranges.push({ letter, from, to: sentence.length });
      return;
    }
    if (el.tagName === 'BR' || el.tagName === 'P') sentence += ' ';
    el.childNodes.forEach(walk);
  };
  parse(html).childNodes.forEach(walk);
  const text = sentence.replace(/\s+/g, ' ');
  const tokens = tokenize(text);
  // Offsets shift when runs of white space collapse: map each range through the same collapse.
  const collapsedOffset = (raw: number) => sentence.slice(0, raw).replace(/\s+/g, ' ').length;
  const parts = ranges
    .sort((a, b) => a.letter.localeCompare(b.letter))
    .map(({ from, to }) => {
      const a = collapsedOffset(from);
      const b = collapsedOffset(to);
      const inside = tokens.map((tk, i) => ({ tk, i })).filter(({ tk }) => tk.offset >= a && tk.offset < b);
      return inside.length > 0 ? { start: inside[0]!.i, end: inside[inside.length - 1]!.i } : null;
    })
    .filter((p): p is Part => p !== null);
  // Leading white space is no token, so the indexes hold for the trimmed sentence too.
  return { sentence: text.trim(), parts };
}
