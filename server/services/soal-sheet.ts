import type { Zippable } from 'fflate';
import { IMPORT_COLUMNS, REQUIRED_IMPORT_COLUMNS, type ImportColumn, type ImportRow } from '../../contract/soal-import.ts';
import { soalSectionSchema, type SoalSection } from '../../contract/soal.ts';
import { UPLOAD_RULES } from '../../contract/uploads.ts';
import { badRequest } from '../errors.ts';
import { onFirstUse } from '../first-use.ts';

/**
 * Reading and writing the question sheet and its media zip: xlsx through exceljs, CSV through
 * csv-parse/csv-stringify, zip through fflate. No format is read or written by hand here.
 */

/** More rows than any package holds many times over; beyond it the file is refused whole. */
export const MAX_IMPORT_ROWS = 10_000;
export const SHEET_NAME = 'soal';

/** A sheet row with its number as a spreadsheet shows it (the header is row 1). */
export interface SheetRow {
  row: number;
  cells: ImportRow;
}

const emptyRow = (): ImportRow => Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, ''])) as ImportRow;

function toRows(table: { row: number; cells: string[] }[]): SheetRow[] {
  const [head, ...body] = table;
  if (!head) throw badRequest('File tidak berisi baris judul kolom (section, no_soal, ...).');
  const header = head.cells.map((h) => h.trim().toLowerCase());
  const missing = REQUIRED_IMPORT_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length > 0) {
    throw badRequest(`Kolom wajib tidak ada: ${missing.join(', ')}. Gunakan template impor (baris pertama berisi nama kolom).`);
  }
  const unknown = header.filter((h) => h && !(IMPORT_COLUMNS as readonly string[]).includes(h));
  if (unknown.length > 0) throw badRequest(`Kolom tidak dikenal: ${unknown.join(', ')}. Gunakan nama kolom dari template impor.`);
  const rows = body
    .filter((r) => r.cells.some((c) => c.trim() !== ''))
    .map(({ row, cells }) => {
      const out = emptyRow();
      header.forEach((h, i) => {
        if (h) out[h as ImportColumn] = (cells[i] ?? '').trim();
      });
      return { row, cells: out };
    });
  if (rows.length > MAX_IMPORT_ROWS) {
    throw badRequest(`File terlalu besar: maksimal ${MAX_IMPORT_ROWS.toLocaleString('id-ID')} baris soal.`);
  }
  return rows;
}

/** exceljs takes about 0.3 s to import; the CSV and zip libraries a tenth of that. */
const loadExcel = onFirstUse(() => import('exceljs').then((m) => m.default));
const loadCsv = onFirstUse(() => Promise.all([import('csv-parse/sync'), import('csv-stringify/sync')]));
const loadZip = onFirstUse(() => import('fflate'));

export async function readXlsx(buffer: Buffer): Promise<SheetRow[]> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw badRequest('File xlsx tidak dapat dibaca. Simpan ulang dari Excel atau gunakan template impor.');
  }
  const sheet = workbook.getWorksheet(SHEET_NAME) ?? workbook.worksheets[0];
  if (!sheet) throw badRequest('File xlsx tidak berisi lembar kerja.');
  if (sheet.rowCount > MAX_IMPORT_ROWS + 1) {
    throw badRequest(`File terlalu besar: maksimal ${MAX_IMPORT_ROWS.toLocaleString('id-ID')} baris soal.`);
  }
  const table: { row: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cell.text ?? '';
    });
    table.push({ row: rowNumber, cells: Array.from(cells, (c) => c ?? '') });
  });
  return toRows(table);
}

export async function readCsv(buffer: Buffer): Promise<SheetRow[]> {
  const [{ parse }] = await loadCsv();
  const text = buffer.toString('utf8');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  // Spreadsheets set to Indonesian save CSV with semicolons.
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  let records: string[][];
  try {
    const parsed: unknown = parse(text, { bom: true, delimiter, relax_column_count: true, skip_empty_lines: false });
    records = parsed as string[][];
  } catch (err) {
    throw badRequest(`File CSV tidak dapat dibaca: ${(err as Error).message}`);
  }
  return toRows(records.map((cells, i) => ({ row: i + 1, cells })));
}

/**
 * An Aiken file for one section: blocks of a question line, options `A.`-`D.` and `ANSWER: X`,
 * separated by blank lines. Lines `COLUMN: value` after the answer fill other template columns
 * (`NO_SOAL: 5`, `SKILL: st-connector`, `AUDIO: klip.mp3`, `PASSAGE: Bacaan 1`, `PEMBAHASAN: ...`).
 * A block without NO_SOAL takes the number after the previous block's (the section's first to start).
 */
export function readAiken(buffer: Buffer, section: SoalSection, firstNumber: number): SheetRow[] {
  const lines = buffer
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/);
  const rows: SheetRow[] = [];
  let block: { start: number; lines: string[] } | null = null;
  const finish = () => {
    if (!block) return;
    const out = emptyRow();
    out.section = section;
    const question: string[] = [];
    for (const line of block.lines) {
      const option = /^([A-D])[.)]\s*(.*)$/.exec(line);
      const answer = /^ANSWER:\s*(.*)$/i.exec(line);
      const extra = /^([A-Za-z_]+):\s*(.*)$/.exec(line);
      if (option && !out.jawaban) out[`pilihan_${'ABCD'.indexOf(option[1]!) + 1}` as ImportColumn] = option[2]!.trim();
      else if (answer) out.jawaban = answer[1]!.trim();
      else if (out.jawaban && extra && (IMPORT_COLUMNS as readonly string[]).includes(extra[1]!.toLowerCase())) {
        out[extra[1]!.toLowerCase() as ImportColumn] = extra[2]!.trim();
      } else if (!out.pilihan_1) question.push(line);
    }
    out.soal = question.join('<br>');
    const previous = rows[rows.length - 1];
    out.no_soal ||= String(previous ? Number(previous.cells.no_soal) + 1 : firstNumber);
    rows.push({ row: block.start, cells: out });
    block = null;
  };
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === '') finish();
    else (block ??= { start: i + 1, lines: [] }).lines.push(line);
  });
  finish();
  if (rows.length === 0) throw badRequest('File Aiken tidak berisi soal.');
  if (rows.length > MAX_IMPORT_ROWS) throw badRequest(`File terlalu besar: maksimal ${MAX_IMPORT_ROWS.toLocaleString('id-ID')} soal.`);
  return rows;
}

/** `section` as written in a sheet: the stored name, or 'written expression'. */
export function sectionOfCell(value: string): SoalSection | null {
  const v = value.trim().toLowerCase().replace(/\s+/g, ' ');
  const parsed = soalSectionSchema.safeParse(v === 'written expression' ? 'written' : v);
  return parsed.success ? parsed.data : null;
}

export async function writeXlsx(rows: readonly ImportRow[], notes?: readonly (readonly string[])[]): Promise<Buffer> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(SHEET_NAME);
  sheet.columns = IMPORT_COLUMNS.map((c) => ({ header: c, key: c, width: c === 'soal' || c === 'passage_text' ? 60 : 18 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  if (notes) {
    const help = workbook.addWorksheet('petunjuk');
    help.columns = [
      { header: 'kolom', width: 20 },
      { header: 'isi', width: 100 },
    ];
    help.getRow(1).font = { bold: true };
    for (const line of notes) help.addRow([...line]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function writeCsv(rows: readonly ImportRow[]): Promise<Buffer> {
  const [, { stringify }] = await loadCsv();
  // The BOM lets spreadsheet programs read the file as UTF-8.
  return Buffer.from(stringify([[...IMPORT_COLUMNS], ...rows.map((r) => IMPORT_COLUMNS.map((c) => r[c]))], { bom: true }));
}

/** Whether the bytes are a zip (an xlsx is one too). */
export const isZip = (buffer: Buffer): boolean => buffer.length > 3 && buffer[0] === 0x50 && buffer[1] === 0x4b;

/** A zip entry's path that stays inside the folder it is unpacked to. */
function isInside(name: string): boolean {
  if (name.startsWith('/') || name.startsWith('\\') || /^[A-Za-z]:/.test(name)) return false;
  return !name.split(/[\\/]/).includes('..');
}

/** The largest single file a media zip may hold (the audio limit; images are checked at 5 MB later). */
export const MAX_ENTRY_BYTES = UPLOAD_RULES.audio.maxBytes;

/**
 * The files of a zip by their own name (folders ignored, so `media/a.mp3` is `a.mp3`). A path
 * outside the folder refuses the whole zip; an entry over the size limit is kept out and reported.
 */
export async function readZip(buffer: Buffer, label: string): Promise<{ files: Map<string, Uint8Array>; tooBig: Set<string> }> {
  const { unzipSync } = await loadZip();
  const outside: string[] = [];
  const tooBig = new Set<string>();
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(new Uint8Array(buffer), {
      filter: (file) => {
        if (!isInside(file.name)) outside.push(file.name);
        if (file.name.endsWith('/') || file.name.split('/').some((p) => p === '__MACOSX' || p.startsWith('._'))) return false;
        if (file.originalSize > MAX_ENTRY_BYTES) {
          tooBig.add(baseName(file.name));
          return false;
        }
        return true;
      },
    });
  } catch {
    throw badRequest(`${label} tidak dapat dibaca sebagai zip.`);
  }
  if (outside.length > 0) {
    throw badRequest(
      `${label} berisi file dengan path di luar folder (${outside.slice(0, 3).join(', ')}); buat ulang zip tanpa path seperti itu.`,
    );
  }
  const files = new Map<string, Uint8Array>();
  for (const [name, data] of Object.entries(entries)) {
    const base = baseName(name);
    if (files.has(base)) throw badRequest(`${label} berisi dua file bernama '${base}'. Nama file media harus unik.`);
    files.set(base, data);
  }
  return { files, tooBig };
}

export const baseName = (name: string): string => name.split(/[\\/]/).pop() ?? name;

/** A zip of the sheet and media; media are stored as they are (audio and images are compressed already). */
export async function writeZip(entries: Record<string, Uint8Array>): Promise<Buffer> {
  const { zipSync } = await loadZip();
  const zippable: Zippable = {};
  for (const [name, data] of Object.entries(entries)) zippable[name] = [data, { level: name.startsWith('media/') ? 0 : 6 }];
  return Buffer.from(zipSync(zippable));
}
