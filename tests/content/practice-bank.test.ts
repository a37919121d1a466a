import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SKILLS, skillById, type Skill } from '../../contract/skills.ts';
import { contentDir } from '../../server/paths.ts';
import { readWritten } from '../../contract/written-markup.ts';
import { sanitizeHtml } from '../../server/services/sanitize.service.ts';
import { mp3Duration } from './mp3.ts';

/*
 * The free practice bank (content/practice, format in content/README.md). These checks are what
 * "written for a drill" means: every item stands alone, carries a skill of its own section, has one
 * key among four options, and an Indonesian explanation that names that key.
 */

const dir = path.join(contentDir, 'practice');
const read = <T>(name: string, empty: T): T => {
  const file = path.join(dir, name);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : empty;
};

interface Line {
  speaker: string;
  text: string;
}
interface Base {
  id: string;
  no_soal: number;
  skill: string;
  jawaban: string;
  pembahasan: string;
}
interface ListeningItem extends Base {
  part: 'A' | 'B' | 'C';
  audio: string | null;
  question: string;
  dialogue?: Line[];
  talk?: { intro: string; lines: Line[] };
  pilihan: string[];
}
interface StructureItem extends Base {
  soal: string;
  pilihan: string[];
}
interface WrittenItem extends Base {
  soal: string;
  parts: string[];
  koreksi: string;
}
interface ReadingItem extends Base {
  passage: string;
  soal: string;
  pilihan: string[];
}
interface Reading {
  passages: { key: string; nama: string; html: string }[];
  questions: ReadingItem[];
}

const listening = read<ListeningItem[]>('listening.json', []);
const structure = read<StructureItem[]>('structure.json', []);
const written = read<WrittenItem[]>('written.json', []);
const reading = read<Reading>('reading.json', { passages: [], questions: [] });

const sections: [Skill['section'], string, Base[]][] = [
  ['listening', 'l[abc]', listening],
  ['structure', 'st', structure],
  ['written', 'we', written],
  ['reading', 'rd', reading.questions],
];
const all = sections.flatMap(([, , items]) => items);
const LETTERS = 'ABCD';
const letterOf = (q: Base) => LETTERS[Number(q.jawaban) - 1];
const words = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;

/** What the bank promises: enough items that a drill of any one skill has material. */
const MIN_PER_SKILL = 6;
const MIN_TOTAL = 300;

describe('practice bank: coverage', () => {
  it(`holds at least ${MIN_TOTAL} items, at least ${MIN_PER_SKILL} for every skill of the taxonomy`, () => {
    expect(all.length).toBeGreaterThanOrEqual(MIN_TOTAL);
    const perSkill = new Map<string, number>(SKILLS.map((s) => [s.id, 0]));
    for (const q of all) perSkill.set(q.skill, (perSkill.get(q.skill) ?? 0) + 1);
    const short = [...perSkill].filter(([, n]) => n < MIN_PER_SKILL);
    expect(short, 'skills with too few items').toEqual([]);
  });

  it('spreads the keys over A-D in every section (no letter under 15%)', () => {
    for (const [section, , items] of sections) {
      for (const key of ['1', '2', '3', '4']) {
        expect(items.filter((q) => q.jawaban === key).length / items.length, `${section} key ${key}`).toBeGreaterThanOrEqual(0.15);
      }
    }
  });
});

describe('practice bank: every item', () => {
  it('has a unique stable id, numbered in file order', () => {
    for (const [, prefix, items] of sections) {
      items.forEach((q, i) => {
        expect(q.id, JSON.stringify(q).slice(0, 80)).toMatch(new RegExp(`^pr-${prefix}-\\d{3}$`));
        expect(q.no_soal, q.id).toBe(i + 1);
      });
    }
    expect(new Set(all.map((q) => q.id)).size).toBe(all.length);
  });

  it('carries a known skill of its own section (and listening part)', () => {
    for (const [section, , items] of sections) {
      for (const q of items) {
        const skill = skillById(q.skill);
        expect(skill?.section, `${q.id}: ${q.skill}`).toBe(section);
        if (section === 'listening') expect(skill?.part, q.id).toBe((q as ListeningItem).part);
      }
    }
  });

  it('has four distinct options, a key 1-4 and an Indonesian explanation that names the key', () => {
    for (const q of all) {
      const options = 'parts' in q ? (q as WrittenItem).parts : (q as StructureItem).pilihan;
      expect(options, q.id).toHaveLength(4);
      expect(new Set(options.map((o) => o.trim())).size, q.id).toBe(4);
      for (const o of options) expect(o.trim(), q.id).not.toBe('');
      expect(['1', '2', '3', '4'], q.id).toContain(q.jawaban);
      expect(q.pembahasan.length, q.id).toBeGreaterThan(120);
      // Indonesian, not English: several distinct Indonesian function words.
      const indonesian = new Set(
        q.pembahasan
          .toLowerCase()
          .match(
            /\b(yang|dan|di|ke|dari|karena|adalah|jadi|bukan|tidak|harus|ini|itu|dengan|untuk|pada|salah|benar|soal|kalimat|paragraf|berarti|justru)\b/g,
          ),
      );
      expect(indonesian.size, q.id).toBeGreaterThanOrEqual(3);
      // The letter the explanation presents as the answer is the key's letter.
      const named = /(?:[Jj]awaban(?:nya)?(?: yang (?:benar|tepat))?(?: adalah)?|[Bb]agian yang salah adalah) \(([A-D])\)/.exec(
        q.pembahasan,
      );
      expect(named?.[1], `${q.id}: explanation names no key or another key`).toBe(letterOf(q));
    }
  });
});

describe('practice bank: structure and written expression', () => {
  it('gives each structure item exactly one blank', () => {
    for (const q of structure) expect(q.soal.match(/<u>(?:&nbsp;)+<\/u>/g), q.id).toHaveLength(1);
  });

  it('marks exactly four underlined parts A-D in every written item, matching its parts, with a correction', async () => {
    for (const q of written) {
      expect(readWritten(q.soal)?.parts, q.id).toEqual(q.parts);
      expect(q.koreksi.trim(), q.id).not.toBe('');
      expect(q.koreksi.trim(), q.id).not.toBe(q.parts[Number(q.jawaban) - 1]!.trim());
    }
  }, 60_000);

  it('passes every HTML fragment through the sanitiser unchanged', async () => {
    const fragments = [
      ...structure.map((q) => q.soal),
      ...written.map((q) => q.soal),
      ...reading.questions.map((q) => q.soal),
      ...reading.passages.map((p) => p.html),
    ];
    for (const html of fragments) expect(await sanitizeHtml(html)).toBe(html);
  }, 60_000);
});

describe('practice bank: reading', () => {
  it('has short passages (150-300 words), each asked about with several different skills', () => {
    const keys = new Set(reading.passages.map((p) => p.key));
    expect(keys.size).toBe(reading.passages.length);
    for (const q of reading.questions) expect(keys, q.id).toContain(q.passage);
    for (const p of reading.passages) {
      expect(words(p.html), p.key).toBeGreaterThanOrEqual(150);
      expect(words(p.html), p.key).toBeLessThanOrEqual(300);
      const own = reading.questions.filter((q) => q.passage === p.key);
      expect(own.length, p.key).toBeGreaterThanOrEqual(4);
      expect(new Set(own.map((q) => q.skill)).size, p.key).toBeGreaterThanOrEqual(4);
    }
  });
});

describe('practice bank: listening', () => {
  it('gives part A a two-turn man/woman dialogue and parts B and C a talk on every item', () => {
    for (const q of listening) {
      expect(q.question.trim(), q.id).not.toBe('');
      if (q.part === 'A') {
        expect(q.dialogue?.map((l) => l.speaker).sort(), q.id).toEqual(['man', 'woman']);
        expect(q.talk, q.id).toBeUndefined();
      } else {
        // Drills draw single items, so every item of a group carries its talk and its clip.
        expect(q.talk?.lines.length, q.id).toBeGreaterThanOrEqual(4);
        expect(q.dialogue, q.id).toBeUndefined();
      }
    }
  });

  it('ships every clip, decodable, 2 s to 3 min, the bank under 12 MB of audio', () => {
    const files = new Set(listening.map((q) => q.audio));
    let total = 0;
    for (const file of files) {
      expect(file, 'every listening item has a clip').toMatch(/^[\w-]+\.mp3$/);
      const full = path.join(dir, 'audio', file!);
      expect(existsSync(full), full).toBe(true);
      const { seconds } = mp3Duration(readFileSync(full));
      expect(seconds, full).toBeGreaterThan(2);
      expect(seconds, full).toBeLessThan(180);
      total += statSync(full).size;
    }
    expect(total).toBeLessThan(12 * 1024 * 1024);
  });
});
