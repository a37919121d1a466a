import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { skillSchema, type SkillId } from '../../contract/skills.ts';
import type { SoalSection } from '../../contract/soal.ts';
import { pageOf, partNumberRange, partQuestionCount, type QuestionPart } from '../../machines/exam-layout.ts';
import { contentDir } from '../paths.ts';
import { createPaket, deletePaket, findPaket, updatePaket } from '../services/paket.service.ts';
import { createQuestionReading } from '../services/question-reading.service.ts';
import { createSoal } from '../services/soal.service.ts';
import type { Storage } from '../services/storage.service.ts';
import type { Db } from './client.ts';
import { settings, soal } from './schema.ts';

const jawaban = z.enum(['1', '2', '3', '4']);
const four = z.array(z.string().min(1)).length(4);
const line = z.object({ speaker: z.string().min(1), text: z.string().min(1) });

const noSoalOf = (part: QuestionPart) => z.number().int().min(partNumberRange(part).first).max(partNumberRange(part).last);

/** The shapes of content/demo-package/*.json (written for this project; see content/README.md). */
export const demoContentSchema = z.object({
  paket: z.object({ nama_paket: z.string().min(1), level: z.enum(['prediction', 'itp']), harga: z.number().int().min(0) }),
  listening: z
    .array(
      z.object({
        no_soal: noSoalOf('listening'),
        part: z.enum(['A', 'B', 'C']),
        skill: skillSchema,
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
    .length(partQuestionCount('listening')),
  structure: z
    .array(
      z.object({
        no_soal: noSoalOf('structure'),
        skill: skillSchema,
        soal: z.string().min(1),
        pilihan: four,
        jawaban,
        pembahasan: z.string().min(20),
      }),
    )
    .length(partQuestionCount('structure')),
  written: z
    .array(
      z.object({
        no_soal: noSoalOf('written'),
        skill: skillSchema,
        soal: z.string().min(1),
        parts: four,
        jawaban,
        koreksi: z.string().min(1),
        pembahasan: z.string().min(20),
      }),
    )
    .length(partQuestionCount('written')),
  reading: z.object({
    passages: z.array(z.object({ key: z.string().min(1), nama: z.string().min(1), html: z.string().min(1) })).length(5),
    questions: z
      .array(
        z.object({
          no_soal: noSoalOf('reading'),
          passage: z.string().min(1),
          skill: skillSchema,
          soal: z.string().min(1),
          pilihan: four,
          jawaban,
          pembahasan: z.string().min(20),
        }),
      )
      .length(partQuestionCount('reading')),
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

type ListeningItem = DemoContent['listening'][number];
const speakerLabel = (speaker: string): string => speaker.charAt(0).toUpperCase() + speaker.slice(1);
export const transcriptOf = (lines: { speaker: string; text: string }[], intro?: string): string =>
  [...(intro ? [intro] : []), ...lines.map((l) => `${speakerLabel(l.speaker)}: ${l.text}`)].join('\n');

/**
 * The script of each listening question: a dialogue's own lines, or the talk of its group (a
 * group's members carry the head's talk so each reviews on its own).
 */
export function listeningTranscripts(items: readonly ListeningItem[]): Map<number, string> {
  const out = new Map<number, string>();
  let talk: string | null = null;
  for (const q of [...items].sort((a, b) => a.no_soal - b.no_soal)) {
    if (q.dialogue) talk = null;
    if (q.talk) talk = transcriptOf(q.talk.lines, q.talk.intro);
    const text = q.dialogue ? transcriptOf(q.dialogue) : talk;
    if (text) out.set(q.no_soal, text);
  }
  return out;
}

/** The skill, transcript and spoken question of every demo question by section and number. */
export function demoTags(
  content: DemoContent,
): { section: SoalSection; no_soal: number; skill: SkillId; transcript: string | null; spokenQuestion: string | null }[] {
  const transcripts = listeningTranscripts(content.listening);
  return [
    ...content.listening.map((q) => ({
      section: 'listening' as const,
      no_soal: q.no_soal,
      skill: q.skill,
      transcript: transcripts.get(q.no_soal) ?? null,
      spokenQuestion: q.question,
    })),
    ...content.structure.map((q) => ({
      section: 'structure' as const,
      no_soal: q.no_soal,
      skill: q.skill,
      transcript: null,
      spokenQuestion: null,
    })),
    ...content.written.map((q) => ({
      section: 'written' as const,
      no_soal: q.no_soal,
      skill: q.skill,
      transcript: null,
      spokenQuestion: null,
    })),
    ...content.reading.questions.map((q) => ({
      section: 'reading' as const,
      no_soal: q.no_soal,
      skill: q.skill,
      transcript: null,
      spokenQuestion: null,
    })),
  ];
}

const SEEDED = 'demo_content_seeded';
const TAGGED = 'demo_content_tagged';
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
  const transcripts = listeningTranscripts(content.listening);
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
        page: pageOf('listening', q.no_soal),
        pilihan_satu: satu,
        pilihan_dua: dua,
        pilihan_tiga: tiga,
        pilihan_empat: empat,
        jawaban: q.jawaban,
        pembahasan: q.pembahasan,
        skill: q.skill,
        transcript: transcripts.get(q.no_soal) ?? null,
        spoken_question: q.question,
      },
      audio,
    );
  }
  for (const q of content.structure) {
    const [satu, dua, tiga, empat] = q.pilihan as [string, string, string, string];
    await createSoal(db, storage, paket.id, 'structure', {
      no_soal: q.no_soal,
      page: pageOf('structure', q.no_soal),
      soal: q.soal,
      pilihan_satu: satu,
      pilihan_dua: dua,
      pilihan_tiga: tiga,
      pilihan_empat: empat,
      jawaban: q.jawaban,
      pembahasan: q.pembahasan,
      skill: q.skill,
    });
  }
  for (const q of content.written) {
    await createSoal(db, storage, paket.id, 'written', {
      no_soal: q.no_soal,
      page: pageOf('written', q.no_soal),
      soal: q.soal,
      jawaban: q.jawaban,
      pembahasan: q.pembahasan,
      skill: q.skill,
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
      page: pageOf('reading', q.no_soal),
      soal: q.soal,
      pilihan_satu: satu,
      pilihan_dua: dua,
      pilihan_tiga: tiga,
      pilihan_empat: empat,
      jawaban: q.jawaban,
      pembahasan: q.pembahasan,
      skill: q.skill,
      q_reading: passageIds.get(q.passage)!,
    });
  }
  await updatePaket(db, paket.id, { nama_paket: content.paket.nama_paket, status: 'siap' });
  await setSetting(db, SEEDED, String(paket.id));
  await setSetting(db, TAGGED, String(paket.id));
  await db.delete(settings).where(eq(settings.key, PENDING));
  return paket.id;
}

/**
 * A demo package seeded before questions had skills got its section's default skill from the
 * migration: tag it once from the content (skill, transcript, spoken question). Returns the number
 * of questions updated.
 */
export async function tagSeededDemoContent(db: Db): Promise<number> {
  const seeded = await getSetting(db, SEEDED);
  if (!seeded || (await getSetting(db, TAGGED))) return 0;
  const paketId = Number(seeded);
  let updated = 0;
  if (await findPaket(db, paketId)) {
    const tags = demoTags(await loadDemoContent());
    await db.transaction(async (tx) => {
      for (const t of tags) {
        const rows = await tx
          .update(soal)
          .set({ skill: t.skill, transcript: t.transcript, spokenQuestion: t.spokenQuestion })
          .where(and(eq(soal.paketSoalId, paketId), eq(soal.section, t.section), eq(soal.noSoal, t.no_soal)))
          .returning({ id: soal.id });
        updated += rows.length;
      }
    });
  }
  await setSetting(db, TAGGED, seeded);
  return updated;
}
