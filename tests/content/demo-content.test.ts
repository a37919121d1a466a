import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isListeningGroupMember, pageOf } from '../../machines/exam-layout.ts';
import { demoPackageDir, loadDemoContent } from '../../server/db/demo-content.ts';
import { contentDir } from '../../server/paths.ts';
import { readWritten } from '../../contract/written-markup.ts';
import { sanitizeHtml } from '../../server/services/sanitize.service.ts';
import { mp3Duration } from './mp3.ts';

const content = await loadDemoContent();

function keyCounts(keys: string[]) {
  const counts = { '1': 0, '2': 0, '3': 0, '4': 0 } as Record<string, number>;
  for (const k of keys) counts[k]! += 1;
  return counts;
}

describe('demo package content', () => {
  it('has the counts and numbering of a full form with unique pages', () => {
    expect(content.listening.map((q) => q.no_soal)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(content.structure.map((q) => q.no_soal)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(content.written.map((q) => q.no_soal)).toEqual(Array.from({ length: 25 }, (_, i) => i + 16));
    expect(content.reading.questions.map((q) => q.no_soal)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const pages = [
      ...content.listening.map((q) => pageOf('listening', q.no_soal)),
      ...content.structure.map((q) => pageOf('structure', q.no_soal)),
      ...content.written.map((q) => pageOf('written', q.no_soal)),
      ...content.reading.questions.map((q) => pageOf('reading', q.no_soal)),
    ];
    expect(new Set(pages).size).toBe(140);
    expect(pages.some((p) => [0, 51, 67, 93].includes(p))).toBe(false);
  });

  it('balances the keys across A-D in every section', () => {
    const all = [...content.listening, ...content.structure, ...content.written, ...content.reading.questions].map((q) => q.jawaban);
    for (const n of Object.values(keyCounts(all))) expect(n).toBeGreaterThanOrEqual(30);
    for (const n of Object.values(keyCounts(content.listening.map((q) => q.jawaban)))) expect(n).toBeGreaterThanOrEqual(10);
    for (const n of Object.values(keyCounts(content.reading.questions.map((q) => q.jawaban)))) expect(n).toBeGreaterThanOrEqual(10);
  });

  it('gives every listening clip head its own audio and every group member none', () => {
    for (const q of content.listening) {
      if (isListeningGroupMember(q.no_soal)) expect(q.audio, `no ${q.no_soal}`).toBeNull();
      else expect(q.audio, `no ${q.no_soal}`).toMatch(/\.mp3$/);
      expect(new Set(q.pilihan).size).toBe(4);
    }
    expect(content.listening.filter((q) => q.talk).map((q) => q.no_soal)).toEqual([31, 35, 39, 43, 47]);
    expect(content.listening.filter((q) => q.part === 'A').length).toBe(30);
  });

  it('ships every audio file, decodable, between 2 s and 3 min, all clips under 8 MB together', () => {
    let total = 0;
    const clips = content.listening.filter((q) => q.audio).map((q) => path.join(demoPackageDir, 'audio', q.audio!));
    const mini = JSON.parse(readFileSync(path.join(contentDir, 'mini-test', 'listening.json'), 'utf8')) as { audio: string }[];
    clips.push(...mini.map((m) => path.join(contentDir, 'mini-test', 'audio', m.audio)));
    expect(clips.length).toBe(40);
    for (const file of clips) {
      expect(existsSync(file), file).toBe(true);
      const { seconds } = mp3Duration(readFileSync(file));
      expect(seconds, file).toBeGreaterThan(2);
      expect(seconds, file).toBeLessThan(180);
      total += statSync(file).size;
    }
    expect(total).toBeLessThan(8 * 1024 * 1024);
  });

  it('passes every HTML fragment through the sanitiser unchanged', async () => {
    const fragments = [
      ...content.structure.map((q) => q.soal),
      ...content.written.map((q) => q.soal),
      ...content.reading.questions.map((q) => q.soal),
      ...content.reading.passages.map((p) => p.html),
    ];
    for (const html of fragments) expect(await sanitizeHtml(html)).toBe(html);
  });

  it('marks exactly four underlined parts A-D in every written item, matching its parts list', async () => {
    for (const q of content.written) {
      expect(readWritten(q.soal)?.parts, `no ${q.no_soal}`).toEqual(q.parts);
      expect(readWritten(q.soal)?.html, `no ${q.no_soal}`).toBe(q.soal);
    }
  });

  it('has reading passages of 280-380 words, ten questions each, and an explanation for every item', () => {
    for (const p of content.reading.passages) {
      const words = p.html
        .replace(/<[^>]+>/g, ' ')
        .split(/\s+/)
        .filter(Boolean).length;
      expect(words, p.key).toBeGreaterThanOrEqual(280);
      expect(words, p.key).toBeLessThanOrEqual(380);
      expect(content.reading.questions.filter((q) => q.passage === p.key)).toHaveLength(10);
    }
    for (const q of [...content.listening, ...content.structure, ...content.written, ...content.reading.questions]) {
      expect(q.pembahasan.length).toBeGreaterThan(40);
    }
  });
});

describe('mini test material', () => {
  const read = (name: string) => JSON.parse(readFileSync(path.join(contentDir, 'mini-test', name), 'utf8')) as unknown;
  it('matches the fixed answer keys of the spec', () => {
    expect((read('listening.json') as { answer: number }[]).map((q) => q.answer)).toEqual([2, 1, 3, 2, 3]);
    expect((read('structure.json') as { answer: number }[]).map((q) => q.answer)).toEqual([2, 1, 0, 2, 3, 1, 1, 2, 1, 2]);
    const reading = read('reading.json') as { items: { answer: number; image: string }[] };
    expect(reading.items.map((q) => q.answer)).toEqual([1, 3, 1, 2, 3]);
    for (const item of reading.items) expect(existsSync(path.join(contentDir, 'mini-test', 'images', item.image))).toBe(true);
  });

  it('labels written items with four underlined parts A-D and structure items without', async () => {
    const items = read('structure.json') as { type: string; soal: string; pilihan: string[] }[];
    expect(items.map((i) => i.type)).toEqual([
      'structure',
      'structure',
      'structure',
      'structure',
      'structure',
      'written',
      'written',
      'written',
      'written',
      'written',
    ]);
    for (const item of items.filter((i) => i.type === 'written')) expect(readWritten(item.soal)?.parts).toEqual(item.pilihan);
  });

  it('ships the sound-check clip', () => {
    const { seconds } = mp3Duration(readFileSync(path.join(contentDir, 'sound-check', 'sound-check.mp3')));
    expect(seconds).toBeGreaterThan(5);
  });
});
