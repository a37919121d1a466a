import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { sectionQuestionCount } from '../../machines/exam-layout.ts';
import { projectRoot } from '../paths.ts';

const tableSchema = z.object({
  version: z.string(),
  sectionScale: z.object({
    listening: z.tuple([z.number(), z.number()]),
    structure: z.tuple([z.number(), z.number()]),
    reading: z.tuple([z.number(), z.number()]),
  }),
  // One converted score for every correct count from 0 to the section's question count.
  listening: z.array(z.number()).length(sectionQuestionCount('listening') + 1),
  structure: z.array(z.number()).length(sectionQuestionCount('written') + 1),
  reading: z.array(z.number()).length(sectionQuestionCount('reading') + 1),
  cefr: z.object({ C1: z.number(), B2: z.number(), B1: z.number(), A2: z.number() }),
});

/** The agreed conversion table (used as is), read once. */
export const conversionTable = tableSchema.parse(
  JSON.parse(readFileSync(path.join(projectRoot, 'server', 'scoring', 'conversion.json'), 'utf8')),
);

export type Cefr = 'C1' | 'B2' | 'B1' | 'A2' | 'A1';

export interface Scores {
  listeningCorrect: number;
  writtenCorrect: number;
  readingCorrect: number;
  scoreListening: number;
  scoreWritten: number;
  scoreReading: number;
  toeflScore: number;
  cefr: Cefr;
  tableVersion: string;
}

const clamp = (v: number, [lo, hi]: [number, number]) => Math.min(hi, Math.max(lo, v));

export function cefrFor(total: number): Cefr {
  const c = conversionTable.cefr;
  if (total >= c.C1) return 'C1';
  if (total >= c.B2) return 'B2';
  if (total >= c.B1) return 'B1';
  if (total >= c.A2) return 'A2';
  return 'A1';
}

/**
 * DESIGN section 4: correct counts converted by the table, each section clamped to the official
 * ITP scale, total = round((L + S + R) * 10 / 3). Unanswered counts as wrong (the caller counts).
 */
export function scoreCounts(listeningCorrect: number, writtenCorrect: number, readingCorrect: number): Scores {
  const t = conversionTable;
  const scoreListening = clamp(
    t.listening[Math.min(sectionQuestionCount('listening'), Math.max(0, listeningCorrect))]!,
    t.sectionScale.listening,
  );
  const scoreWritten = clamp(
    t.structure[Math.min(sectionQuestionCount('written'), Math.max(0, writtenCorrect))]!,
    t.sectionScale.structure,
  );
  const scoreReading = clamp(t.reading[Math.min(sectionQuestionCount('reading'), Math.max(0, readingCorrect))]!, t.sectionScale.reading);
  const toeflScore = Math.round(((scoreListening + scoreWritten + scoreReading) * 10) / 3);
  return {
    listeningCorrect,
    writtenCorrect,
    readingCorrect,
    scoreListening,
    scoreWritten,
    scoreReading,
    toeflScore,
    cefr: cefrFor(toeflScore),
    tableVersion: t.version,
  };
}
