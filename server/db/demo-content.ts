import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { pageFor } from '../../contract/soal.ts';
import { contentDir } from '../paths.ts';
import { createPaket, deletePaket, findPaket, updatePaket } from '../services/paket.service.ts';
import { createQuestionReading } from '../services/question-reading.service.ts';
import { createSoal } from '../services/soal.service.ts';
import type { Storage } from '../services/storage.service.ts';
import type { Db } from './client.ts';
import { settings } from './schema.ts';

const jawaban = z.enum(['1', '2', '3', '4']);
const four = z.array(z.string().min(1)).length(4);
const line = z.object({ speaker: z.string().min(1), text: z.string().min(1) });

/** The shapes of content/demo-package/*.json (written for this project; see content/README.md). */
export const demoContentSchema = z.object({
  paket: z.object({ nama_paket: z.string().min(1), level: z.enum(['prediction', 'itp']), harga: z.number().int().min(0) }),
  listening: z
    .array(
      z.object({
        no_soal: z.number().int().min(1).max(50),
        part: z.enum(['A', 'B', 'C']),
        audio: z
          .string()
          .regex(/^[\w-]+\.mp3$/)
          .nullable(),
        question: z.string().min(1),
        dialogue: z.array(line).optional(),
        talk: z.object({ intro: z.string().min(1), lines: z.array(line).min(1) }).optional(),
        pilihan: four,
        jawaban,
        pembahasan: z.string().min(20),
      }),
    )
    .length(50),
  structure: z
    .array(
      z.object({
        no_soal: z.number().int().min(1).max(15),
        soal: z.string().min(1),
        pilihan: four,
        jawaban,
        pembahasan: z.string().min(20),
      }),
    )
    .length(15),
  written: z
    .array(
      z.object({
        no_soal: z.number().int().min(16).max(40),
        soal: z.string().min(1),
        parts: four,
        jawaban,
        koreksi: z.string().min(1),
        pembahasan: z.string().min(20),
      }),
    )
    .length(25),
  reading: z.object({
    passages: z.array(z.object({ key: z.string().min(1), nama: z.string().min(1), html: z.string().min(1) })).length(5),
    questions: z
      .array(
        z.object({
          no_soal: z.number().int().min(1).max(50),
          passage: z.string().min(1),
          soal: z.string().min(1),
          pilihan: four,
          jawaban,
          pembahasan: z.string().min(20),
        }),
      )
      .length(50),
  }),
});
export type DemoContent = z.infer<typeof demoContentSchema>;

export const demoPackageDir = path.join(contentDir, 'demo-package');

export async function loadDemoContent(): Promise<DemoContent> {
  const read = async (name: string) => JSON.parse(await readFile(path.join(demoPackageDir, name), 'utf8')) as unknown;
  return demoContentSchema.parse({
    paket: await read('paket.json'),
    listening: await read('listening.json'),
    structure: await read('structure.json'),
    written: await read('written.json'),
    reading: await read('reading.json'),
  });
}

const SEEDED = 'demo_content_seeded';
const PENDING = 'demo_content_pending';

async function getSetting(db: Db, key: string): Promise<string | null> {
  const rows = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
  return rows[0]?.value ?? null;
}
async function setSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/**
 * Seeds the demo package once per database through the same services the admin screens use, marks
 * it siap and free (the landing page's free first simulation). A start interrupted mid-seed leaves
 * a pending marker: the next start removes the half package and seeds again. Returns the package id
 * when it seeded now, null when there was nothing to do.
 */
export async function seedDemoContent(db: Db, storage: Storage): Promise<number | null> {
  if (await getSetting(db, SEEDED)) return null;
  const pending = await getSetting(db, PENDING);
  if (pending && (await findPaket(db, Number(pending)))) await deletePaket(db, storage, Number(pending));

  const content = await loadDemoContent();
  const paket = await createPaket(db, { nama_paket: content.paket.nama_paket, level: content.paket.level, harga: content.paket.harga });
  await setSetting(db, PENDING, String(paket.id));

  for (const q of content.listening) {
    const audio = q.audio ? await readFile(path.join(demoPackageDir, 'audio', q.audio)) : undefined;
    const [satu, dua, tiga, empat] = q.pilihan as [string, string, string, string];
    await createSoal(
      db,
      storage,
      paket.id,
      'listening',
      {
        no_soal: q.no_soal,
        page: pageFor('listening', q.no_soal),
        pilihan_satu: satu,
        pilihan_dua: dua,
        pilihan_tiga: tiga,
        pilihan_empat: empat,
        jawaban: q.jawaban,
        pembahasan: q.pembahasan,
      },
      audio,
    );
  }
  for (const q of content.structure) {
    const [satu, dua, tiga, empat] = q.pilihan as [string, string, string, string];
    await createSoal(db, storage, paket.id, 'structure', {
      no_soal: q.no_soal,
      page: pageFor('structure', q.no_soal),
      soal: q.soal,
      pilihan_satu: satu,
      pilihan_dua: dua,
      pilihan_tiga: tiga,
      pilihan_empat: empat,
      jawaban: q.jawaban,
      pembahasan: q.pembahasan,
    });
  }
  for (const q of content.written) {
    await createSoal(db, storage, paket.id, 'written', {
      no_soal: q.no_soal,
      page: pageFor('written', q.no_soal),
      soal: q.soal,
      jawaban: q.jawaban,
      pembahasan: q.pembahasan,
    });
  }
  const passageIds = new Map<string, number>();
  for (const p of content.reading.passages) {
    passageIds.set(p.key, (await createQuestionReading(db, storage, paket.id, { nama: p.nama, html: p.html })).id);
  }
  for (const q of content.reading.questions) {
    const [satu, dua, tiga, empat] = q.pilihan as [string, string, string, string];
    await createSoal(db, storage, paket.id, 'reading', {
      no_soal: q.no_soal,
      page: pageFor('reading', q.no_soal),
      soal: q.soal,
      pilihan_satu: satu,
      pilihan_dua: dua,
      pilihan_tiga: tiga,
      pilihan_empat: empat,
      jawaban: q.jawaban,
      pembahasan: q.pembahasan,
      q_reading: passageIds.get(q.passage)!,
    });
  }
  await updatePaket(db, paket.id, { nama_paket: content.paket.nama_paket, status: 'siap' });
  await setSetting(db, SEEDED, String(paket.id));
  await db.delete(settings).where(eq(settings.key, PENDING));
  return paket.id;
}
