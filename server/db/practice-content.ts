import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { skillById, skillSchema } from '../../contract/skills.ts';
import { contentDir } from '../paths.ts';
import type { Db } from './client.ts';
import { transcriptOf } from './demo-content.ts';
import { practiceClips, practiceItems, practicePassages, settings } from './schema.ts';

export const practiceDir = path.join(contentDir, 'practice');
export const practiceAudioDir = path.join(practiceDir, 'audio');

const id = (prefix: string) => z.string().regex(new RegExp(`^pr-${prefix}-\\d{3}$`));
const jawaban = z.enum(['1', '2', '3', '4']);
const four = z.array(z.string().min(1)).length(4);
const line = z.object({ speaker: z.string().min(1), text: z.string().min(1) });
const clipFile = z.string().regex(/^[\w-]+\.mp3$/);

/** The shapes of content/practice/*.json (content/README.md). */
export const practiceContentSchema = z.object({
  listening: z.array(
    z.object({
      id: id('l[abc]'),
      part: z.enum(['A', 'B', 'C']),
      skill: skillSchema,
      audio: clipFile,
      question: z.string().min(1),
      dialogue: z.array(line).optional(),
      talk: z.object({ intro: z.string().min(1), lines: z.array(line).min(1) }).optional(),
      pilihan: four,
      jawaban,
      pembahasan: z.string().min(20),
    }),
  ),
  structure: z.array(
    z.object({ id: id('st'), skill: skillSchema, soal: z.string().min(1), pilihan: four, jawaban, pembahasan: z.string().min(20) }),
  ),
  written: z.array(
    z.object({
      id: id('we'),
      skill: skillSchema,
      soal: z.string().min(1),
      parts: four,
      jawaban,
      koreksi: z.string().min(1),
      pembahasan: z.string().min(20),
    }),
  ),
  reading: z.object({
    passages: z.array(z.object({ key: z.string().min(1).max(64), nama: z.string().min(1), html: z.string().min(1) })),
    questions: z.array(
      z.object({
        id: id('rd'),
        passage: z.string().min(1),
        skill: skillSchema,
        soal: z.string().min(1),
        pilihan: four,
        jawaban,
        pembahasan: z.string().min(20),
      }),
    ),
  }),
});
export type PracticeContent = z.infer<typeof practiceContentSchema>;

const FILES = ['listening.json', 'structure.json', 'written.json', 'reading.json'] as const;

/** The bank's files and a digest of them: a changed file (a new batch, a corrected key) reseeds. */
async function readPracticeFiles(): Promise<{ texts: string[]; digest: string }> {
  const texts = await Promise.all(FILES.map((f) => readFile(path.join(practiceDir, f), 'utf8')));
  const hash = createHash('sha256');
  for (const t of texts) hash.update(t);
  return { texts, digest: hash.digest('hex') };
}

function parsePracticeContent(texts: string[]): PracticeContent {
  const [listening, structure, written, reading] = texts.map((t) => JSON.parse(t) as unknown);
  return practiceContentSchema.parse({ listening, structure, written, reading });
}

export async function loadPracticeContent(): Promise<{ content: PracticeContent; digest: string }> {
  const { texts, digest } = await readPracticeFiles();
  return { content: parsePracticeContent(texts), digest };
}

type ItemRow = typeof practiceItems.$inferInsert;

/** The rows of the bank: items, each listening clip once (a talk's items share it), passages. */
export function practiceRows(content: PracticeContent): {
  clips: (typeof practiceClips.$inferInsert)[];
  passages: (typeof practicePassages.$inferInsert)[];
  items: ItemRow[];
} {
  const clips = new Map<string, string>();
  const items: ItemRow[] = [];
  const checkSection = (itemId: string, skill: string, section: string) => {
    if (skillById(skill)?.section !== section) throw new Error(`${itemId}: skill ${skill} is not a ${section} skill`);
  };
  content.listening.forEach((q, i) => {
    checkSection(q.id, q.skill, 'listening');
    const transcript = q.dialogue ? transcriptOf(q.dialogue) : q.talk ? transcriptOf(q.talk.lines, q.talk.intro) : null;
    if (!transcript) throw new Error(`${q.id}: a listening item needs a dialogue or a talk`);
    const known = clips.get(q.audio);
    if (known !== undefined && known !== transcript) throw new Error(`${q.id}: clip ${q.audio} carries two different scripts`);
    clips.set(q.audio, transcript);
    items.push({
      id: q.id,
      section: 'listening',
      part: q.part,
      skill: q.skill,
      soal: q.question,
      pilihan: q.pilihan,
      jawaban: q.jawaban,
      pembahasan: q.pembahasan,
      clip: q.audio,
      position: i + 1,
    });
  });
  content.structure.forEach((q, i) => {
    checkSection(q.id, q.skill, 'structure');
    items.push({
      id: q.id,
      section: 'structure',
      skill: q.skill,
      soal: q.soal,
      pilihan: q.pilihan,
      jawaban: q.jawaban,
      pembahasan: q.pembahasan,
      position: i + 1,
    });
  });
  content.written.forEach((q, i) => {
    checkSection(q.id, q.skill, 'written');
    items.push({
      id: q.id,
      section: 'written',
      skill: q.skill,
      soal: q.soal,
      pilihan: q.parts,
      jawaban: q.jawaban,
      pembahasan: q.pembahasan,
      koreksi: q.koreksi,
      position: i + 1,
    });
  });
  const passageKeys = new Set(content.reading.passages.map((p) => p.key));
  content.reading.questions.forEach((q, i) => {
    checkSection(q.id, q.skill, 'reading');
    if (!passageKeys.has(q.passage)) throw new Error(`${q.id}: unknown passage ${q.passage}`);
    items.push({
      id: q.id,
      section: 'reading',
      skill: q.skill,
      soal: q.soal,
      pilihan: q.pilihan,
      jawaban: q.jawaban,
      pembahasan: q.pembahasan,
      passage: q.passage,
      position: i + 1,
    });
  });
  return {
    clips: [...clips].map(([file, transcript]) => ({ file, transcript })),
    passages: content.reading.passages.map((p) => ({ key: p.key, nama: p.nama, html: p.html })),
    items,
  };
}

const SEEDED = 'practice_bank_digest';

/**
 * Seeds the free practice bank, or updates it when its files changed since the last start (one
 * transaction, upserts by id: learners' notebooks and responses keep pointing at the same items).
 * Items removed from the files stay in the table, because a notebook may still hold them.
 * Returns the number of items written, 0 when the bank was already current.
 */
export async function seedPracticeBank(db: Db): Promise<number> {
  const { texts, digest } = await readPracticeFiles();
  const [current] = await db.select().from(settings).where(eq(settings.key, SEEDED)).limit(1);
  // Parsed and checked only when they changed: a restart reads the same files every time.
  if (current?.value === digest) return 0;
  const rows = practiceRows(parsePracticeContent(texts));
  await db.transaction(async (tx) => {
    for (const c of rows.clips) {
      await tx
        .insert(practiceClips)
        .values(c)
        .onConflictDoUpdate({ target: practiceClips.file, set: { transcript: c.transcript } });
    }
    for (const p of rows.passages) {
      await tx
        .insert(practicePassages)
        .values(p)
        .onConflictDoUpdate({ target: practicePassages.key, set: { nama: p.nama, html: p.html } });
    }
    const excluded = (column: string) => sql.raw(`excluded.${column}`);
    for (let i = 0; i < rows.items.length; i += 100) {
      await tx
        .insert(practiceItems)
        .values(rows.items.slice(i, i + 100))
        .onConflictDoUpdate({
          target: practiceItems.id,
          set: {
            section: excluded('section'),
            part: excluded('part'),
            skill: excluded('skill'),
            soal: excluded('soal'),
            pilihan: excluded('pilihan'),
            jawaban: excluded('jawaban'),
            pembahasan: excluded('pembahasan'),
            koreksi: excluded('koreksi'),
            clip: excluded('clip'),
            passage: excluded('passage'),
            position: excluded('position'),
          },
        });
    }
    await tx
      .insert(settings)
      .values({ key: SEEDED, value: digest })
      .onConflictDoUpdate({ target: settings.key, set: { value: digest, updatedAt: new Date() } });
  });
  return rows.items.length;
}
