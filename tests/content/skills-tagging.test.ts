import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SKILLS, skillById, type Skill } from '../../contract/skills.ts';
import { demoTags, loadDemoContent } from '../../server/db/demo-content.ts';
import { contentDir } from '../../server/paths.ts';

const content = await loadDemoContent();
const mini = (name: string) => JSON.parse(readFileSync(path.join(contentDir, 'mini-test', name), 'utf8')) as unknown;

interface Tagged {
  skill?: unknown;
}
const miniListening = mini('listening.json') as Tagged[];
const miniStructure = mini('structure.json') as (Tagged & { type: 'structure' | 'written' })[];
const miniReading = (mini('reading.json') as { items: Tagged[] }).items;

function expectSkillOf(section: Skill['section'], skill: unknown, where: string, part?: Skill['part']) {
  const found = typeof skill === 'string' ? skillById(skill) : undefined;
  expect(found, `${where}: ${String(skill)}`).toBeDefined();
  expect(found!.section, where).toBe(section);
  if (part) expect(found!.part, where).toBe(part);
}

describe('skill tags of the shipped content', () => {
  it('tags every demo question with a skill of its section (listening also of its part)', () => {
    for (const q of content.listening) expectSkillOf('listening', q.skill, `listening ${q.no_soal}`, q.part);
    for (const q of content.structure) expectSkillOf('structure', q.skill, `structure ${q.no_soal}`);
    for (const q of content.written) expectSkillOf('written', q.skill, `written ${q.no_soal}`);
    for (const q of content.reading.questions) expectSkillOf('reading', q.skill, `reading ${q.no_soal}`);
  });

  it('tags every mini-test question with a skill of its section', () => {
    expect(miniListening).toHaveLength(5);
    expect(miniStructure).toHaveLength(10);
    expect(miniReading).toHaveLength(5);
    miniListening.forEach((q, i) => expectSkillOf('listening', q.skill, `mini listening ${i + 1}`, 'A'));
    miniStructure.forEach((q, i) => expectSkillOf(q.type, q.skill, `mini ${q.type} ${i + 1}`));
    miniReading.forEach((q, i) => expectSkillOf('reading', q.skill, `mini reading ${i + 1}`));
  });

  // One sitting of the demo judges a skill from 4 items: listening and reading must offer several.
  it('gives listening and reading at least three skills with 4 or more demo items', () => {
    const counts = new Map<string, number>();
    for (const t of demoTags(content)) counts.set(t.skill, (counts.get(t.skill) ?? 0) + 1);
    for (const section of ['listening', 'reading'] as const) {
      const judged = SKILLS.filter((s) => s.section === section && (counts.get(s.id) ?? 0) >= 4);
      expect(judged.length, section).toBeGreaterThanOrEqual(3);
    }
  });

  it('stores the script and the spoken question of every demo listening question', () => {
    const tags = demoTags(content).filter((t) => t.section === 'listening');
    expect(tags).toHaveLength(50);
    for (const t of tags) {
      expect(t.transcript, `listening ${t.no_soal}`).toMatch(/^(Man|Woman|Questions \d+ through \d+)/);
      expect(t.spokenQuestion, `listening ${t.no_soal}`).toMatch(/\?$|to$/);
    }
    // A group's members carry the head's talk.
    const byNo = new Map(tags.map((t) => [t.no_soal, t.transcript]));
    expect(byNo.get(34)).toBe(byNo.get(31));
    expect(byNo.get(50)).toBe(byNo.get(47));
    expect(byNo.get(35)).not.toBe(byNo.get(31));
    expect(byNo.get(1)).toContain('Man: Have you finished the lab report');
  });
});
