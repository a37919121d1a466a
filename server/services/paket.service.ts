import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AdminPaket, Completeness, PaketInput, PublicPaket } from '../../contract/paket.ts';
import { QUESTION_PARTS, isListeningGroupMember, partNumberRange, partQuestionCount } from '../../machines/exam-layout.ts';
import type { Db } from '../db/client.ts';
import { examAttempts, files, paketSoal, questionReading, soal, users } from '../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import { assertArchivable, assertNoRunningAttempt } from './content-guard.service.ts';
import type { Storage } from './storage.service.ts';

type PaketRow = typeof paketSoal.$inferSelect;

export const PAKET_NOT_FOUND = 'Paket soal tidak ditemukan.';

export function toPublicPaket(p: PaketRow): PublicPaket {
  return {
    id: p.id,
    nama_paket: p.namaPaket,
    level: p.level,
    harga: p.harga,
    status: p.status,
    durasi_listening: p.durasiListening,
    durasi_written: p.durasiWritten,
    durasi_reading: p.durasiReading,
  };
}

const SECTION_LABEL = { listening: 'Listening', structure: 'Structure', written: 'Written Expression', reading: 'Reading' } as const;

/** Counts a package's questions against 50/15/25/50 and lists what keeps it from being siap. */
export async function completenessOf(db: Db, paketId: number): Promise<Completeness> {
  const rows = await db
    .select({ section: soal.section, noSoal: soal.noSoal, audio: soal.audio, qReading: soal.qReading })
    .from(soal)
    .where(eq(soal.paketSoalId, paketId));
  const counts = { listening: 0, structure: 0, written: 0, reading: 0 };
  const taken = { listening: new Set<number>(), structure: new Set<number>(), written: new Set<number>(), reading: new Set<number>() };
  const listeningMissingAudio: number[] = [];
  const readingWithoutPassage: number[] = [];
  for (const r of rows) {
    counts[r.section] += 1;
    taken[r.section].add(r.noSoal);
    if (r.section === 'listening' && !r.audio && !isListeningGroupMember(r.noSoal)) listeningMissingAudio.push(r.noSoal);
    if (r.section === 'reading' && r.qReading === null) readingWithoutPassage.push(r.noSoal);
  }
  const missing: string[] = [];
  for (const section of QUESTION_PARTS) {
    if (counts[section] !== partQuestionCount(section)) {
      missing.push(`${SECTION_LABEL[section]}: ${counts[section]} dari ${partQuestionCount(section)} soal.`);
    }
  }
  const missingNumbers = { listening: [] as number[], structure: [] as number[], written: [] as number[], reading: [] as number[] };
  for (const section of QUESTION_PARTS) {
    const { first, last } = partNumberRange(section);
    for (let n = first; n <= last; n += 1) if (!taken[section].has(n)) missingNumbers[section].push(n);
  }
  listeningMissingAudio.sort((a, b) => a - b);
  readingWithoutPassage.sort((a, b) => a - b);
  if (listeningMissingAudio.length > 0) missing.push(`Audio belum ada untuk listening nomor ${listeningMissingAudio.join(', ')}.`);
  if (readingWithoutPassage.length > 0) missing.push(`Reading nomor ${readingWithoutPassage.join(', ')} belum terhubung ke bacaan.`);
  return { ...counts, missingNumbers, listeningMissingAudio, readingWithoutPassage, complete: missing.length === 0, missing };
}

async function toAdminPaket(db: Db, p: PaketRow): Promise<AdminPaket> {
  return {
    ...toPublicPaket(p),
    created_at: p.createdAt.toISOString(),
    archived_at: p.archivedAt?.toISOString() ?? null,
    completeness: await completenessOf(db, p.id),
  };
}

export async function findPaket(db: Db, id: number): Promise<PaketRow | null> {
  const rows = await db.select().from(paketSoal).where(eq(paketSoal.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function getPaketOrThrow(db: Db, id: number): Promise<PaketRow> {
  const p = await findPaket(db, id);
  if (!p) throw notFound(PAKET_NOT_FOUND);
  return p;
}

export async function listAdminPaket(db: Db): Promise<AdminPaket[]> {
  const rows = await db.select().from(paketSoal).orderBy(asc(paketSoal.id));
  return Promise.all(rows.map((r) => toAdminPaket(db, r)));
}

export async function getAdminPaket(db: Db, id: number): Promise<AdminPaket> {
  return toAdminPaket(db, await getPaketOrThrow(db, id));
}

/** Published packages only (status siap, not archived), cheapest level first as the spec's list shows them. */
export async function listPublicPaket(db: Db): Promise<PublicPaket[]> {
  const rows = await db
    .select()
    .from(paketSoal)
    .where(and(eq(paketSoal.status, 'siap'), isNull(paketSoal.archivedAt)))
    .orderBy(asc(paketSoal.id));
  return rows.map(toPublicPaket);
}

function refuseIfIncomplete(c: Completeness): void {
  if (!c.complete) throw conflict(`Paket belum lengkap, belum bisa diset siap. ${c.missing.join(' ')}`, { completeness: c });
}

export async function createPaket(db: Db, input: PaketInput): Promise<AdminPaket> {
  // A new package has no questions, so it cannot start as siap.
  if (input.status === 'siap') refuseIfIncomplete(await completenessOf(db, -1));
  const [row] = await db
    .insert(paketSoal)
    .values({
      namaPaket: input.nama_paket,
      level: input.level ?? 'itp',
      harga: input.harga ?? 0,
      status: 'belum',
      ...(input.durasi_listening !== undefined ? { durasiListening: input.durasi_listening } : {}),
      ...(input.durasi_written !== undefined ? { durasiWritten: input.durasi_written } : {}),
      ...(input.durasi_reading !== undefined ? { durasiReading: input.durasi_reading } : {}),
    })
    .returning();
  return toAdminPaket(db, row!);
}

export async function updatePaket(db: Db, id: number, input: PaketInput): Promise<AdminPaket> {
  const existing = await getPaketOrThrow(db, id);
  const durations = [
    [input.durasi_listening, existing.durasiListening],
    [input.durasi_written, existing.durasiWritten],
    [input.durasi_reading, existing.durasiReading],
  ];
  // A running attempt sets its next section's end from these; name, price and status it never reads.
  const readByAttempts = durations.some(([next, now]) => next !== undefined && next !== now);
  const row = await changeContent(
    db,
    id,
    async (tx) => {
      if (input.status === 'siap' && existing.status !== 'siap') refuseIfIncomplete(await completenessOf(tx, id));
      const [updated] = await tx
        .update(paketSoal)
        .set({
          namaPaket: input.nama_paket,
          ...(input.level !== undefined ? { level: input.level } : {}),
          ...(input.harga !== undefined ? { harga: input.harga } : {}),
          ...(input.status !== undefined ? { status: input.status } : {}),
          ...(input.durasi_listening !== undefined ? { durasiListening: input.durasi_listening } : {}),
          ...(input.durasi_written !== undefined ? { durasiWritten: input.durasi_written } : {}),
          ...(input.durasi_reading !== undefined ? { durasiReading: input.durasi_reading } : {}),
          updatedAt: new Date(),
        })
        .where(eq(paketSoal.id, id))
        .returning();
      return updated!;
    },
    { readByAttempts },
  );
  return toAdminPaket(db, row);
}

/**
 * Content changes and exam starts of one package meet at an advisory lock on it (transaction
 * scoped): a change holds it alone, starts hold it shared. An advisory lock writes nothing; a row
 * lock (`for share` on the package at every start) marked the package's row at each start, and
 * every exam call that read the row afterwards paid for it (exam mix on the embedded database:
 * p99 30 -> 825 ms).
 */
const PAKET_LOCK_CLASS = 7_301;

/** Taken by an exam start before it reads the package again (startOrRefreshTimer). */
export async function holdPaketForStart(tx: Db, paketId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${PAKET_LOCK_CLASS}, ${paketId})`);
}

/**
 * A change to what a running attempt reads (questions, passages, media, durations), made in one
 * transaction that holds the package's lock alone. An exam start holds it shared while it reads
 * the package and creates its attempt, so either the start commits first and this change is
 * refused (409), or the change commits first, with the package back at belum if it left it
 * incomplete, and the start is refused. Checked outside the write, the two passed each other: a
 * learner started a package while its question was being deleted and sat 139 questions.
 */
export async function changeContent<T>(
  db: Db,
  paketId: number,
  change: (tx: Db) => Promise<T>,
  {
    readByAttempts = true,
  }: {
    /** False for what no attempt reads (a package's name, price, status, its archiving): no running-attempt check, no demotion. */
    readByAttempts?: boolean;
  } = {},
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PAKET_LOCK_CLASS}, ${paketId})`);
    if (readByAttempts) await assertNoRunningAttempt(tx, paketId);
    const result = await change(tx);
    if (readByAttempts) await demoteIfIncomplete(tx, paketId);
    return result;
  });
}

/** A package that is no longer complete (a question deleted) goes back to belum. */
export async function demoteIfIncomplete(db: Db, paketId: number): Promise<void> {
  const c = await completenessOf(db, paketId);
  if (!c.complete) {
    await db
      .update(paketSoal)
      .set({ status: 'belum', updatedAt: new Date() })
      .where(and(eq(paketSoal.id, paketId), eq(paketSoal.status, 'siap')));
  }
}

/** The spec's DELETE: hides the package from learners, keeps its questions, media and history (restorable). */
export async function archivePaket(db: Db, id: number): Promise<AdminPaket> {
  const existing = await getPaketOrThrow(db, id);
  if (existing.archivedAt) return toAdminPaket(db, existing);
  // Under the package's lock, like an exam start: no attempt starts between the check and the archive.
  const row = await changeContent(
    db,
    id,
    async (tx) => {
      await assertArchivable(tx, id);
      const [archived] = await tx
        .update(paketSoal)
        .set({ archivedAt: new Date(), updatedAt: new Date() })
        .where(eq(paketSoal.id, id))
        .returning();
      return archived!;
    },
    { readByAttempts: false },
  );
  return toAdminPaket(db, row);
}

/** Brings an archived package back with the status it had (a siap package is listed for learners again). */
export async function restorePaket(db: Db, id: number): Promise<AdminPaket> {
  await getPaketOrThrow(db, id);
  const [row] = await db.update(paketSoal).set({ archivedAt: null, updatedAt: new Date() }).where(eq(paketSoal.id, id)).returning();
  return toAdminPaket(db, row!);
}

/**
 * Removes a package with its questions, passages and files for good. Only for a demo package whose
 * seeding was interrupted; admins archive instead (archivePaket).
 */
export async function deletePaket(db: Db, storage: Storage, id: number): Promise<void> {
  await getPaketOrThrow(db, id);
  const [inUse] = await db
    .select({ n: sql<number>`count(*)` })
    .from(examAttempts)
    .where(and(eq(examAttempts.paketSoalId, id), isNull(examAttempts.finishedAt)));
  const [holders] = await db
    .select({ n: sql<number>`count(*)` })
    .from(users)
    .where(eq(users.paketSoalIdAktif, id));
  if (Number(inUse?.n ?? 0) > 0 || Number(holders?.n ?? 0) > 0) {
    throw conflict('Paket ini sedang aktif untuk peserta (sudah dibayar atau sedang dikerjakan), sehingga tidak dapat dihapus.');
  }
  const keys = await db.transaction(async (tx) => {
    const owned = await tx.select({ key: files.key }).from(files).where(eq(files.paketSoalId, id));
    await tx.delete(soal).where(eq(soal.paketSoalId, id));
    await tx.delete(questionReading).where(eq(questionReading.paketSoalId, id));
    await tx.delete(files).where(eq(files.paketSoalId, id));
    await tx.delete(paketSoal).where(eq(paketSoal.id, id));
    return owned.map((o) => o.key);
  });
  await storage.removeFromDisk(keys);
}

export const countPaket = async (db: Db): Promise<number> =>
  Number((await db.select({ n: sql<number>`count(*)` }).from(paketSoal))[0]?.n ?? 0);
