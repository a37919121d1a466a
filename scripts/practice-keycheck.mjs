#!/usr/bin/env node
// Authoring tool for the blind key check of the practice bank (content/practice).
//
//   node scripts/practice-keycheck.mjs sheet [ids-prefix...] > sheet.txt
//       prints the items WITHOUT keys, corrections or explanations (listening as a transcript),
//       in a shuffled but reproducible order, so a second reader solves them from the text alone;
//   node scripts/practice-keycheck.mjs compare answers.txt
//       reads "id LETTER" lines (A-D, '#' comments allowed) and lists every disagreement with
//       the keys, plus the bank's items that were left unanswered.
//
// Plain Node ESM, no npm deps. The record of each pass is content/practice/KEYCHECK.md.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIR = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'content/practice');
const LETTERS = 'ABCD';

/**
 * @typedef {{ speaker: string, text: string }} Line
 * @typedef {{ id: string, jawaban: string, soal: string, pilihan: string[] }} ChoiceItem
 * @typedef {{ id: string, jawaban: string, soal: string }} WrittenItem
 * @typedef {ChoiceItem & { passage: string }} ReadingItem
 * @typedef {{ passages: { key: string, nama: string, html: string }[], questions: ReadingItem[] }} Reading
 * @typedef {{ id: string, jawaban: string, question: string, pilihan: string[],
 *   dialogue?: Line[], talk?: { intro: string, lines: Line[] } }} ListeningItem
 * @typedef {{ id: string, key: string, body: string, passage?: string }} Entry
 */

/**
 * @template T
 * @param {string} name
 * @param {T} empty
 * @returns {T}
 */
const read = (name, empty) => {
  const file = join(DIR, name);
  return existsSync(file) ? /** @type {T} */ (JSON.parse(readFileSync(file, 'utf8'))) : empty;
};

/** @param {string} html */
const text = (html) =>
  html
    .replace(/<span class="we-letter">([A-D])<\/span>/g, '<sub>$1</sub>')
    .replace(/<u>((?:&nbsp;)+)<\/u>/g, '_____')
    .replace(/<u>/g, '[')
    .replace(/<\/u><sub>([A-D])<\/sub>/g, ']$1')
    .replace(/<\/?[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');

/** @param {string[]} opts */
const choices = (opts) => opts.map((o, i) => `   (${LETTERS[i]}) ${text(o)}`).join('\n');
/** @param {Line[]} lines */
const script = (lines) => lines.map((l) => `   ${l.speaker.toUpperCase()}: ${l.text}`).join('\n');

/** Every item in file order, and the reading passages as printable text. */
function bank() {
  /** @type {Entry[]} */
  const items = [];
  for (const q of read('structure.json', /** @type {ChoiceItem[]} */ ([]))) {
    items.push({ id: q.id, key: q.jawaban, body: `${text(q.soal)}\n${choices(q.pilihan)}` });
  }
  for (const q of read('written.json', /** @type {WrittenItem[]} */ ([]))) {
    items.push({ id: q.id, key: q.jawaban, body: `Which underlined part must be changed?\n   ${text(q.soal)}` });
  }
  const reading = read('reading.json', /** @type {Reading} */ ({ passages: [], questions: [] }));
  /** @type {Map<string, string>} */
  const passages = new Map(reading.passages.map((p) => [p.key, `${p.nama}\n${text(p.html.replace(/<\/p>/g, '\n'))}`]));
  for (const q of reading.questions) {
    items.push({ id: q.id, key: q.jawaban, body: `[passage ${q.passage}] ${text(q.soal)}\n${choices(q.pilihan)}`, passage: q.passage });
  }
  for (const q of read('listening.json', /** @type {ListeningItem[]} */ ([]))) {
    const talk = q.talk ? `   ${q.talk.intro}\n${script(q.talk.lines)}` : script(q.dialogue ?? []);
    items.push({ id: q.id, key: q.jawaban, body: `${talk}\n   NARRATOR: ${q.question}\n${choices(q.pilihan)}` });
  }
  return { items, passages };
}

/** Reproducible shuffle (mulberry32) so a sheet can be regenerated identically. */
/**
 * @template T
 * @param {T[]} list
 * @returns {T[]}
 */
function shuffled(list) {
  let s = 20261123;
  const rnd = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    const t = /** @type {T} */ (a[i]);
    a[i] = /** @type {T} */ (a[j]);
    a[j] = t;
  }
  return a;
}

/** @param {string[]} prefixes */
function sheet(prefixes) {
  const { items, passages } = bank();
  const chosen = items.filter((it) => !prefixes.length || prefixes.some((p) => it.id.startsWith(p)));
  // Reading items stay grouped under their passage; everything else is shuffled.
  const reading = chosen.filter((it) => it.passage);
  const rest = shuffled(chosen.filter((it) => !it.passage));
  for (const it of rest) console.info(`${it.id}\n${it.body}\n`);
  let current = '';
  for (const it of reading) {
    if (it.passage && it.passage !== current) {
      current = it.passage;
      console.info(`==== ${passages.get(current) ?? current}\n`);
    }
    console.info(`${it.id}\n${it.body}\n`);
  }
  console.error(`${chosen.length} item(s) on the sheet`);
}

/** @param {string} file */
function compare(file) {
  const keys = new Map(bank().items.map((it) => [it.id, LETTERS[Number(it.key) - 1]]));
  /** @type {Map<string, string>} */
  const answers = new Map();
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) continue;
    const m = /^(\S+)\s+([A-D])$/i.exec(line);
    if (!m?.[1] || !m[2]) throw new Error(`cannot read line: ${raw}`);
    answers.set(m[1], m[2].toUpperCase());
  }
  let agree = 0;
  const disagree = [];
  for (const [id, letter] of answers) {
    if (!keys.has(id)) disagree.push(`${id}: not in the bank`);
    else if (keys.get(id) === letter) agree++;
    else disagree.push(`${id}: answered ${letter}, key ${keys.get(id)}`);
  }
  const unanswered = [...keys.keys()].filter((id) => !answers.has(id));
  console.info(`${answers.size} answered, ${agree} agree, ${disagree.length} disagree, ${unanswered.length} of the bank unanswered`);
  for (const d of disagree) console.info(`  ${d}`);
  if (unanswered.length) console.info(`  unanswered: ${unanswered.join(' ')}`);
  process.exitCode = disagree.length ? 1 : 0;
}

const [cmd, ...rest] = process.argv.slice(2);
if (cmd === 'sheet') sheet(rest);
else if (cmd === 'compare' && rest[0]) compare(rest[0]);
else {
  console.error('Use: practice-keycheck.mjs sheet [id-prefix...] | compare answers.txt');
  process.exitCode = 2;
}
