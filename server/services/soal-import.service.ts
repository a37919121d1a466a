import { eq } from 'drizzle-orm';
import { pageOf, partNumberRange } from '../../machines/exam-layout.ts';
import { IMPORT_COLUMNS, type ImportColumn, type ImportCounts, type ImportProblem, type ImportReport } from '../../contract/soal-import.ts';
import {
  PASSAGE_REQUIRED,
  listeningFieldsSchema,
  questionReadingFieldsSchema,
  readingBodySchema,
  sectionSkillSchema,
  structureBodySchema,
  writtenBodySchema,
  type SoalSection,
} from '../../contract/soal.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { questionReading, soal } from '../db/schema.ts';
import { AppError, badRequest, conflict } from '../errors.ts';
import { assertNoRunningAttempt } from './content-guard.service.ts';
import { changeContent, getPaketOrThrow } from './paket.service.ts';
import { PASSAGE_CONTENT_REQUIRED } from './question-reading.service.ts';
import { sanitizeHtml } from './sanitize.service.ts';
import { baseName, isZip, MAX_ENTRY_BYTES, readAiken, readCsv, readXlsx, readZip, sectionOfCell, type SheetRow } from './soal-sheet.ts';
import { MB } from '../../contract/uploads.ts';
import { AUDIO_LISTENING_ONLY, checkSoal, newSoalValues, numberTaken, type CheckedSoal, type SoalInput } from './soal.service.ts';
import type { FileKind, Storage, StoredFile } from './storage.service.ts';

/**
 * Import of a package's questions from the template sheet (xlsx/CSV), an Aiken .txt for one
 * section, or an export zip, with the media zip (docs/decisions/009). Every row goes through the
 * rules a form save applies (contract schemas, `checkSoal`); a dry run only reports; a real run
 * writes everything in one transaction or nothing. Numbers a package already holds are refused
 * per row (no replacing), so an import only fills free numbers.
 */

export interface ImportInput {
  file: { name: string; data: Buffer };
  media?: Buffer | undefined;
  section?: SoalSection | undefined;
  dryRun: boolean;
}

/** Form field names of the contract schemas, as the template calls them. */
const COLUMN_OF_FIELD: Record<string, ImportColumn> = {
  pilihan_satu: 'pilihan_1',
  pilihan_dua: 'pilihan_2',
  pilihan_tiga: 'pilihan_3',
  pilihan_empat: 'pilihan_4',
  page: 'no_soal',
};

/** The sheet's skill column is required (the template documents it), unlike the spec's form calls. */
const BODY_SCHEMA = {
  listening: listeningFieldsSchema.extend({ skill: sectionSkillSchema('listening') }),
  structure: structureBodySchema.extend({ skill: sectionSkillSchema('structure') }),
  written: writtenBodySchema.extend({ skill: sectionSkillSchema('written') }),
  // The passage is matched by name below, not by id.
  reading: readingBodySchema.omit({ q_reading: true }).extend({ skill: sectionSkillSchema('reading') }),
} as const;

/** Extensions a media file may carry for what its bytes are (storage.inspect's `ext`). */
const EXTENSIONS_OF: Record<string, readonly string[]> = {
  mp3: ['mp3'],
  ogg: ['ogg', 'oga'],
  opus: ['opus', 'ogg'],
  wav: ['wav'],
  m4a: ['m4a', 'mp4', 'aac'],
  jpg: ['jpg', 'jpeg'],
  png: ['png'],
  webp: ['webp'],
};

interface PlannedSoal {
  row: number;
  section: SoalSection;
  input: SoalInput;
  checked: CheckedSoal;
  audio: string | null;
  passage: string | null;
}

interface PlannedPassage {
  nama: string;
  row: number;
  existingId: number | null;
  html: string | null;
  image: string | null;
}

/** Media files of the zip, each checked once per kind (type by magic bytes, size, extension). */
class Media {
  private readonly checked = new Map<string, Promise<string | null>>();
  constructor(
    readonly files: Map<string, Uint8Array>,
    private readonly tooBig: Set<string>,
    private readonly storage: Storage,
  ) {}

  /** Why the named file cannot serve as `kind`, or null when it can. */
  problem(name: string, kind: FileKind): Promise<string | null> {
    const key = `${kind}:${name}`;
    let found = this.checked.get(key);
    if (!found) {
      found = this.check(name, kind);
      this.checked.set(key, found);
    }
    return found;
  }

  private async check(name: string, kind: FileKind): Promise<string | null> {
    if (this.tooBig.has(name)) return `File '${name}' terlalu besar (maksimal ${MAX_ENTRY_BYTES / MB} MB).`;
    const data = this.files.get(name);
    if (!data) return `File '${name}' tidak ada di zip media.`;
    try {
      const { ext } = await this.storage.inspect(kind, Buffer.from(data.buffer, data.byteOffset, data.byteLength));
      const own = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
      if (!(EXTENSIONS_OF[ext] ?? [ext]).includes(own)) {
        return `Isi file '${name}' tidak cocok dengan ekstensinya (isinya ${ext}).`;
      }
      return null;
    } catch (err) {
      if (err instanceof AppError) return `File '${name}': ${err.message}`;
      throw err;
    }
  }

  buffer(name: string): Buffer {
    const data = this.files.get(name)!;
    return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  }
}

async function readRows(
  input: ImportInput,
  paketFirstFree: (s: SoalSection) => number,
): Promise<{ rows: SheetRow[]; bundled: Buffer | null }> {
  const { name, data } = input.file;
  const lower = name.toLowerCase();
  if (lower.endsWith('.txt')) {
    if (!input.section) throw badRequest('Pilih bagian (section) untuk file Aiken .txt.');
    return { rows: readAiken(data, input.section, paketFirstFree(input.section)), bundled: null };
  }
  if (isZip(data)) {
    const { files } = await readZip(data, 'File impor');
    if (files.has('[Content_Types].xml')) return { rows: await readXlsx(data), bundled: null };
    // An export zip: one sheet and the media beside it.
    const sheets = [...files.keys()].filter((n) => /\.(xlsx|csv)$/i.test(n));
    if (sheets.length !== 1) throw badRequest('Zip impor harus berisi tepat satu file soal (.xlsx atau .csv) beserta medianya.');
    const sheetName = sheets[0]!;
    const sheet = Buffer.from(files.get(sheetName)!);
    const rows = sheetName.toLowerCase().endsWith('.xlsx') ? await readXlsx(sheet) : await readCsv(sheet);
    return { rows, bundled: data };
  }
  if (lower.endsWith('.xlsx')) throw badRequest('File xlsx tidak dapat dibaca. Simpan ulang dari Excel atau gunakan template impor.');
  return { rows: await readCsv(data), bundled: null };
}

/** Checks every row and, unless it is a dry run or something is wrong, writes them all at once. */
export async function importSoal(db: Db, storage: Storage, paketId: number, input: ImportInput): Promise<ImportReport> {
  await getPaketOrThrow(db, paketId);
  await assertNoRunningAttempt(db, paketId);
  const takenRows = await db
    .select({ page: soal.page, section: soal.section, noSoal: soal.noSoal })
    .from(soal)
    .where(eq(soal.paketSoalId, paketId));
  const taken = new Set(takenRows.map((r) => r.page));
  const firstFree = (section: SoalSection) => {
    const { first, last } = partNumberRange(section);
    for (let n = first; n <= last; n++) if (!taken.has(pageOf(section, n))) return n;
    return last + 1;
  };
  const { rows, bundled } = await readRows(input, firstFree);

  const files = new Map<string, Uint8Array>();
  const tooBig = new Set<string>();
  for (const zip of [bundled, input.media ?? null]) {
    if (!zip) continue;
    const read = await readZip(zip, zip === bundled ? 'File impor' : 'Zip media');
    for (const [k, v] of read.files) files.set(k, v);
    for (const k of read.tooBig) tooBig.add(k);
  }
  const media = new Media(files, tooBig, storage);

  const existingPassages = await db
    .select({ id: questionReading.id, nama: questionReading.nama })
    .from(questionReading)
    .where(eq(questionReading.paketSoalId, paketId));
  const existingByName = new Map(existingPassages.map((p) => [p.nama.trim(), p.id]));

  const problems: ImportProblem[] = [];
  const add = (row: number, column: ImportColumn | null, message: string) => problems.push({ row, column, message });
  const planned: PlannedSoal[] = [];
  const passages = new Map<string, PlannedPassage>();
  const seenPages = new Map<number, number>();

  for (const { row, cells } of rows) {
    const before = problems.length;
    const section = sectionOfCell(cells.section);
    if (!section) {
      add(row, 'section', 'Section harus listening, structure, written atau reading.');
      continue;
    }
    const noSoal = /^\d+$/.test(cells.no_soal) ? Number(cells.no_soal) : NaN;
    const letter = 'ABCD'.indexOf(cells.jawaban.toUpperCase());
    const fields: Record<string, unknown> = {
      no_soal: cells.no_soal,
      page: Number.isInteger(noSoal) ? pageOf(section, noSoal) : cells.no_soal,
      soal: cells.soal,
      pilihan_satu: cells.pilihan_1,
      pilihan_dua: cells.pilihan_2,
      pilihan_tiga: cells.pilihan_3,
      pilihan_empat: cells.pilihan_4,
      jawaban: letter >= 0 && cells.jawaban.length === 1 ? String(letter + 1) : cells.jawaban,
      pembahasan: cells.pembahasan,
      skill: cells.skill,
      ...(section === 'listening' ? { transcript: cells.transcript, spoken_question: cells.spoken_question } : {}),
    };
    const parsed = BODY_SCHEMA[section].safeParse(fields);
    if (!parsed.success) {
      const reported = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        const column = COLUMN_OF_FIELD[field] ?? ((IMPORT_COLUMNS as readonly string[]).includes(field) ? (field as ImportColumn) : null);
        if (reported.has(String(column))) continue;
        reported.add(String(column));
        add(row, column, issue.message);
      }
      continue;
    }
    const soalInput = parsed.data as SoalInput;
    const audio = cells.audio ? baseName(cells.audio) : null;
    let checked: CheckedSoal | null = null;
    try {
      checked = await checkSoal(section, soalInput, audio !== null);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const column: ImportColumn =
        err.message === AUDIO_LISTENING_ONLY || /Audio/.test(err.message)
          ? 'audio'
          : /Nomor soal|Page/.test(err.message)
            ? 'no_soal'
            : 'soal';
      add(row, column, err.message);
    }
    if (checked) {
      const firstRow = seenPages.get(soalInput.page);
      if (taken.has(soalInput.page)) add(row, 'no_soal', numberTaken(soalInput.no_soal, soalInput.page));
      else if (firstRow !== undefined)
        add(row, 'no_soal', `Nomor soal ${section} ${soalInput.no_soal} sudah dipakai di baris ${firstRow}.`);
      else seenPages.set(soalInput.page, row);
    }
    if (audio && section === 'listening') {
      const problem = await media.problem(audio, 'audio');
      if (problem) add(row, 'audio', problem);
    }
    let passageName: string | null = null;
    if (section === 'reading') {
      passageName = await planPassage(cells, row, passages, existingByName, media, add);
    } else if (cells.passage || cells.passage_text || cells.passage_image) {
      add(row, 'passage', 'Hanya soal reading yang memakai bacaan (passage).');
    }
    if (problems.length === before && checked) {
      planned.push({ row, section, input: soalInput, checked, audio, passage: passageName });
    }
  }
  for (const p of passages.values()) {
    if (p.existingId === null && !p.html && !p.image) add(p.row, 'passage_text', `Bacaan '${p.nama}': ${PASSAGE_CONTENT_REQUIRED}`);
  }
  problems.sort((a, b) => a.row - b.row);

  const counts: ImportCounts = { listening: 0, structure: 0, written: 0, reading: 0, passages: 0, media: 0 };
  for (const p of planned) counts[p.section] += 1;
  const newPassages = [...passages.values()].filter((p) => p.existingId === null);
  counts.passages = newPassages.length;
  counts.media = planned.filter((p) => p.audio).length + newPassages.filter((p) => p.image).length;
  const report: ImportReport = { dryRun: input.dryRun, rows: rows.length, problems, counts };
  if (input.dryRun) return report;
  if (problems.length > 0) {
    throw badRequest(`Impor dibatalkan: ${problems.length} masalah ditemukan. Tidak ada soal yang disimpan.`, { problems });
  }
  await write(db, storage, paketId, planned, newPassages, existingByName, media);
  return report;
}

/** Registers the row's passage by name; returns the name, or null after reporting a problem. */
async function planPassage(
  cells: SheetRow['cells'],
  row: number,
  passages: Map<string, PlannedPassage>,
  existingByName: Map<string, number>,
  media: Media,
  add: (row: number, column: ImportColumn | null, message: string) => void,
): Promise<string | null> {
  const nama = questionReadingFieldsSchema.shape.nama.safeParse(cells.passage);
  if (!cells.passage) {
    add(row, 'passage', PASSAGE_REQUIRED);
    return null;
  }
  if (!nama.success) {
    add(row, 'passage', nama.error.issues[0]?.message ?? PASSAGE_REQUIRED);
    return null;
  }
  const name = nama.data;
  const html = cells.passage_text ? (await sanitizeHtml(cells.passage_text)).trim() || null : null;
  const image = cells.passage_image ? baseName(cells.passage_image) : null;
  if (image) {
    const problem = await media.problem(image, 'passage');
    if (problem) add(row, 'passage_image', problem);
  }
  const existingId = existingByName.get(name) ?? null;
  if (existingId !== null && (html || image)) {
    add(row, 'passage', `Bacaan '${name}' sudah ada di paket ini; kosongkan passage_text dan passage_image untuk memakainya.`);
    return null;
  }
  const known = passages.get(name);
  if (!known) {
    passages.set(name, { nama: name, row, existingId, html, image });
    return name;
  }
  if ((html && known.html && html !== known.html) || (image && known.image && image !== known.image)) {
    add(row, 'passage', `Bacaan '${name}' di baris ini berbeda dengan baris ${known.row}. Satu nama, satu bacaan.`);
    return null;
  }
  known.html ??= html;
  known.image ??= image;
  return name;
}

async function write(
  db: Db,
  storage: Storage,
  paketId: number,
  planned: PlannedSoal[],
  newPassages: PlannedPassage[],
  existingByName: Map<string, number>,
  media: Media,
): Promise<void> {
  // Files go to disk first and are recorded in the transaction; each row owns its copy, as a form save does.
  const written: { kind: FileKind; file: StoredFile }[] = [];
  const store = async (kind: FileKind, name: string): Promise<string> => {
    const file = await storage.write(kind, media.buffer(name));
    written.push({ kind, file });
    return file.key;
  };
  try {
    const passageImages = new Map<string, string>();
    for (const p of newPassages) if (p.image) passageImages.set(p.nama, await store('passage', p.image));
    const audioKeys = new Map<number, string>();
    for (const p of planned) if (p.audio) audioKeys.set(p.row, await store('audio', p.audio));

    await changeContent(db, paketId, async (tx) => {
      for (const w of written) await storage.record(tx, w.kind, w.file, { paketSoalId: paketId });
      const passageIds = new Map(existingByName);
      if (newPassages.length > 0) {
        const inserted = await tx
          .insert(questionReading)
          .values(newPassages.map((p) => ({ paketSoalId: paketId, nama: p.nama, html: p.html, image: passageImages.get(p.nama) ?? null })))
          .returning({ id: questionReading.id, nama: questionReading.nama });
        for (const r of inserted) passageIds.set(r.nama, r.id);
      }
      const values = planned.map((p) =>
        newSoalValues(
          paketId,
          p.section,
          p.input,
          p.checked,
          audioKeys.get(p.row) ?? null,
          p.passage ? (passageIds.get(p.passage) ?? null) : null,
        ),
      );
      for (let i = 0; i < values.length; i += 200) await tx.insert(soal).values(values.slice(i, i + 200));
    });
  } catch (err) {
    await storage.removeFromDisk(written.map((w) => w.file.key));
    if (isUniqueViolation(err)) {
      throw conflict(
        'Impor dibatalkan: nomor soal yang sama baru saja ditambahkan di paket ini. Tidak ada soal yang disimpan; periksa lagi.',
      );
    }
    throw err;
  }
}
