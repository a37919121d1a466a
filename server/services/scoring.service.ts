import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Cefr, CefrLevels } from '../../contract/exam.ts';
import { sectionQuestionCount } from '../../machines/exam-layout.ts';
import { projectRoot } from '../paths.ts';

/** Minimum score per CEFR level; the table must list them strongest first. */
const cutsSchema = z
  .object({ C1: z.number(), B2: z.number(), B1: z.number(), A2: z.number() })
  .refine((c) => c.C1 > c.B2 && c.B2 > c.B1 && c.B1 > c.A2, { error: 'CEFR cuts must fall from C1 to A2' });
type Cuts = z.infer<typeof cutsSchema>;

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
  cefr: cutsSchema.extend({ below: z.literal('BELOW_A2') }),
  cefrSection: z.object({ listening: cutsSchema, structure: cutsSchema, reading: cutsSchema }),
});

/** The agreed conversion table (used as is), read once. */
export const conversionTable = tableSchema.parse(
  JSON.parse(readFileSync(path.join(projectRoot, 'server', 'scoring', 'conversion.json'), 'utf8')),
);

export type { Cefr };

/**
 * At or below this total the learner scored about what blind guessing gives (the scale floor is
 * 310), so the result says little; screens tell the learner so.
 */
export const NEAR_CHANCE_MAX_TOTAL = 350;

export interface Scores extends CefrLevels {
  listeningCorrect: number;
  writtenCorrect: number;
  readingCorrect: number;
  scoreListening: number;
  scoreWritten: number;
  scoreReading: number;
  toeflScore: number;
  tableVersion: string;
}

/** The levels of a stored result (its columns carry the section scores under these names). */
export const storedCefrLevels = (h: { listeningScore: number; structureScore: number; readingScore: number; totalScore: number }) =>
  cefrLevels({ scoreListening: h.listeningScore, scoreWritten: h.structureScore, scoreReading: h.readingScore, toeflScore: h.totalScore });

const clamp = (v: number, [lo, hi]: [number, number]) => Math.min(hi, Math.max(lo, v));

function band(score: number, c: Cuts): Cefr {
  if (score >= c.C1) return 'C1';
  if (score >= c.B2) return 'B2';
  if (score >= c.B1) return 'B1';
  if (score >= c.A2) return 'A2';
  return conversionTable.cefr.below;
}

/** The CEFR level of a total score (ETS cuts for TOEFL ITP Level 1). */
export function cefrFor(total: number): Cefr {
  return band(total, conversionTable.cefr);
}

/** The CEFR level of one section score; Structure and Written Expression use the structure cuts. */
export function cefrForSection(section: 'listening' | 'written' | 'reading', score: number): Cefr {
  const cuts = conversionTable.cefrSection;
  return band(score, section === 'listening' ? cuts.listening : section === 'written' ? cuts.structure : cuts.reading);
}

/**
 * Every CEFR level of a result, from its stored section scores and total. Computed whenever a
 * result is read, so a corrected table applies to old results too and no stored label can drift.
 */
export function cefrLevels(s: { scoreListening: number; scoreWritten: number; scoreReading: number; toeflScore: number }): CefrLevels {
  return {
    cefr: cefrFor(s.toeflScore),
    cefrListening: cefrForSection('listening', s.scoreListening),
    cefrWritten: cefrForSection('written', s.scoreWritten),
    cefrReading: cefrForSection('reading', s.scoreReading),
    nearChance: s.toeflScore <= NEAR_CHANCE_MAX_TOTAL,
  };
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
    ...cefrLevels({ scoreListening, scoreWritten, scoreReading, toeflScore }),
    tableVersion: t.version,
  };
}
