/**
 * The one owner of written-expression markup: recognising a sentence with four lettered parts in
 * any common shape, and producing our stored markup. The server (form save, import) and the admin
 * screens use only this module; nothing else parses or writes `we-part` markup.
 *
 * Our markup (what is stored and what the exam renders):
 *   `The <span class="we-part"><u>children</u><span class="we-letter">A</span></span> play.`
 * i.e. plain text with each part as `<span class="we-part"><u>TEXT</u><span class="we-letter">L</span></span>`.
 *
 * Shapes recognised (each part is underlined with `<u>` and followed by its letter):
 *   - ours (above);
 *   - `<u>part</u><sub>A</sub>`, `<sup>`, `<span>` (any class), the letter alone or as `(A)`/`[A]`;
 *   - `<u>part</u><br>A`, including the previous system's word boxes
 *     `<p><u>word</u><br>A</p><p>word</p>` (each box is a word of the sentence);
 *   - `<u>part</u>[A]` or `<u>part</u> (A)`: the spreadsheet template's marks.
 * A sentence counts only with exactly four lettered parts whose letters run A, B, C, D from left to
 * right; everything else (other tags, attributes) is read for its text only.
 *
 * Pure string code (no DOM), so it runs the same in Node and the browser. Give it HTML that went
 * through the rich-text sanitiser (contract/rich-text.ts) when it comes from outside.
 */

export const WRITTEN_LETTERS = ['A', 'B', 'C', 'D'] as const;
export type WrittenLetter = (typeof WRITTEN_LETTERS)[number];

/** A piece of a sentence: plain text, or one lettered (underlined) part. */
export type WrittenSegment = { kind: 'text'; text: string } | { kind: 'part'; text: string; letter: WrittenLetter };

/** A recognised sentence: its segments and the four parts' text in letter order (the options). */
export interface WrittenSentence {
  segments: WrittenSegment[];
  parts: [string, string, string, string];
  /** The sentence in our markup. */
  html: string;
}

/** The refusal when a sentence does not have exactly four lettered parts A-D. */
export const WRITTEN_PARTS_MESSAGE =
  'Soal written expression harus memiliki tepat empat bagian bergaris bawah dengan huruf A, B, C, D berurutan.';

type Token = { t: 'text'; text: string } | { t: 'open'; name: string } | { t: 'close'; name: string };

const VOID_TAGS = new Set(['br', 'img', 'hr', 'wbr', 'input', 'col', 'source']);
/** Tags that separate words (a word box, a line, a cell). */
const BREAKING_TAGS = new Set(['br', 'p', 'div', 'li', 'tr', 'td', 'th', 'table', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

function tokenize(html: string): Token[] {
  const tokens: Token[] = [];
  const re = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>|([^<]+)|(<)/g;
  for (const m of html.matchAll(re)) {
    if (m[3] !== undefined) tokens.push({ t: 'text', text: decodeEntities(m[3]) });
    else if (m[4] !== undefined) tokens.push({ t: 'text', text: '<' });
    else if (m[2] !== undefined) {
      const name = m[2].toLowerCase();
      if (m[1]) {
        if (!VOID_TAGS.has(name)) tokens.push({ t: 'close', name });
      } else tokens.push({ t: 'open', name });
    }
  }
  return tokens;
}

/** Index just past the element opened at `start` (matching close of the same name), and its text. */
function elementAt(tokens: Token[], start: number): { end: number; text: string } {
  const open = tokens[start] as { t: 'open'; name: string };
  let depth = 0;
  let text = '';
  for (let i = start; i < tokens.length; i++) {
    const tok = tokens[i]!;
    if (tok.t === 'text') text += tok.text;
    else if (tok.name === open.name) {
      depth += tok.t === 'open' ? 1 : -1;
      if (depth === 0) return { end: i + 1, text };
    } else if (BREAKING_TAGS.has(tok.name)) text += ' ';
  }
  return { end: tokens.length, text };
}

const LETTER_ALONE = /^\s*[[(]?([A-Da-d])[\])]?\s*$/;
const LETTER_BRACKETED = /^\s*[[(]([A-Da-d])[\])]/;
const LETTER_AFTER_BREAK = /^\s*([A-D])(?=\s|$)/;

interface Marker {
  letter: WrittenLetter;
  /** Next token to read. */
  next: number;
  /** Text left over in the token the letter came from. */
  rest: string;
}

/** The letter mark following an underlined part that ended before token `from`, or null. */
function markerAfter(tokens: Token[], from: number): Marker | null {
  let i = from;
  // Whitespace and closing inline tags may stand between the part and its letter.
  while (i < tokens.length) {
    const tok = tokens[i]!;
    if (tok.t === 'text' && tok.text.trim() === '') i++;
    else if (tok.t === 'close' && !BREAKING_TAGS.has(tok.name)) i++;
    else break;
  }
  const tok = tokens[i];
  if (!tok) return null;
  if (tok.t === 'open' && (tok.name === 'sub' || tok.name === 'sup' || tok.name === 'span')) {
    const el = elementAt(tokens, i);
    const m = LETTER_ALONE.exec(el.text);
    return m ? { letter: m[1]!.toUpperCase() as WrittenLetter, next: el.end, rest: '' } : null;
  }
  if (tok.t === 'open' && tok.name === 'br') {
    const after = tokens[i + 1];
    const m = after?.t === 'text' ? LETTER_AFTER_BREAK.exec(after.text) : null;
    return m ? { letter: m[1] as WrittenLetter, next: i + 2, rest: (after as { text: string }).text.slice(m[0].length) } : null;
  }
  if (tok.t === 'text') {
    const m = LETTER_BRACKETED.exec(tok.text);
    return m ? { letter: m[1]!.toUpperCase() as WrittenLetter, next: i + 1, rest: tok.text.slice(m[0].length) } : null;
  }
  return null;
}

/** Every underlined part with a letter after it, and the text around them, in reading order. */
function segmentsOf(html: string): WrittenSegment[] {
  const tokens = tokenize(html);
  const segments: WrittenSegment[] = [];
  let buffer = '';
  const flush = () => {
    if (buffer) segments.push({ kind: 'text', text: buffer });
    buffer = '';
  };
  let i = 0;
  while (i < tokens.length) {
    const tok = tokens[i]!;
    if (tok.t === 'open' && tok.name === 'u') {
      const el = elementAt(tokens, i);
      const marker = markerAfter(tokens, el.end);
      if (marker) {
        if (/^\s/.test(el.text)) buffer += ' ';
        flush();
        segments.push({ kind: 'part', text: el.text, letter: marker.letter });
        buffer = (/\s$/.test(el.text) ? ' ' : '') + marker.rest;
        i = marker.next;
        continue;
      }
      buffer += el.text;
      i = el.end;
      continue;
    }
    if (tok.t === 'text') buffer += tok.text;
    else if (BREAKING_TAGS.has(tok.name)) buffer += ' ';
    i++;
  }
  flush();
  return tidy(segments);
}

/** Single spaces, none at the ends, none before punctuation (word boxes put one there). */
function tidy(segments: WrittenSegment[]): WrittenSegment[] {
  const out = segments.map((s) => ({ ...s, text: s.text.replace(/\s+/g, ' ') }));
  for (const s of out) if (s.kind === 'part') s.text = s.text.trim();
  for (const s of out) if (s.kind === 'text') s.text = s.text.replace(/ ([.,;:!?)])/g, '$1');
  if (out[0]?.kind === 'text') out[0].text = out[0].text.trimStart();
  const last = out[out.length - 1];
  if (last?.kind === 'text') last.text = last.text.trimEnd();
  return out.filter((s) => s.kind === 'part' || s.text !== '');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Our stored markup for a sentence's segments (text escaped). */
export function writtenMarkup(segments: readonly WrittenSegment[]): string {
  return segments
    .map((s) =>
      s.kind === 'part'
        ? `<span class="we-part"><u>${escapeHtml(s.text)}</u><span class="we-letter">${s.letter}</span></span>`
        : escapeHtml(s.text),
    )
    .join('');
}

/** The four parts in letter order when the segments hold exactly A, B, C, D from left to right, else null. */
function partsOf(segments: readonly WrittenSegment[]): [string, string, string, string] | null {
  const parts = segments.filter((s): s is Extract<WrittenSegment, { kind: 'part' }> => s.kind === 'part');
  if (parts.length !== WRITTEN_LETTERS.length) return null;
  if (parts.some((p, i) => p.letter !== WRITTEN_LETTERS[i] || p.text === '')) return null;
  return parts.map((p) => p.text) as [string, string, string, string];
}

/**
 * Recognises a written-expression sentence in any shape listed above and answers it in our
 * markup with its four parts, or null when it does not have exactly four lettered parts A-D.
 */
export function readWritten(html: string): WrittenSentence | null {
  const segments = segmentsOf(html);
  const parts = partsOf(segments);
  return parts ? { segments, parts, html: writtenMarkup(segments) } : null;
}

/**
 * Segments from a plain sentence and the character ranges an admin marked (end exclusive). Letters
 * go by position, A leftmost; blanks at a range's ends stay outside the part. At most four ranges,
 * none overlapping (else RangeError); check the result with `readWritten(writtenMarkup(segments))`.
 */
export function markSentence(sentence: string, ranges: readonly { start: number; end: number }[]): WrittenSegment[] {
  if (ranges.length > WRITTEN_LETTERS.length) throw new RangeError('at most four parts');
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const segments: WrittenSegment[] = [];
  let at = 0;
  sorted.forEach((r, k) => {
    let { start, end } = r;
    while (start < end && /\s/.test(sentence[start]!)) start++;
    while (end > start && /\s/.test(sentence[end - 1]!)) end--;
    if (start < at) throw new RangeError('overlapping ranges');
    if (start > at) segments.push({ kind: 'text', text: sentence.slice(at, start) });
    segments.push({ kind: 'part', text: sentence.slice(start, end), letter: WRITTEN_LETTERS[k]! });
    at = end;
  });
  if (at < sentence.length) segments.push({ kind: 'text', text: sentence.slice(at) });
  return tidy(segments);
}
