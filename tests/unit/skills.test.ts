import { describe, expect, it } from 'vitest';
import { SKILLS, skillSchema, skillsOfSection } from '../../contract/skills.ts';

describe('skills taxonomy', () => {
  it('has unique ids and consecutive numbers from 1', () => {
    expect(new Set(SKILLS.map((s) => s.id)).size).toBe(SKILLS.length);
    expect(SKILLS.map((s) => s.no)).toEqual(SKILLS.map((_, i) => i + 1));
  });

  it('covers every section, and every listening skill names its part', () => {
    expect(SKILLS.length).toBeGreaterThanOrEqual(40);
    expect(SKILLS.length).toBeLessThanOrEqual(50);
    for (const section of ['listening', 'structure', 'written', 'reading'] as const) {
      expect(skillsOfSection(section).length).toBeGreaterThanOrEqual(8);
    }
    for (const s of skillsOfSection('listening')) expect(s.part).toMatch(/^[ABC]$/);
  });

  it('refuses an unknown skill with an Indonesian message', () => {
    expect(skillSchema.safeParse('rd-main-idea').success).toBe(true);
    const bad = skillSchema.safeParse('grammar');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/Skill tidak dikenal/);
  });
});
