import { describe, expect, it } from 'vitest';
import { missingLines, numberRuns } from './admin-content.rules.ts';

describe('the siap refusal list', () => {
  it('reads numbers as short runs', () => {
    expect(numberRuns([])).toBe('');
    expect(numberRuns([7])).toBe('7');
    expect(numberRuns([1, 2, 3, 5, 7, 8])).toBe('1–3, 5, 7–8');
  });

  it('names each section with its missing numbers, then clips and passages', () => {
    const lines = missingLines({
      listening: 48,
      structure: 15,
      written: 24,
      reading: 50,
      missingNumbers: { listening: [3, 4], structure: [], written: [40], reading: [] },
      listeningMissingAudio: [7],
      readingWithoutPassage: [10, 11],
      complete: false,
      missing: [],
    });
    expect(lines).toEqual([
      'Listening: belum ada nomor 3–4',
      'Written Expression: belum ada nomor 40',
      'Listening tanpa audio: nomor 7',
      'Reading tanpa bacaan: nomor 10–11',
    ]);
  });
});
