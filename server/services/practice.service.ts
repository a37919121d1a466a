import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { createEmptyCard, fsrs, generatorParameters, Rating, type Card, type Grade } from 'ts-fsrs';
import {
  DRILL_SIZE,
  ITEM_NOT_FOUND,
  ITEM_NOT_YET_SAT,
  MASTERY_WINDOW,
  NOT_IN_NOTEBOOK,
  type AnswerResponse,
  type DrillBody,
  type Mastery,
  type MiniResultBody,
  type NotebookResponse,
  type PracticeHome,
  type PracticeItem,
} from '../../contract/practice.ts';
import { SKILL_JUDGE_MIN_RESPONSES, skillById, type SkillId } from '../../contract/skills.ts';
import type { SoalSection } from '../../contract/soal.ts';
import type { Db } from '../db/client.ts';
import {
  examHistory,
  mistakes,
  practiceClips,
  practiceItems,
  practicePassages,
  practiceResponses,
  questionReading,
  soal,
  type PendingOutcome,
  type UserRow,
} from '../db/schema.ts';
import { forbidden, notFound } from '../errors.ts';
import { contentDir } from '../paths.ts';
import { openAttemptPaketId } from './access.service.ts';
import { mediaUrl } from './storage.service.ts';

type Key = '1' | '2' | '3' | '4';
type MistakeSource = 'drill' | 'exam' | 'mini';

/*
 * The spaced-repetition schedule of Buku Kesalahan (decision 008): FSRS with its default weights
 * and 90 % target retention, without same-day learning steps (a missed item comes back the next
 * day, never minutes later in the same sitting) and without fuzz (a due date is reproducible).
 */
const scheduler = fsrs(
  generatorParameters({ request_retention: 0.9, maximum_interval: 365, enable_fuzz: false, enable_short_term: false }),
);

type StoredCard = Record<string, unknown>;
const toStored = (card: Card): StoredCard => ({
  ...card,
  due: card.due.toISOString(),
  last_review: card.last_review ? card.last_review.toISOString() : null,
});
const fromStored = (stored: StoredCard): Card =>
  ({
    ...stored,
    due: new Date(stored.due as string),
    last_review: stored.last_review ? new Date(stored.last_review as string) : undefined,
  }) as Card;

/** Grades a card at `now`: a new mistake is a fresh card graded Again. */
export function gradeCard(card: Card | null, grade: Grade, now: Date): Card {
  return scheduler.next(card ?? createEmptyCard(now), now, grade).card;
}

// ---------------------------------------------------------------------------------------------
// Items: the practice bank, finished packages, the mini test.

interface ResolvedItem {
  view: PracticeItem;
  key: Key;
  explanation: string;
  transcript: string | null;
  koreksi: string | null;
}

const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The packages whose questions a learner may drill: those of their finished attempts, except the
 * one of an attempt they are sitting now (its keys must not show up mid-exam).
 */
export async function drillablePackages(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: examHistory.paketSoalId })
    .from(examHistory)
    .where(and(eq(examHistory.userId, userId), isNotNull(examHistory.paketSoalId)));
  const open = await openAttemptPaketId(db, userId);
  return rows.map((r) => r.id!).filter((id) => id !== open?.paketSoalId);
}

async function bankItems(db: Db, ids: string[]): Promise<ResolvedItem[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ item: practiceItems, clip: practiceClips, passage: practicePassages })
    .from(practiceItems)
    .leftJoin(practiceClips, eq(practiceClips.file, practiceItems.clip))
    .leftJoin(practicePassages, eq(practicePassages.key, practiceItems.passage))
    .where(inArray(practiceItems.id, ids));
  return rows.map(({ item, clip, passage }) => ({
    view: {
      item: item.id,
      section: item.section,
      part: item.part,
      skill: item.skill as SkillId,
      soal: item.soal,
      pilihan: item.pilihan,
      audio: item.clip ? `/static/audio/${item.clip}` : null,
      passage: passage ? { nama: passage.nama, html: passage.html, image: null } : null,
    },
    key: item.jawaban,
    explanation: item.pembahasan,
    transcript: clip?.transcript ?? null,
    koreksi: item.koreksi,
  }));
}

async function packageItems(db: Db, soalIds: number[]): Promise<ResolvedItem[]> {
  if (soalIds.length === 0) return [];
  const rows = await db
    .select({ q: soal, passage: questionReading })
    .from(soal)
    .leftJoin(questionReading, eq(questionReading.id, soal.qReading))
    .where(inArray(soal.id, soalIds));
  return rows.map(({ q, passage }) => ({
    view: {
      item: `q-${q.id}`,
      section: q.section,
      part: null,
      skill: q.skill as SkillId,
      soal: q.section === 'listening' ? (q.spokenQuestion ?? 'Dengarkan rekaman, lalu pilih jawaban yang paling tepat.') : q.soal,
      pilihan: [q.pilihanSatu, q.pilihanDua, q.pilihanTiga, q.pilihanEmpat],
      audio: mediaUrl(q.audio),
      passage: passage ? { nama: passage.nama, html: passage.html, image: mediaUrl(passage.image) } : null,
    },
    key: q.jawaban,
    explanation: q.pembahasan ?? '',
    transcript: q.transcript,
    koreksi: null,
  }));
}

interface MiniJsonItem {
  skill: string;
  type?: string;
  audio?: string;
  question?: string;
  soal?: string;
  pilihan: string[];
  answer: number;
  pembahasan: string;
  dialogue?: { speaker: string; text: string }[];
}
interface MiniContent {
  items: Map<string, ResolvedItem>;
  /** The refs of each section in the machine's order. */
  order: Record<'listening' | 'structure' | 'reading', string[]>;
}
let miniCache: MiniContent | undefined;

/** The built-in mini test (content/mini-test), as practice items `mt-l-1`, `mt-s-1`, `mt-r-1`, …. */
export function miniContent(): MiniContent {
  if (miniCache) return miniCache;
  const dir = path.join(contentDir, 'mini-test');
  const read = <T>(name: string) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as T;
  const listening = read<MiniJsonItem[]>('listening.json');
  const structure = read<MiniJsonItem[]>('structure.json');
  const reading = read<{ passageTitle: string; passageHtml: string; items: MiniJsonItem[] }>('reading.json');
  const items = new Map<string, ResolvedItem>();
  const order: MiniContent['order'] = { listening: [], structure: [], reading: [] };
  const add = (prefix: 'l' | 's' | 'r', list: MiniJsonItem[], sectionOf: (i: MiniJsonItem) => SoalSection) => {
    list.forEach((i, n) => {
      const ref = `mt-${prefix}-${n + 1}`;
      const section = sectionOf(i);
      order[prefix === 'l' ? 'listening' : prefix === 's' ? 'structure' : 'reading'].push(ref);
      items.set(ref, {
        view: {
          item: ref,
          section,
          part: section === 'listening' ? 'A' : null,
          skill: i.skill as SkillId,
          soal: i.question ?? i.soal ?? '',
          pilihan: i.pilihan,
          audio: i.audio ? `/static/audio/${i.audio}` : null,
          passage: prefix === 'r' ? { nama: reading.passageTitle, html: reading.passageHtml, image: null } : null,
        },
        key: String(i.answer + 1) as Key,
        explanation: i.pembahasan,
        transcript: i.dialogue
          ? i.dialogue.map((l) => `${l.speaker.charAt(0).toUpperCase()}${l.speaker.slice(1)}: ${l.text}`).join('\n')
          : null,
        koreksi: null,
      });
    });
  };
  add('l', listening, () => 'listening');
  add('s', structure, (i) => (i.type === 'written' ? 'written' : 'structure'));
  add('r', reading.items, () => 'reading');
  miniCache = { items, order };
  return miniCache;
}

/**
 * Resolves references to items with their keys, for this learner: a package question only when
 * its package is drillable for them (403 otherwise: never its key). Unknown refs: 404.
 */
async function resolveItems(db: Db, userId: number, refs: string[]): Promise<Map<string, ResolvedItem>> {
  const out = new Map<string, ResolvedItem>();
  const bankRefs = refs.filter((r) => r.startsWith('pr-'));
  const soalIds = refs.filter((r) => r.startsWith('q-')).map((r) => Number(r.slice(2)));
  for (const r of await bankItems(db, bankRefs)) out.set(r.view.item, r);
  if (soalIds.length > 0) {
    const allowed = new Set(await drillablePackages(db, userId));
    const owners = await db.select({ id: soal.id, paket: soal.paketSoalId }).from(soal).where(inArray(soal.id, soalIds));
    if (owners.some((o) => !allowed.has(o.paket))) throw forbidden(ITEM_NOT_YET_SAT);
    for (const r of await packageItems(db, soalIds)) out.set(r.view.item, r);
  }
  for (const ref of refs.filter((r) => r.startsWith('mt-'))) {
    const m = miniContent().items.get(ref);
    if (m) out.set(ref, m);
  }
  for (const ref of refs) if (!out.has(ref)) throw notFound(ITEM_NOT_FOUND);
  return out;
}

const shuffle = <T>(list: T[]): T[] => {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
};

/**
 * POST /practice/drills: DRILL_SIZE items of one skill or one section, from the practice bank and
 * the learner's drillable packages; items they have not answered yet come first.
 */
export async function createDrill(db: Db, user: UserRow, body: DrillBody): Promise<PracticeItem[]> {
  const bankWhere = body.skill ? eq(practiceItems.skill, body.skill) : eq(practiceItems.section, body.section!);
  const bank = (await db.select({ id: practiceItems.id }).from(practiceItems).where(bankWhere)).map((r) => r.id);
  const packages = await drillablePackages(db, user.id);
  const fromPackages =
    packages.length === 0
      ? []
      : (
          await db
            .select({ id: soal.id })
            .from(soal)
            .where(and(inArray(soal.paketSoalId, packages), body.skill ? eq(soal.skill, body.skill) : eq(soal.section, body.section!)))
        ).map((r) => `q-${r.id}`);
  const candidates = [...bank, ...fromPackages];
  if (candidates.length === 0) return [];
  const answered = new Set(
    (
      await db
        .selectDistinct({ item: practiceResponses.item })
        .from(practiceResponses)
        .where(and(eq(practiceResponses.userId, user.id), inArray(practiceResponses.item, candidates)))
    ).map((r) => r.item),
  );
  const chosen = [...shuffle(candidates.filter((c) => !answered.has(c))), ...shuffle(candidates.filter((c) => answered.has(c)))].slice(
    0,
    DRILL_SIZE,
  );
  const resolved = await resolveItems(db, user.id, chosen);
  return chosen.map((ref) => resolved.get(ref)!.view);
}

// ---------------------------------------------------------------------------------------------
// Responses and Buku Kesalahan.

interface Outcome {
  item: string;
  skill: string;
  section: SoalSection;
  correct: boolean;
}

/**
 * Records responses, and puts every missed one into Buku Kesalahan graded Again (a new entry, or
 * a lapse of an existing one). Returns the new due date by item.
 */
async function recordOutcomes(db: Db, userId: number, outcomes: Outcome[], source: MistakeSource, now: Date): Promise<Map<string, Date>> {
  const due = new Map<string, Date>();
  if (outcomes.length === 0) return due;
  // The rows travel as one JSON parameter: an exam's 140 rows as values() are ~1,000 bound
  // parameters, and building and binding them cost more than the insert itself.
  const at = now.toISOString();
  await db.execute(sql`insert into ${practiceResponses} (user_id, item, skill, section, correct, source, answered_at)
    select ${userId}::int, r.item, r.skill, r.section, r.correct, ${source}::text, ${at}::timestamptz
    from json_to_recordset(${JSON.stringify(outcomes.map(({ item, skill, section, correct }) => ({ item, skill, section, correct })))}::json)
      as r(item text, skill text, section text, correct boolean)`);
  const missed = outcomes.filter((o) => !o.correct);
  if (missed.length === 0) return due;
  const existing = new Map(
    (
      await db
        .select({ item: mistakes.item, card: mistakes.card })
        .from(mistakes)
        .where(
          and(
            eq(mistakes.userId, userId),
            inArray(
              mistakes.item,
              missed.map((m) => m.item),
            ),
          ),
        )
    ).map((r) => [r.item, r.card]),
  );
  const rows = missed.map((m) => {
    const stored = existing.get(m.item);
    const card = gradeCard(stored ? fromStored(stored) : null, Rating.Again, now);
    due.set(m.item, card.due);
    return { item: m.item, skill: m.skill, section: m.section, due: card.due.toISOString(), card: toStored(card) };
  });
  await db.execute(sql`insert into ${mistakes} (user_id, item, skill, section, source, due, card, created_at, updated_at)
    select ${userId}::int, m.item, m.skill, m.section, ${source}::text, m.due, m.card, ${at}::timestamptz, ${at}::timestamptz
    from json_to_recordset(${JSON.stringify(rows)}::json) as m(item text, skill text, section text, due timestamptz, card jsonb)
    on conflict (user_id, item) do update set due = excluded.due, card = excluded.card, updated_at = excluded.updated_at`);
  return due;
}

/** The Buku Kesalahan item of a package question. */
export const examItem = (soalId: number) => `q-${soalId}`;

/**
 * An exam's outcomes (exam-outcomes.service.ts, inside its transaction): every question's
 * response, the missed ones into Buku Kesalahan, graded at `at`, the submission's instant.
 */
export async function recordExamOutcomes(db: Db, userId: number, results: readonly PendingOutcome[], at: Date): Promise<void> {
  const outcomes = results.map((r) => ({ item: examItem(r.soalId), skill: r.skill, section: r.section, correct: r.correct }));
  await recordOutcomes(db, userId, outcomes, 'exam', at);
}

/** POST /practice/answers: grades one answer and only then tells the key and the explanation. */
export async function answerItem(
  db: Db,
  user: UserRow,
  body: { item: string; answer: Key; mode: 'drill' | 'review' },
  now: Date,
): Promise<AnswerResponse> {
  const item = (await resolveItems(db, user.id, [body.item])).get(body.item)!;
  const correct = body.answer === item.key;
  let due: Date | null = null;
  if (body.mode === 'review') {
    const [entry] = await db
      .select()
      .from(mistakes)
      .where(and(eq(mistakes.userId, user.id), eq(mistakes.item, body.item)));
    if (!entry) throw notFound(NOT_IN_NOTEBOOK);
    const card = gradeCard(fromStored(entry.card), correct ? Rating.Good : Rating.Again, now);
    await db.insert(practiceResponses).values({
      userId: user.id,
      item: body.item,
      skill: entry.skill,
      section: entry.section,
      correct,
      source: 'review',
      answeredAt: now,
    });
    await db
      .update(mistakes)
      .set({ card: toStored(card), due: card.due, updatedAt: now })
      .where(eq(mistakes.id, entry.id));
    due = card.due;
  } else {
    const outcome = { item: body.item, skill: item.view.skill, section: item.view.section, correct };
    due = (await recordOutcomes(db, user.id, [outcome], 'drill', now)).get(body.item) ?? null;
    if (!due) {
      const [entry] = await db
        .select({ due: mistakes.due })
        .from(mistakes)
        .where(and(eq(mistakes.userId, user.id), eq(mistakes.item, body.item)));
      due = entry?.due ?? null;
    }
  }
  return {
    correct,
    key: item.key,
    explanation: item.explanation,
    transcript: item.transcript,
    koreksi: item.koreksi,
    due: due?.toISOString() ?? null,
  };
}

/** POST /practice/mini: the mini test's result, graded here from the same content the browser ran. */
export async function recordMiniResult(db: Db, user: UserRow, body: MiniResultBody, now: Date): Promise<number> {
  const mini = miniContent();
  const outcomes: Outcome[] = [];
  for (const section of ['listening', 'structure', 'reading'] as const) {
    mini.order[section].forEach((ref, i) => {
      const item = mini.items.get(ref)!;
      const answer = body[section][i] ?? -1;
      outcomes.push({ item: ref, skill: item.view.skill, section: item.view.section, correct: String(answer + 1) === item.key });
    });
  }
  await recordOutcomes(db, user.id, outcomes, 'mini', now);
  return outcomes.filter((o) => !o.correct).length;
}

/** GET /practice/reviews: the items of Buku Kesalahan due now, oldest due first (without keys). */
export async function dueReviews(db: Db, user: UserRow, now: Date): Promise<PracticeItem[]> {
  const rows = await db
    .select({ item: mistakes.item })
    .from(mistakes)
    .where(and(eq(mistakes.userId, user.id), lte(mistakes.due, now)))
    .orderBy(asc(mistakes.due), asc(mistakes.id))
    .limit(DRILL_SIZE);
  const refs = rows.map((r) => r.item);
  const resolved = await resolveItemsLenient(db, user.id, refs);
  return refs.flatMap((r) => (resolved.get(r) ? [resolved.get(r)!.view] : []));
}

/** Like resolveItems, for the learner's own notebook: an item deleted since is skipped, not an error. */
async function resolveItemsLenient(db: Db, userId: number, refs: string[]): Promise<Map<string, ResolvedItem>> {
  const out = new Map<string, ResolvedItem>();
  for (const ref of refs) {
    try {
      const r = (await resolveItems(db, userId, [ref])).get(ref);
      if (r) out.set(ref, r);
    } catch {
      // A package deleted or re-opened for a sitting: the entry waits, unreadable for now.
    }
  }
  return out;
}

export async function countDue(db: Db, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mistakes)
    .where(and(eq(mistakes.userId, userId), lte(mistakes.due, now)));
  return row?.n ?? 0;
}

/** GET /practice/notebook: every entry with its next due date. */
export async function notebook(db: Db, user: UserRow, now: Date): Promise<NotebookResponse> {
  const rows = await db.select().from(mistakes).where(eq(mistakes.userId, user.id)).orderBy(asc(mistakes.due), asc(mistakes.id));
  const resolved = await resolveItemsLenient(
    db,
    user.id,
    rows.map((r) => r.item),
  );
  const entries = rows.map((r) => {
    const card = fromStored(r.card);
    const view = resolved.get(r.item)?.view;
    const preview = view ? plain(view.soal || view.pilihan.join(' / ')) : '';
    return {
      item: r.item,
      skill: r.skill as SkillId,
      section: r.section,
      source: r.source,
      due: r.due.toISOString(),
      isDue: r.due.getTime() <= now.getTime(),
      reps: card.reps,
      lapses: card.lapses,
      preview: preview.length > 140 ? `${preview.slice(0, 137)}...` : preview,
    };
  });
  return { due: entries.filter((e) => e.isDue).length, entries };
}

// ---------------------------------------------------------------------------------------------
// Mastery.

/** Per skill the learner has answered: correct and total among its MASTERY_WINDOW newest responses. */
export async function masteryOf(db: Db, userId: number): Promise<Mastery[]> {
  const ranked = db
    .select({
      skill: practiceResponses.skill,
      section: practiceResponses.section,
      correct: practiceResponses.correct,
      rn: sql<number>`row_number() over (partition by ${practiceResponses.skill} order by ${practiceResponses.answeredAt} desc, ${practiceResponses.id} desc)`.as(
        'rn',
      ),
    })
    .from(practiceResponses)
    .where(eq(practiceResponses.userId, userId))
    .as('ranked');
  const rows = await db
    .select({
      skill: ranked.skill,
      section: ranked.section,
      total: sql<number>`count(*)::int`,
      correct: sql<number>`(count(*) filter (where ${ranked.correct}))::int`,
    })
    .from(ranked)
    .where(lte(ranked.rn, MASTERY_WINDOW))
    .groupBy(ranked.skill, ranked.section);
  return rows
    .filter((r) => skillById(r.skill))
    .map((r) => ({
      skill: r.skill as SkillId,
      section: r.section,
      correct: Number(r.correct),
      total: Number(r.total),
      mastery: Number(r.total) >= SKILL_JUDGE_MIN_RESPONSES ? Number(r.correct) / Number(r.total) : null,
    }))
    .sort((a, b) => skillById(a.skill)!.no - skillById(b.skill)!.no);
}

/** Responses given in drills and reviews since `from` (the plan's progress). */
export async function practiceCountSince(db: Db, userId: number, from: Date, to?: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(practiceResponses)
    .where(
      and(
        eq(practiceResponses.userId, userId),
        inArray(practiceResponses.source, ['drill', 'review']),
        gte(practiceResponses.answeredAt, from),
        ...(to ? [sql`${practiceResponses.answeredAt} < ${to}`] : []),
      ),
    );
  return row?.n ?? 0;
}

export async function latestTotalScore(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ total: examHistory.totalScore })
    .from(examHistory)
    .where(eq(examHistory.userId, userId))
    .orderBy(desc(examHistory.createdAt), desc(examHistory.id))
    .limit(1);
  return row?.total ?? null;
}

export async function practiceHome(db: Db, user: UserRow, now: Date, plan: PracticeHome['plan']): Promise<PracticeHome> {
  const [entries] = await db.select({ n: count() }).from(mistakes).where(eq(mistakes.userId, user.id));
  return { reviewDue: await countDue(db, user.id, now), notebookCount: entries?.n ?? 0, mastery: await masteryOf(db, user.id), plan };
}
