import { asc, eq, sql } from 'drizzle-orm';
import type { QuestionReading } from '../../contract/soal.ts';
import type { Db } from '../db/client.ts';
import { questionReading, soal } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { assertNoRunningAttempt } from './content-guard.service.ts';
import { changeContent, getPaketOrThrow } from './paket.service.ts';
import { sanitizeHtml } from './sanitize.service.ts';
import { mediaUrl, type StoredFile, type Storage } from './storage.service.ts';

type PassageRow = typeof questionReading.$inferSelect;

export const PASSAGE_NOT_FOUND = 'Bacaan (Question Reading) tidak ditemukan.';
export const PASSAGE_CONTENT_REQUIRED = 'Unggah gambar bacaan (jpg, jpeg, png) atau isi teks bacaan.';

export const toQuestionReading = (p: PassageRow): QuestionReading => ({
  id: p.id,
  paket_soal_id: p.paketSoalId,
  nama: p.nama,
  reading: mediaUrl(p.image),
  html: p.html,
});

export async function listQuestionReading(db: Db, paketId: number): Promise<QuestionReading[]> {
  await getPaketOrThrow(db, paketId);
  const rows = await db.select().from(questionReading).where(eq(questionReading.paketSoalId, paketId)).orderBy(asc(questionReading.id));
  return rows.map(toQuestionReading);
}

async function getPassageRow(db: Db, id: number): Promise<PassageRow> {
  const rows = await db.select().from(questionReading).where(eq(questionReading.id, id)).limit(1);
  if (!rows[0]) throw notFound(PASSAGE_NOT_FOUND);
  return rows[0];
}

/** A passage is an image (jpg/png), HTML text, or both. */
export async function createQuestionReading(
  db: Db,
  storage: Storage,
  paketId: number,
  input: { nama: string; html?: string | undefined },
  image?: Buffer,
): Promise<QuestionReading> {
  await getPaketOrThrow(db, paketId);
  await assertNoRunningAttempt(db, paketId);
  const html = input.html ? (await sanitizeHtml(input.html)).trim() || null : null;
  if (!image && !html) throw badRequest(PASSAGE_CONTENT_REQUIRED);
  const file: StoredFile | null = image ? await storage.write('passage', image) : null;
  try {
    const row = await changeContent(db, paketId, async (tx) => {
      if (file) await storage.record(tx, 'passage', file, { paketSoalId: paketId });
      const [inserted] = await tx
        .insert(questionReading)
        .values({ paketSoalId: paketId, nama: input.nama, image: file?.key ?? null, html })
        .returning();
      return inserted!;
    });
    return toQuestionReading(row);
  } catch (err) {
    if (file) await storage.removeFromDisk([file.key]);
    throw err;
  }
}

export async function updateQuestionReading(
  db: Db,
  storage: Storage,
  id: number,
  input: { nama: string; html?: string | undefined },
  image?: Buffer,
): Promise<QuestionReading> {
  const existing = await getPassageRow(db, id);
  await assertNoRunningAttempt(db, existing.paketSoalId);
  const html = input.html !== undefined ? (await sanitizeHtml(input.html)).trim() || null : existing.html;
  if (!image && !existing.image && !html) throw badRequest(PASSAGE_CONTENT_REQUIRED);
  const file: StoredFile | null = image ? await storage.write('passage', image) : null;
  try {
    const row = await changeContent(db, existing.paketSoalId, async (tx) => {
      if (file) {
        await storage.record(tx, 'passage', file, { paketSoalId: existing.paketSoalId });
        if (existing.image) await storage.forget(tx, [existing.image]);
      }
      const [updated] = await tx
        .update(questionReading)
        .set({ nama: input.nama, html, ...(file ? { image: file.key } : {}) })
        .where(eq(questionReading.id, id))
        .returning();
      return updated!;
    });
    if (file && existing.image) await storage.removeFromDisk([existing.image]);
    return toQuestionReading(row);
  } catch (err) {
    if (file) await storage.removeFromDisk([file.key]);
    throw err;
  }
}

/** Deletes a passage no question uses (questions are moved or deleted first, never silently unlinked). */
export async function deleteQuestionReading(db: Db, storage: Storage, id: number): Promise<void> {
  const existing = await getPassageRow(db, id);
  await assertNoRunningAttempt(db, existing.paketSoalId);
  const [linked] = await db
    .select({ n: sql<number>`count(*)` })
    .from(soal)
    .where(eq(soal.qReading, id));
  const n = Number(linked?.n ?? 0);
  if (n > 0) {
    throw conflict(
      `Bacaan ini masih dipakai oleh ${n} soal reading. Pindahkan soal-soal itu ke bacaan lain atau hapus soalnya terlebih dahulu, lalu hapus bacaan ini.`,
    );
  }
  await changeContent(db, existing.paketSoalId, async (tx) => {
    await tx.delete(questionReading).where(eq(questionReading.id, id));
    if (existing.image) await storage.forget(tx, [existing.image]);
  });
  await storage.removeFromDisk([existing.image]);
}
