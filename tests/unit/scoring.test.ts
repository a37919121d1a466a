import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/paths.ts';
import { cefrLabel } from '../../contract/exam.ts';
import {
  cefrFor,
  cefrForSection,
  cefrLevels,
  conversionTable,
  NEAR_CHANCE_MAX_TOTAL,
  scoreCounts,
} from '../../server/services/scoring.service.ts';

describe('scoring', () => {
  it('uses the agreed table as is', () => {
    const shared = path.join(projectRoot, '..', 'shared', 'scoring', 'conversion.json');
    const ours = path.join(projectRoot, 'server', 'scoring', 'conversion.json');
    if (existsSync(shared)) expect(JSON.parse(readFileSync(ours, 'utf8'))).toEqual(JSON.parse(readFileSync(shared, 'utf8')));
    expect(conversionTable.version).toBe('phillips-2026-1');
  });

  it('clamps each section to the ITP scale and totals round((L+S+R)*10/3)', () => {
    expect(scoreCounts(0, 0, 0)).toMatchObject({
      scoreListening: 31,
      scoreWritten: 31,
      scoreReading: 31,
      toeflScore: 310,
      cefr: 'BELOW_A2',
    });
    expect(scoreCounts(50, 40, 50)).toMatchObject({ scoreListening: 68, scoreWritten: 68, scoreReading: 67, toeflScore: 677, cefr: 'C1' });
    // 30 -> 51, 25 -> 49, 30 -> 48: (51 + 49 + 48) * 10 / 3 = 493.33
    expect(scoreCounts(30, 25, 30)).toMatchObject({ scoreListening: 51, scoreWritten: 49, scoreReading: 48, toeflScore: 493, cefr: 'B1' });
    // 10 -> 33, 10 -> 33, 10 -> 29 clamped to 31: (33 + 33 + 31) * 10 / 3 = 323.33
    expect(scoreCounts(10, 10, 10)).toMatchObject({ scoreListening: 33, scoreWritten: 33, scoreReading: 31, toeflScore: 323 });
  });

  it('bands by the CEFR minimums', () => {
    expect([626, 627, 543, 542, 460, 459, 337, 336].map(cefrFor)).toEqual(['B2', 'C1', 'B2', 'B1', 'B1', 'A2', 'A2', 'BELOW_A2']);
  });

  // ETS TOEFL ITP Level 1 minimums, written out here so a changed table fails this test.
  it.each([
    ['listening', [64, 54, 47, 38]],
    ['written', [64, 53, 43, 32]],
    ['reading', [63, 56, 48, 31]],
  ] as const)('bands %s at every cut and one below it', (section, [c1, b2, b1, a2]) => {
    const at = (score: number) => cefrForSection(section, score);
    expect([c1, c1 - 1, b2, b2 - 1, b1, b1 - 1, a2, a2 - 1].map(at)).toEqual(['C1', 'B2', 'B2', 'B1', 'B1', 'A2', 'A2', 'BELOW_A2']);
  });

  it('carries a level per section and the total, and flags a near-chance total', () => {
    expect(NEAR_CHANCE_MAX_TOTAL).toBe(350);
    expect(cefrLevels({ scoreListening: 54, scoreWritten: 42, scoreReading: 31, toeflScore: 350 })).toEqual({
      cefr: 'A2',
      cefrListening: 'B2',
      cefrWritten: 'A2',
      cefrReading: 'A2',
      nearChance: true,
    });
    expect(cefrLevels({ scoreListening: 37, scoreWritten: 31, scoreReading: 63, toeflScore: 351 })).toMatchObject({
      cefrListening: 'BELOW_A2',
      cefrWritten: 'BELOW_A2',
      cefrReading: 'C1',
      nearChance: false,
    });
    expect(scoreCounts(0, 0, 0)).toMatchObject({ cefrListening: 'BELOW_A2', cefrWritten: 'BELOW_A2', cefrReading: 'A2', nearChance: true });
    expect(cefrLabel('BELOW_A2')).toBe('Di bawah A2');
    expect(cefrLabel('B1')).toBe('B1');
  });
});
