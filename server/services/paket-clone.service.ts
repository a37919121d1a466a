import { asc, eq, inArray } from 'drizzle-orm';
import type { AdminPaket } from '../../contract/paket.ts';
import { CLONE_NAME_PREFIX } from '../../contract/paket.ts';
import type { Db } from '../db/client.ts';
import { files, paketSoal, questionReading, soal } from '../db/schema.ts';
import { getAdminPaket, getPaketOrThrow } from './paket.service.ts';
import type { Storage } from './storage.service.ts';

/** 'Salinan <name>', cut to the 150 characters a package name may have. */
export const cloneName = (nama: string): string => `${CLONE_NAME_PREFIX}${nama}`.slice(0, 150);

/**
 * Copies a package with its passages, questions and media into a new package that starts as
 * belum siap. Media get their own names (hard links, see Storage.duplicate) so deleting either
 * package never takes the other's files. One transaction: a failure leaves no half copy.
 * Counters and exam history stay with the original.
 */
export async function clonePaket(db: Db, storage: Storage, id: number): Promise<AdminPaket> {
  const source = await getPaketOrThrow(db, id);
  const passages = await db.select().from(questionReading).where(eq(questionReading.paketSoalId, id)).orderBy(asc(questionReading.id));
  const questions = await db.select().from(soal).where(eq(soal.paketSoalId, id)).orderBy(asc(soal.page));
  const keys = [...passages.map((p) => p.image), ...questions.map((q) => q.audio)].filter((k): k is string => !!k);
  const fileRows = keys.length > 0 ? await db.select().from(files).where(inArray(files.key, keys)) : [];
  const fileOf = new Map(fileRows.map((f) => [f.key, f]));

  const copies = new Map<string, string>();
  try {
    for (const key of new Set(keys)) copies.set(key, await storage.duplicate(key));
    const newId = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(paketSoal)
        .values({
          namaPaket: cloneName(source.namaPaket),
          level: source.level,
          harga: source.harga,
          status: 'belum',
          durasiListening: source.durasiListening,
          durasiWritten: source.durasiWritten,
          durasiReading: source.durasiReading,
        })
        .returning({ id: paketSoal.id });
      const paketId = created!.id;
      for (const [key, copy] of copies) {
        const f = fileOf.get(key);
        if (f) await storage.record(tx, f.kind, { key: copy, mime: f.mime, size: f.size }, { paketSoalId: paketId });
      }
      const passageIds = new Map<number, number>();
      for (const p of passages) {
        const [row] = await tx
          .insert(questionReading)
          .values({ paketSoalId: paketId, nama: p.nama, html: p.html, image: p.image ? copies.get(p.image)! : null })
          .returning({ id: questionReading.id });
        passageIds.set(p.id, row!.id);
      }
      if (questions.length > 0) {
        await tx.insert(soal).values(
          questions.map((q) => ({
            paketSoalId: paketId,
            section: q.section,
            noSoal: q.noSoal,
            page: q.page,
            soal: q.soal,
            pilihanSatu: q.pilihanSatu,
            pilihanDua: q.pilihanDua,
            pilihanTiga: q.pilihanTiga,
            pilihanEmpat: q.pilihanEmpat,
            jawaban: q.jawaban,
            audio: q.audio ? copies.get(q.audio)! : null,
            qReading: q.qReading === null ? null : (passageIds.get(q.qReading) ?? null),
            pembahasan: q.pembahasan,
            skill: q.skill,
            transcript: q.transcript,
            spokenQuestion: q.spokenQuestion,
          })),
        );
      }
      return paketId;
    });
    return await getAdminPaket(db, newId);
  } catch (err) {
    await storage.removeFromDisk([...copies.values()]);
    throw err;
  }
}
