import { and, asc, eq, max, ne } from 'drizzle-orm';
import { PASSAGE_REQUIRED, type AdminSoal, type SoalSection } from '../../contract/soal.ts';
import { isListeningGroupMember, listeningPartOf, pageOf, partNumberRange } from '../../machines/exam-layout.ts';
import { DEFAULT_SKILL, type SkillId } from '../../contract/skills.ts';
import { readWritten, WRITTEN_PARTS_MESSAGE } from '../../contract/written-markup.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { questionReading, soal } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { assertNoRunningAttempt } from './content-guard.service.ts';
import { changeContent, getPaketOrThrow } from './paket.service.ts';
import { toQuestionReading } from './question-reading.service.ts';
import { sanitizeHtml } from './sanitize.service.ts';
import { mediaUrl, type StoredFile, type Storage } from './storage.service.ts';

type SoalRow = typeof soal.$inferSelect;
type PassageRow = typeof questionReading.$inferSelect;

export const SOAL_NOT_FOUND = 'Soal tidak ditemukan.';
const SECTION_LABEL: Record<SoalSection, string> = {
  listening: 'listening',
  structure: 'structure',
  written: 'written expression',
  reading: 'reading',
};

export function toAdminSoal(row: SoalRow, passage: PassageRow | null): AdminSoal {
  return {
    id: row.id,
    paket_soal_id: row.paketSoalId,
    section: row.section,
    no_soal: row.noSoal,
    page: row.page,
    soal: row.soal,
    pilihan_satu: row.pilihanSatu,
    pilihan_dua: row.pilihanDua,
    pilihan_tiga: row.pilihanTiga,
    pilihan_empat: row.pilihanEmpat,
    jawaban: row.jawaban,
    audio: mediaUrl(row.audio),
    q_reading: row.qReading,
    readingQuestion: passage ? toQuestionReading(passage) : null,
    pembahasan: row.pembahasan,
    skill: row.skill as SkillId,
    transcript: row.transcript,
    spoken_question: row.spokenQuestion,
  };
}

/** Fields every section shares after validation (contract/soal.ts schemas, output side). */
export interface SoalInput {
  no_soal: number;
  page: number;
  soal?: string;
  pilihan_satu?: string;
  pilihan_dua?: string;
  pilihan_tiga?: string;
  pilihan_empat?: string;
  jawaban: '1' | '2' | '3' | '4';
  pembahasan?: string | undefined;
  q_reading?: number;
  /** Absent (a client of the spec's calls): an add takes its part's default, an edit keeps the stored skill. */
  skill?: SkillId | undefined;
  /** Listening only; undefined keeps the stored text on an edit, null clears it. */
  transcript?: string | null | undefined;
  spoken_question?: string | null | undefined;
}

export function checkNumbering(section: SoalSection, noSoal: number, page: number): void {
  const n = partNumberRange(section);
  if (noSoal < n.first || noSoal > n.last) {
    throw badRequest(`Nomor soal ${SECTION_LABEL[section]} harus antara ${n.first} dan ${n.last}.`);
  }
  const expected = pageOf(section, noSoal);
  if (page !== expected) {
    throw badRequest(`Page untuk soal ${SECTION_LABEL[section]} nomor ${noSoal} harus ${expected}.`);
  }
}

/** The refusal of a number (page) a package already holds. */
export const numberTaken = (noSoal: number, page: number): string => `Soal nomor ${noSoal} (page ${page}) sudah ada di paket ini.`;

async function checkFree(db: Db, paketId: number, page: number, noSoal: number, exceptId?: number): Promise<void> {
  const clash = await db
    .select({ id: soal.id })
    .from(soal)
    .where(and(eq(soal.paketSoalId, paketId), eq(soal.page, page), ...(exceptId ? [ne(soal.id, exceptId)] : [])))
    .limit(1);
  if (clash.length > 0) throw conflict(numberTaken(noSoal, page));
}

async function passageOf(db: Db, paketId: number, qReading: number | undefined): Promise<PassageRow> {
  if (!qReading) throw badRequest(PASSAGE_REQUIRED);
  const rows = await db
    .select()
    .from(questionReading)
    .where(and(eq(questionReading.id, qReading), eq(questionReading.paketSoalId, paketId)))
    .limit(1);
  if (!rows[0]) throw badRequest(PASSAGE_REQUIRED);
  return rows[0];
}

/** What the question rules make of a row's text: the stored HTML and the four options. */
export interface CheckedSoal {
  soalHtml: string;
  options: [string, string, string, string];
}

/**
 * The rules every save of a question applies, whatever sends it (a form or an import row): number
 * and page of the section, audio where a clip of its own is needed, sanitised HTML, and a
 * written-expression sentence read into our markup with its four parts as the options.
 * `hasAudio` is whether a clip comes with the save (`null`: an edit that keeps the stored one).
 */
export async function checkSoal(section: SoalSection, input: SoalInput, hasAudio: boolean | null): Promise<CheckedSoal> {
  checkNumbering(section, input.no_soal, input.page);
  if (section === 'listening') {
    // A group member's own clip is kept (spec clients upload the group's clip with each of its
    // questions) but optional: the exam plays the group head's clip for the whole group.
    if (hasAudio === false && !isListeningGroupMember(input.no_soal)) {
      throw badRequest('Semua field wajib diisi! Audio wajib diunggah untuk soal ini.');
    }
    return { soalHtml: '', options: [input.pilihan_satu!, input.pilihan_dua!, input.pilihan_tiga!, input.pilihan_empat!] };
  }
  if (hasAudio) throw badRequest(AUDIO_LISTENING_ONLY);
  const soalHtml = (await sanitizeHtml(input.soal ?? '')).trim();
  if (!soalHtml) throw badRequest('Semua field wajib diisi!');
  if (section === 'written') {
    // Any common shape (sub/sup/span letters, word boxes, [A] marks) is stored in our markup.
    const sentence = readWritten(soalHtml);
    if (!sentence) throw badRequest(WRITTEN_PARTS_MESSAGE);
    return { soalHtml: sentence.html, options: sentence.parts };
  }
  return { soalHtml, options: [input.pilihan_satu!, input.pilihan_dua!, input.pilihan_tiga!, input.pilihan_empat!] };
}

export const AUDIO_LISTENING_ONLY = 'Hanya soal listening yang memakai audio.';

/** The skill of a question added without one (decision 031). */
function defaultSkill(section: SoalSection, noSoal: number): SkillId {
  return section === 'listening' ? DEFAULT_SKILL[listeningPartOf(noSoal)] : DEFAULT_SKILL[section];
}

/** The row a new question is inserted as (form save and import alike). */
export function newSoalValues(
  paketId: number,
  section: SoalSection,
  input: SoalInput,
  checked: CheckedSoal,
  audioKey: string | null,
  passageId: number | null,
): typeof soal.$inferInsert {
  return {
    paketSoalId: paketId,
    section,
    noSoal: input.no_soal,
    page: input.page,
    soal: checked.soalHtml,
    pilihanSatu: checked.options[0],
    pilihanDua: checked.options[1],
    pilihanTiga: checked.options[2],
    pilihanEmpat: checked.options[3],
    jawaban: input.jawaban,
    audio: audioKey,
    qReading: passageId,
    pembahasan: input.pembahasan ?? null,
    skill: input.skill ?? defaultSkill(section, input.no_soal),
    transcript: section === 'listening' ? (input.transcript ?? null) : null,
    spokenQuestion: section === 'listening' ? (input.spoken_question ?? null) : null,
  };
}

/** Everything a section-specific create/update resolves before writing. */
interface Prepared extends CheckedSoal {
  passage: PassageRow | null;
}

async function prepare(db: Db, paketId: number, section: SoalSection, input: SoalInput, hasAudio: boolean | null): Promise<Prepared> {
  const checked = await checkSoal(section, input, hasAudio);
  const passage = section === 'reading' ? await passageOf(db, paketId, input.q_reading) : null;
  return { ...checked, passage };
}

export async function createSoal(
  db: Db,
  storage: Storage,
  paketId: number,
  section: SoalSection,
  input: SoalInput,
  audio?: Buffer,
): Promise<AdminSoal> {
  await getPaketOrThrow(db, paketId);
  await assertNoRunningAttempt(db, paketId);
  const prepared = await prepare(db, paketId, section, input, !!audio);
  await checkFree(db, paketId, input.page, input.no_soal);

  const file: StoredFile | null = audio ? await storage.write('audio', audio) : null;
  try {
    const row = await changeContent(db, paketId, async (tx) => {
      if (file) await storage.record(tx, 'audio', file, { paketSoalId: paketId });
      const [inserted] = await tx
        .insert(soal)
        .values(newSoalValues(paketId, section, input, prepared, file?.key ?? null, prepared.passage?.id ?? null))
        .returning();
      return inserted!;
    });
    return toAdminSoal(row, prepared.passage);
  } catch (err) {
    if (file) await storage.removeFromDisk([file.key]);
    if (isUniqueViolation(err)) throw conflict(numberTaken(input.no_soal, input.page));
    throw err;
  }
}

export async function getSoalRow(db: Db, id: number): Promise<SoalRow> {
  const rows = await db.select().from(soal).where(eq(soal.id, id)).limit(1);
  if (!rows[0]) throw notFound(SOAL_NOT_FOUND);
  return rows[0];
}

async function passageById(db: Db, id: number | null): Promise<PassageRow | null> {
  if (id === null) return null;
  const rows = await db.select().from(questionReading).where(eq(questionReading.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function getAdminSoal(db: Db, id: number): Promise<AdminSoal> {
  const row = await getSoalRow(db, id);
  return toAdminSoal(row, await passageById(db, row.qReading));
}

/** Updates a question of any section (written expression too: beyond the spec, which only deletes and adds). */
export async function updateSoal(
  db: Db,
  storage: Storage,
  id: number,
  section: SoalSection,
  input: SoalInput,
  audio?: Buffer,
): Promise<AdminSoal> {
  const existing = await getSoalRow(db, id);
  await assertNoRunningAttempt(db, existing.paketSoalId);
  if (existing.section !== section) {
    throw badRequest(`Soal ini adalah soal ${SECTION_LABEL[existing.section]}, bukan ${SECTION_LABEL[section]}.`);
  }
  const prepared = await prepare(db, existing.paketSoalId, section, input, audio ? true : null);
  await checkFree(db, existing.paketSoalId, input.page, input.no_soal, id);

  const file: StoredFile | null = audio ? await storage.write('audio', audio) : null;
  try {
    const row = await changeContent(db, existing.paketSoalId, async (tx) => {
      if (file) {
        await storage.record(tx, 'audio', file, { paketSoalId: existing.paketSoalId });
        if (existing.audio) await storage.forget(tx, [existing.audio]);
      }
      const [updated] = await tx
        .update(soal)
        .set({
          noSoal: input.no_soal,
          page: input.page,
          soal: prepared.soalHtml,
          pilihanSatu: prepared.options[0],
          pilihanDua: prepared.options[1],
          pilihanTiga: prepared.options[2],
          pilihanEmpat: prepared.options[3],
          jawaban: input.jawaban,
          ...(file ? { audio: file.key } : {}),
          ...(section === 'reading' ? { qReading: prepared.passage?.id ?? null } : {}),
          ...(input.pembahasan !== undefined ? { pembahasan: input.pembahasan } : {}),
          ...(input.skill !== undefined ? { skill: input.skill } : {}),
          ...(section === 'listening' && input.transcript !== undefined ? { transcript: input.transcript } : {}),
          ...(section === 'listening' && input.spoken_question !== undefined ? { spokenQuestion: input.spoken_question } : {}),
          updatedAt: new Date(),
        })
        .where(eq(soal.id, id))
        .returning();
      return updated!;
    });
    if (file && existing.audio) await storage.removeFromDisk([existing.audio]);
    return toAdminSoal(row, prepared.passage ?? (await passageById(db, row.qReading)));
  } catch (err) {
    if (file) await storage.removeFromDisk([file.key]);
    if (isUniqueViolation(err)) throw conflict(numberTaken(input.no_soal, input.page));
    throw err;
  }
}

export async function deleteSoal(db: Db, storage: Storage, id: number): Promise<void> {
  const existing = await getSoalRow(db, id);
  await assertNoRunningAttempt(db, existing.paketSoalId);
  await changeContent(db, existing.paketSoalId, async (tx) => {
    await tx.delete(soal).where(eq(soal.id, id));
    if (existing.audio) await storage.forget(tx, [existing.audio]);
  });
  await storage.removeFromDisk([existing.audio]);
}

export async function listSoal(db: Db, paketId: number, section: SoalSection): Promise<AdminSoal[]> {
  await getPaketOrThrow(db, paketId);
  const rows = await db
    .select({ soal, passage: questionReading })
    .from(soal)
    .leftJoin(questionReading, eq(questionReading.id, soal.qReading))
    .where(and(eq(soal.paketSoalId, paketId), eq(soal.section, section)))
    .orderBy(asc(soal.noSoal));
  return rows.map((r) => toAdminSoal(r.soal, r.passage));
}

/** The last number and page used in a section, or the section's base so that last + 1 is its first. */
export async function lastSoal(db: Db, paketId: number, section: SoalSection): Promise<{ last_no_soal: number; last_page: number }> {
  await getPaketOrThrow(db, paketId);
  const [row] = await db
    .select({ n: max(soal.noSoal) })
    .from(soal)
    .where(and(eq(soal.paketSoalId, paketId), eq(soal.section, section)));
  const lastNo = row?.n ?? partNumberRange(section).first - 1;
  return { last_no_soal: lastNo, last_page: pageOf(section, lastNo) };
}
