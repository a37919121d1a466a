import { z } from './zod.ts';
import './common.ts';
import { soalSectionSchema } from './soal.ts';

/**
 * Import and export of a package's questions (DESIGN section 12; docs/decisions/009).
 *
 * The template's columns, one question a row, the header in the first row. `soal` is HTML (a
 * written-expression sentence marks its four parts as contract/written-markup.ts reads them, e.g.
 * `<u>part</u>[A]`); `jawaban` is A-D or 1-4; `skill` an id of contract/skills.ts; `audio` and
 * `passage_image` name files in the media zip; `passage` names a reading passage, whose text or
 * image is given on at least one of its rows (or it already exists in the package).
 */
export const IMPORT_COLUMNS = [
  'section',
  'no_soal',
  'soal',
  'pilihan_1',
  'pilihan_2',
  'pilihan_3',
  'pilihan_4',
  'jawaban',
  'skill',
  'pembahasan',
  'transcript',
  'spoken_question',
  'audio',
  'passage',
  'passage_text',
  'passage_image',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
/** Columns a sheet must have; the others may be left out. */
export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = ['section', 'no_soal', 'jawaban', 'skill'];

/** One row of an import or export, every cell as text (empty string for an empty cell). */
export type ImportRow = Record<ImportColumn, string>;

export const exportFormatSchema = z.enum(['xlsx', 'csv'], { error: 'Format harus xlsx atau csv.' });
export type ExportFormat = z.infer<typeof exportFormatSchema>;
export const exportQuerySchema = z.object({ format: exportFormatSchema.default('xlsx') });

/**
 * Multipart text fields of POST /admin/paket-soal/{id}/import (files: `file`, optional `media`).
 * `section` is required for an Aiken .txt only; `dryRun` 1/true checks and writes nothing.
 */
export const importFieldsSchema = z.object({
  dryRun: z
    .enum(['1', '0', 'true', 'false'], { error: 'dryRun harus 1 atau 0.' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  section: soalSectionSchema.optional(),
});

/** One problem found in the file: its sheet row (the header is row 1; 0 for the whole file) and column. */
export const importProblemSchema = z.object({
  row: z.number(),
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const importCountsSchema = z.object({
  listening: z.number(),
  structure: z.number(),
  written: z.number(),
  reading: z.number(),
  passages: z.number(),
  media: z.number(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

/** The answer of a dry run (nothing written) and of a real run (`counts` created). */
export const importReportSchema = z.object({
  dryRun: z.boolean(),
  /** Data rows read (the header not counted). */
  rows: z.number(),
  problems: z.array(importProblemSchema),
  /** What the run creates (dry run) or created (real run). */
  counts: importCountsSchema,
});
export type ImportReport = z.infer<typeof importReportSchema>;
export const importResponseSchema = z.object({ message: z.string(), data: importReportSchema });
export type ImportResponse = z.infer<typeof importResponseSchema>;

/** A real run refused because of problems: nothing was saved; `problems` lists them. */
export const importErrorResponseSchema = z.object({
  message: z.string(),
  problems: z.array(importProblemSchema).optional(),
});
