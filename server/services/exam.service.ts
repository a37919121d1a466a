import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type {
  AnswerValue,
  DraftAnswer,
  DraftAudio,
  DraftResponse,
  ExamQuestion,
  ScoreResult,
  Sesi,
  SoalResponse,
  TimerResponse,
} from '../../contract/exam.ts';
import { extendedSeconds } from '../../contract/accommodations.ts';
import { mergeNewest, type TimedAnswer } from '../../machines/answer-sync.ts';
import { parseIndonesianMobile } from '../../contract/phone.ts';
import { EXAM_SECTIONS, sectionOfQuestionPage } from '../../machines/exam-layout.ts';
import type { Db } from '../db/client.ts';
import { examAttempts, examHistory, paketSoal, questionReading, soal, users, type PendingOutcome, type UserRow } from '../db/schema.ts';
import { conflict, forbidden, notFound } from '../errors.ts';
import { consumePayment, nextPaidPackage } from './payments.service.ts';
import { holdPaketForStart } from './paket.service.ts';
import { toQuestionReading } from './question-reading.service.ts';
import { scoreCounts, storedCefrLevels } from './scoring.service.ts';
import type { OpenAttemptRead } from './sessions.service.ts';
import { mediaUrl } from './storage.service.ts';
import { changedEntries, draftWritesOf } from './draft-writes.service.ts';

type Attempt = typeof examAttempts.$inferSelect;
type RunningSesi = Exclude<Sesi, 'finished'>;

/** Answers reach a section until this long after its end instant (network and clock slack). */
export const ANSWER_GRACE_MS = 5_000;
/** An answer given before its section ended still counts when delivered this long after the end (a phone that was offline). */
export const LATE_DELIVERY_MS = 3 * 60_000;
/** An answer's `at` may run ahead of the server's clock this much (offset measurement slack); beyond, it reads as now. */
export const FUTURE_AT_TOLERANCE_MS = 5_000;
/** An attempt whose reading ended this long ago without a submission is finished from its draft. */
export const ABANDONED_AFTER_MS = 10 * 60_000;

const NO_ACTIVE_PACKAGE = 'Anda belum memiliki paket simulasi yang aktif. Silakan pilih paket di halaman Paket Soal.';
const NO_RUNNING_EXAM = 'Belum ada simulasi yang sedang berjalan.';
const WRONG_PACKAGE = 'Paket ini bukan paket simulasi Anda yang sedang aktif.';
const PAKET_BEING_FIXED = 'Paket ini sedang diperbaiki oleh admin, sehingga belum dapat dimulai. Silakan coba lagi nanti.';

/** A body or query nohp must be the session user's own (any spelling); it never selects another user. */
export function assertOwnNohp(user: UserRow, nohp: string | undefined): void {
  if (nohp === undefined || nohp === '') return;
  if (parseIndonesianMobile(nohp) !== user.nohp) {
    throw forbidden('Nomor HP tidak sesuai dengan akun yang sedang login.');
  }
}

export const endsAtOf = (a: Attempt, sesi: RunningSesi): Date | null =>
  sesi === 'listening' ? a.listeningEndsAt : sesi === 'written' ? a.writtenEndsAt : a.readingEndsAt;

function timerOf(a: Attempt | null, now: Date): TimerResponse {
  const sesi: Sesi = a?.finishedAt || !a?.sesi ? 'finished' : a.sesi;
  if (!a || sesi === 'finished') return { sesi: 'finished', secondsRemaining: 0, endsAt: null, serverNow: now.toISOString() };
  const endsAt = endsAtOf(a, sesi)!;
  return {
    sesi,
    secondsRemaining: Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / 1000)),
    endsAt: endsAt.toISOString(),
    serverNow: now.toISOString(),
  };
}

/** `read`: the attempt as the route's guard already read it with the session (no second query). */
async function openAttempt(db: Db, userId: number, read?: OpenAttemptRead): Promise<Attempt | null> {
  if (read) return read.attempt;
  const rows = await db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.userId, userId), isNull(examAttempts.finishedAt)))
    .limit(1);
  return rows[0] ?? null;
}

async function latestFinished(db: Db, userId: number, paketId?: number): Promise<Attempt | null> {
  const rows = await db
    .select()
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.userId, userId),
        sql`${examAttempts.finishedAt} is not null`,
        ...(paketId ? [eq(examAttempts.paketSoalId, paketId)] : []),
      ),
    )
    .orderBy(desc(examAttempts.finishedAt))
    .limit(1);
  return rows[0] ?? null;
}

async function getPaketRow(db: Db, paketId: number) {
  const rows = await db.select().from(paketSoal).where(eq(paketSoal.id, paketId)).limit(1);
  if (!rows[0]) throw notFound('Paket soal tidak ditemukan.');
  return rows[0];
}

/**
 * An attempt left open after its reading time (the tab closed, the phone died) is finished from
 * its saved draft, so the participant still gets the score of every acknowledged answer.
 */
async function settleAbandoned(db: Db, user: UserRow, attempt: Attempt | null, now: Date): Promise<Attempt | null> {
  if (!attempt || attempt.sesi !== 'reading' || !attempt.readingEndsAt) return attempt;
  if (now.getTime() - attempt.readingEndsAt.getTime() < ABANDONED_AFTER_MS) return attempt;
  await finishAttempt(db, user, attempt.id, [], now);
  return null;
}

/**
 * GET /soal's package for a learner: the one their attempt is open on, else their active one, and
 * the time factor that applies (the attempt keeps the factor it started with; before the start,
 * the learner's current one). Reads nothing when the guard has read the open attempt.
 */
export async function examPaketOf(db: Db, user: UserRow, read?: OpenAttemptRead): Promise<{ paketId: number; timeFactorPct: number }> {
  const open = await openAttempt(db, user.id, read);
  const paketId = open?.paketSoalId ?? user.paketSoalIdAktif;
  if (!paketId) throw forbidden(NO_ACTIVE_PACKAGE);
  return { paketId, timeFactorPct: open?.timeFactorPct ?? user.timeFactorPct };
}

/** A package as the exam describes it, without the learner's time factor. */
export async function examPaketFields(db: Db, paketId: number): Promise<Omit<SoalResponse['paket'], 'faktor_waktu_persen'>> {
  const paket = await getPaketRow(db, paketId);
  return {
    id: paket.id,
    nama_paket: paket.namaPaket,
    durasi_listening: paket.durasiListening,
    durasi_written: paket.durasiWritten,
    durasi_reading: paket.durasiReading,
  };
}

/** A package's questions as a participant receives them, in page order (never the keys). */
export async function examQuestions(db: Db, paketId: number): Promise<ExamQuestion[]> {
  const rows = await db
    .select({ soal, passage: questionReading })
    .from(soal)
    .leftJoin(questionReading, eq(questionReading.id, soal.qReading))
    .where(eq(soal.paketSoalId, paketId))
    .orderBy(asc(soal.page));
  return rows.map(({ soal: q, passage }) => ({
    id: q.id,
    page: q.page,
    no_soal: q.noSoal,
    section: q.section,
    soal: q.soal,
    pilihan_satu: q.pilihanSatu,
    pilihan_dua: q.pilihanDua,
    pilihan_tiga: q.pilihanTiga,
    pilihan_empat: q.pilihanEmpat,
    audio: mediaUrl(q.audio),
    q_reading: q.qReading,
    readingQuestion: passage ? toQuestionReading(passage) : null,
  }));
}

export async function cekEndtime(db: Db, user: UserRow, now = new Date()): Promise<{ hasEndTime: boolean; sesi: Sesi | null }> {
  const open = await settleAbandoned(db, user, await openAttempt(db, user.id), now);
  return { hasEndTime: !!open?.startedAt, sesi: open?.sesi ?? null };
}

/**
 * PUT /soal/timers: starts listening on the first call for the active package, later reports the
 * running section. A page of an already finished package gets 'finished' (it never starts the next
 * package the user may have bought meanwhile).
 */
export async function startOrRefreshTimer(
  db: Db,
  user: UserRow,
  paketId?: number,
  now = new Date(),
  read?: OpenAttemptRead,
): Promise<TimerResponse> {
  const open = await settleAbandoned(db, user, await openAttempt(db, user.id, read), now);
  if (open) {
    if (paketId && open.paketSoalId !== paketId) {
      if (await latestFinished(db, user.id, paketId)) return timerOf(null, now);
      throw conflict(WRONG_PACKAGE);
    }
    return timerOf(open, now);
  }
  const [fresh] = await db.select().from(users).where(eq(users.id, user.id)).limit(1);
  const active = fresh?.paketSoalIdAktif ?? null;
  if (!active || (paketId && paketId !== active)) {
    if (await latestFinished(db, user.id, paketId)) return timerOf(null, now);
    throw conflict(active ? WRONG_PACKAGE : NO_ACTIVE_PACKAGE);
  }
  const timeFactorPct = fresh?.timeFactorPct ?? 100;
  try {
    const created = await db.transaction(async (tx) => {
      // Read under the package's lock, which every content change holds alone (changeContent): a
      // change that committed first is seen here, one that comes later sees this attempt. Content
      // removed from a package (it went back to belum) must be complete again before anyone starts it.
      await holdPaketForStart(tx, active);
      const paket = await getPaketRow(tx, active);
      if (paket.status !== 'siap') throw conflict(PAKET_BEING_FIXED);
      const paymentId = await consumePayment(tx, user.id, active);
      const [row] = await tx
        .insert(examAttempts)
        .values({
          userId: user.id,
          paketSoalId: active,
          paymentId,
          sesi: 'listening',
          listeningEndsAt: new Date(now.getTime() + extendedSeconds(paket.durasiListening, timeFactorPct) * 1000),
          timeFactorPct,
          startedAt: now,
        })
        .returning();
      return row!;
    });
    return timerOf(created, now);
  } catch (err) {
    // Two devices pressing start at once: the one-open-attempt index lets one win; report it.
    const winner = await openAttempt(db, user.id);
    if (winner) return timerOf(winner, now);
    throw err;
  }
}

/**
 * GET /soal/timers: the running section and its end, like PUT /soal/timers but read-only: it never
 * starts an attempt or settles an abandoned one, so an open page may ask it periodically
 * (docs/decisions/016). Without an open attempt the answer is `finished`.
 */
export async function peekTimer(db: Db, user: UserRow, now = new Date(), read?: OpenAttemptRead): Promise<TimerResponse> {
  return timerOf(await openAttempt(db, user.id, read), now);
}

async function requireOpen(db: Db, user: UserRow, paketId: number | undefined, now: Date): Promise<Attempt> {
  const open = await settleAbandoned(db, user, await openAttempt(db, user.id), now);
  if (!open || !open.sesi) throw conflict(NO_RUNNING_EXAM);
  if (paketId && open.paketSoalId !== paketId) throw conflict(WRONG_PACKAGE);
  return open;
}

/** PUT /soal/timers-to-zero: ends the running section now (Selesai). Already ended: unchanged. */
export async function endSectionNow(db: Db, user: UserRow, paketId?: number, now = new Date()): Promise<TimerResponse> {
  const open = await requireOpen(db, user, paketId, now);
  const sesi = open.sesi as RunningSesi;
  const endsAt = endsAtOf(open, sesi)!;
  if (endsAt.getTime() <= now.getTime()) return timerOf(open, now);
  const column = sesi === 'listening' ? 'listeningEndsAt' : sesi === 'written' ? 'writtenEndsAt' : 'readingEndsAt';
  const [row] = await db
    .update(examAttempts)
    .set({ [column]: now })
    .where(eq(examAttempts.id, open.id))
    .returning();
  return timerOf(row!, now);
}

/** PUT /soal/timers/next: moves on only after the running section ended (409 otherwise). */
export async function nextSection(
  db: Db,
  user: UserRow,
  paketId?: number,
  now = new Date(),
  leaving?: RunningSesi,
): Promise<TimerResponse> {
  const open = await requireOpen(db, user, paketId, now);
  const sesi = open.sesi as RunningSesi;
  // The page asks to leave a section the attempt has already left: a repeat of a move that was
  // made (its answer lost), not a request to skip the section now running.
  if (leaving && EXAM_SECTIONS.indexOf(sesi) > EXAM_SECTIONS.indexOf(leaving)) return timerOf(open, now);
  if (endsAtOf(open, sesi)!.getTime() > now.getTime()) {
    throw conflict('Sesi ini belum berakhir. Selesaikan sesi ini terlebih dahulu.');
  }
  if (sesi === 'reading') return { ...timerOf(null, now) };
  const paket = await getPaketRow(db, open.paketSoalId!);
  const update =
    sesi === 'listening'
      ? {
          sesi: 'written' as const,
          writtenEndsAt: new Date(now.getTime() + extendedSeconds(paket.durasiWritten, open.timeFactorPct) * 1000),
        }
      : {
          sesi: 'reading' as const,
          readingEndsAt: new Date(now.getTime() + extendedSeconds(paket.durasiReading, open.timeFactorPct) * 1000),
        };
  // The condition on sesi makes a double click move one section, not two.
  const [row] = await db
    .update(examAttempts)
    .set(update)
    .where(and(eq(examAttempts.id, open.id), eq(examAttempts.sesi, sesi)))
    .returning();
  return timerOf(row ?? (await openAttempt(db, user.id)), now);
}

/** An answer in the draft or final call once its `at` is read: given at `at` (server clock, epoch ms). */
interface IncomingAnswer {
  id: number;
  answer: AnswerValue;
  at: string;
}

type Ignored = NonNullable<DraftResponse['ignored']>[number];

/**
 * Reads the answers of a call: the list shape or the map by page, each `at` honest. A missing `at`
 * is the delivery instant; one ahead of the server's clock by more than the tolerance is read as
 * now, so no device can make its answer newer than one given later elsewhere.
 */
function incomingAnswers(answers: readonly DraftAnswer[] | Readonly<Record<string, AnswerValue>>, now: Date): IncomingAnswer[] {
  const isList = (x: typeof answers): x is readonly DraftAnswer[] => Array.isArray(x);
  const list: DraftAnswer[] = isList(answers)
    ? [...answers]
    : Object.entries(answers).map(([id, answer]): DraftAnswer => ({ id: Number(id), answer }));
  return list.map((a) => {
    const given = a.at === undefined ? Number.NaN : Date.parse(a.at);
    const honest = Number.isNaN(given) || given > now.getTime() + FUTURE_AT_TOLERANCE_MS ? now.getTime() : given;
    return { id: a.id, answer: a.answer, at: new Date(honest).toISOString() };
  });
}

/**
 * Whether a section still takes an answer given at `at` and delivered `now`: while it runs (until
 * 5 s after its end), or, given before its end, when delivered within 3 minutes of that end.
 */
function admission(attempt: Attempt, section: RunningSesi, at: string, now: Date): Ignored['reason'] | null {
  const current = attempt.sesi as RunningSesi;
  if (EXAM_SECTIONS.indexOf(section) > EXAM_SECTIONS.indexOf(current)) return 'not_started';
  const endsAt = endsAtOf(attempt, section);
  if (!endsAt) return 'not_started';
  const end = endsAt.getTime();
  if (section === current && now.getTime() <= end + ANSWER_GRACE_MS) return null;
  if (Date.parse(at) <= end && now.getTime() <= end + LATE_DELIVERY_MS) return null;
  return 'ended';
}

/**
 * Merges a call's answers into the attempt's: each page keeps the answer given last (by `at`)
 * among those its section admits. Answers not taken come back with the reason, except those that
 * equal what is already kept (nothing for the learner to worry about).
 */
function admitAnswers(attempt: Attempt, incoming: readonly IncomingAnswer[], now: Date) {
  const held: Record<string, TimedAnswer> = {};
  for (const [page, answer] of Object.entries(attempt.answers)) {
    held[page] = { answer: answer as AnswerValue, at: attempt.answeredAt[page] ?? '' };
  }
  const ignored: Ignored[] = [];
  const admitted: IncomingAnswer[] = [];
  for (const a of incoming) {
    const section = sectionOfQuestionPage(a.id);
    const reason = section ? admission(attempt, section, a.at, now) : 'no_question';
    if (reason === null) admitted.push(a);
    else if (held[String(a.id)]?.answer !== a.answer) ignored.push({ id: a.id, answer: a.answer, reason });
  }
  const { merged, older } = mergeNewest(held, admitted);
  for (const id of older) ignored.push({ id, answer: admitted.find((a) => a.id === id)!.answer, reason: 'newer' });
  const answers: Record<string, AnswerValue> = {};
  const answeredAt: Record<string, string> = {};
  for (const [page, value] of Object.entries(merged)) {
    answers[page] = value.answer;
    if (value.at) answeredAt[page] = value.at;
  }
  return { answers, answeredAt, ignored: ignored.sort((x, y) => x.id - y.id) };
}

function draftOf(a: Attempt, now: Date, ignored?: Ignored[]): DraftResponse {
  return {
    index: a.currentIndex,
    answers: a.answers as Record<string, AnswerValue>,
    answeredAt: a.answeredAt,
    playedAudio: a.playedAudio,
    audio: { played: a.playedAudio, positions: a.audioPositions },
    savedAt: a.draftSavedAt?.toISOString() ?? null,
    sesi: a.finishedAt || !a.sesi ? 'finished' : a.sesi,
    serverNow: now.toISOString(),
    ...(ignored ? { ignored } : {}),
  };
}

/**
 * Played listening clips and the furthest position heard of each interrupted one. Only
 * `audio.played` locks a clip: the SPA reports a clip there once heard to its end or past 90 %.
 * The older `playedAudio` field listed clips that had merely started, so it never locks one (a
 * stale tab still sending it cannot take a clip the learner has not heard).
 */
function mergeAudio(attempt: Attempt, body: DraftSaveBody) {
  const played = new Set(attempt.playedAudio);
  for (const i of body.audio?.played ?? []) {
    if (sectionOfQuestionPage(i) === 'listening') played.add(i);
  }
  const positions: Record<string, number> = { ...attempt.audioPositions };
  for (const [key, seconds] of Object.entries(body.audio?.positions ?? {})) {
    if (sectionOfQuestionPage(Number(key)) !== 'listening') continue;
    // A clip resumes from where it stopped, never earlier: keep the furthest point any device heard.
    positions[key] = Math.max(positions[key] ?? 0, seconds);
  }
  return { playedAudio: [...played].sort((x, y) => x - y), audioPositions: positions };
}

interface DraftSaveBody {
  index: number;
  answers: readonly DraftAnswer[] | Readonly<Record<string, AnswerValue>>;
  playedAudio?: number[] | undefined;
  audio?: DraftAudio | undefined;
}

/**
 * PUT /soal/jawaban/draft: per page the answer given last (by `at`) wins, whichever device
 * delivers it when; the index and the audio state are merged too. The attempt row is locked for
 * the merge, so two devices saving at once cannot drop each other's pages. A finished attempt
 * takes nothing and says so (`sesi: finished`), which ends the exam on a stale device.
 */
export async function saveDraft(
  db: Db,
  user: UserRow,
  body: DraftSaveBody,
  now = new Date(),
  read?: OpenAttemptRead,
): Promise<DraftResponse> {
  const incoming = incomingAnswers(body.answers, now);
  const finished = (a: Attempt) =>
    draftOf(
      a,
      now,
      incoming.map((x) => ({ id: x.id, answer: x.answer, reason: 'finished' as const })),
    );
  const open = await settleAbandoned(db, user, await openAttempt(db, user.id, read), now);
  if (!open || !open.sesi) {
    const last = await latestFinished(db, user.id);
    if (!last) throw conflict(NO_RUNNING_EXAM);
    return finished(last);
  }
  if (read?.version && open === read.attempt) {
    // The usual save: merged into the row as it was read, written only if no other save or section
    // change touched it since (its xmin is unchanged), so the result is what the lock below gives.
    const { answers, answeredAt, ignored } = admitAnswers(open, incoming, now);
    const changes = { answers, answeredAt, currentIndex: body.index, ...mergeAudio(open, body), draftSavedAt: now };
    // Written together with the saves that arrive meanwhile (decision 028).
    const version = await draftWritesOf(db).write({
      id: open.id,
      version: read.version,
      answersChanged: changedEntries(open.answers, answers),
      answeredAtChanged: changedEntries(open.answeredAt, answeredAt),
      audioPositionsChanged: changedEntries(open.audioPositions, changes.audioPositions),
      currentIndex: changes.currentIndex,
      playedAudio: changes.playedAudio,
      draftSavedAt: now,
    });
    if (version !== null) {
      // Nothing but this write changed the row since it was read (its version was the one read), so
      // the row now is the read one with these columns: only the new version travels back.
      const row: Attempt = { ...open, ...changes };
      read.keep?.(row, version);
      return draftOf(row, now, ignored);
    }
  }
  const saved = await db.transaction(async (tx) => {
    const [attempt] = await tx.select().from(examAttempts).where(eq(examAttempts.id, open.id)).for('update');
    if (!attempt) throw conflict(NO_RUNNING_EXAM);
    if (attempt.finishedAt) return finished(attempt);
    const { answers, answeredAt, ignored } = admitAnswers(attempt, incoming, now);
    const [written] = await tx
      .update(examAttempts)
      .set({ answers, answeredAt, currentIndex: body.index, ...mergeAudio(attempt, body), draftSavedAt: now })
      .where(eq(examAttempts.id, attempt.id))
      .returning(withVersion);
    const { version, ...row } = written!;
    return { row, version, response: draftOf(row, now, ignored) };
  });
  if ('response' in saved) {
    // Kept only after the commit: until then another call could read the row as it was.
    read?.keep?.(saved.row, saved.version);
    return saved.response;
  }
  return saved;
}

/** The columns of an attempt and its new row version, as an update returns them. */
const withVersion = { ...getTableColumns(examAttempts), version: sql<string>`${examAttempts}.xmin::text` };

export async function getDraft(db: Db, user: UserRow, now = new Date()): Promise<DraftResponse> {
  return draftOf(await requireOpen(db, user, undefined, now), now);
}

function toScoreResult(h: typeof examHistory.$inferSelect): ScoreResult {
  return {
    toeflScore: h.totalScore,
    scoreListening: h.listeningScore,
    scoreWritten: h.structureScore,
    scoreReading: h.readingScore,
    listeningCorrect: h.listeningCorrect,
    writtenCorrect: h.writtenCorrect,
    readingCorrect: h.readingCorrect,
    ...storedCefrLevels(h),
    tableVersion: h.tableVersion,
    historyId: h.id,
    certificateCode: h.certificateCode,
    namaPaket: h.namaPaket,
    finishedAt: h.createdAt.toISOString(),
  };
}

async function historyOfAttempt(db: Db, attemptId: number): Promise<ScoreResult | null> {
  const rows = await db.select().from(examHistory).where(eq(examHistory.attemptId, attemptId)).limit(1);
  return rows[0] ? toScoreResult(rows[0]) : null;
}

/** The score of the user's latest finished attempt (null when it has none, or that attempt has no history row). */
async function latestScore(db: Db, userId: number): Promise<ScoreResult | null> {
  const rows = await db
    .select({ history: examHistory })
    .from(examAttempts)
    .leftJoin(examHistory, eq(examHistory.attemptId, examAttempts.id))
    .where(and(eq(examAttempts.userId, userId), sql`${examAttempts.finishedAt} is not null`))
    .orderBy(desc(examAttempts.finishedAt))
    .limit(1);
  return rows[0]?.history ? toScoreResult(rows[0].history) : null;
}

/** The history's package name when the package row is gone. */
const UNNAMED_PAKET = 'Paket';

/** What scoring needs of a package: its name and each question's key, skill and section. */
export interface PackageKeys {
  namaPaket: string;
  keys: { id: number; page: number; jawaban: string; skill: string; section: PendingOutcome['section'] }[];
}

/**
 * One row: the questions travel as one JSON text, which costs the database and the thread
 * boundary a fraction of 140 rows. Read outside the finishing statement: a package's content
 * cannot change while an attempt of it runs (decision 011), and a finished attempt is not scored.
 */
export async function packageKeys(db: Db, paketId: number | null): Promise<PackageKeys> {
  if (paketId === null) return { namaPaket: UNNAMED_PAKET, keys: [] };
  // An aggregate without grouping: always one row, also for a package without questions.
  const [row] = await db
    .select({
      namaPaket: sql<string | null>`(select ${paketSoal.namaPaket} from ${paketSoal} where ${paketSoal.id} = ${paketId})`,
      keys: sql<string>`coalesce(json_agg(json_build_array(${soal.id}, ${soal.page}, ${soal.jawaban}, ${soal.skill}, ${soal.section}))::text, '[]')`,
    })
    .from(soal)
    .where(eq(soal.paketSoalId, paketId));
  const keys = (
    JSON.parse(row?.keys ?? '[]') as [number, number | null, string | null, string | null, PendingOutcome['section'] | null][]
  ).flatMap(([id, page, jawaban, skill, section]) =>
    page !== null && jawaban !== null && skill !== null && section !== null ? [{ id, page, jawaban, skill, section }] : [],
  );
  return { namaPaket: row?.namaPaket ?? UNNAMED_PAKET, keys };
}

/** The history row of an attempt finished with `answers` (the attempt id is added by the writer). */
function scoredHistory(user: UserRow, attempt: Attempt, answers: Record<string, AnswerValue>, pkg: PackageKeys, now: Date) {
  const counts = { listening: 0, written: 0, reading: 0 };
  const outcomes: PendingOutcome[] = [];
  const finalAnswers: { id: number; answer: string }[] = [];
  for (const k of [...pkg.keys].sort((a, b) => a.page - b.page)) {
    const answer = answers[String(k.page)] ?? '-1';
    finalAnswers.push({ id: k.page, answer });
    const section = sectionOfQuestionPage(k.page);
    const correct = answer === k.jawaban;
    if (correct && section) counts[section] += 1;
    outcomes.push({ soalId: k.id, skill: k.skill, section: k.section, correct });
  }
  const scores = scoreCounts(counts.listening, counts.written, counts.reading);
  return {
    userId: user.id,
    paketSoalId: attempt.paketSoalId,
    namaPaket: pkg.namaPaket,
    listeningScore: scores.scoreListening,
    structureScore: scores.scoreWritten,
    readingScore: scores.scoreReading,
    totalScore: scores.toeflScore,
    listeningCorrect: scores.listeningCorrect,
    writtenCorrect: scores.writtenCorrect,
    readingCorrect: scores.readingCorrect,
    cefr: scores.cefr,
    tableVersion: scores.tableVersion,
    certificateCode: randomBytes(8).toString('hex').toUpperCase(),
    answers: finalAnswers,
    // Every missed question comes back in the learner's Buku Kesalahan, written right after the
    // score (exam-outcomes.service.ts, decision 023): the score does not wait for it.
    pendingOutcomes: outcomes,
    createdAt: now,
  } satisfies Omit<typeof examHistory.$inferInsert, 'attemptId'>;
}
type ScoredHistory = ReturnType<typeof scoredHistory>;

const finishedAs = (merged: Pick<Attempt, 'answers' | 'answeredAt'>, now: Date) => ({
  finishedAt: now,
  sesi: 'finished' as const,
  answers: merged.answers,
  answeredAt: merged.answeredAt,
});

/** The user's last package named, the active one cleared (a package bought while it was active becomes sittable now). */
function afterFinish(user: UserRow, attempt: Attempt, namaPaket: string, now: Date) {
  const cleared = sql`case when ${users.paketSoalIdAktif} = ${attempt.paketSoalId} then null else ${users.paketSoalIdAktif} end`;
  return { paketTerakhir: namaPaket, paketSoalIdAktif: sql`coalesce(${cleared}, ${nextPaidPackage(user.id)})`, updatedAt: now };
}

/**
 * The usual submission as one statement, with no transaction: the attempt is claimed only if its
 * row is still as the guard read it (like a draft save), and the history row and the user's
 * update happen only with that claim. Null when the row changed since (the caller locks it).
 */
async function finishAsRead(
  db: Db,
  user: UserRow,
  attempt: Attempt,
  version: string,
  merged: Pick<Attempt, 'answers' | 'answeredAt'>,
  history: ScoredHistory,
  now: Date,
) {
  const claim = db
    .update(examAttempts)
    .set(finishedAs(merged, now))
    .where(and(eq(examAttempts.id, attempt.id), isNull(examAttempts.finishedAt), sql`${examAttempts}.xmin::text = ${version}`))
    .returning({ id: examAttempts.id });
  const activate = db
    .update(users)
    .set(afterFinish(user, attempt, history.namaPaket, now))
    .where(and(eq(users.id, user.id), sql`exists (select 1 from claimed)`));
  // Each value typed by its column: an insert's select list gives parameters no type of their own.
  const columns = Object.entries(history).map(([key, value]) => {
    const column = examHistory[key as keyof ScoredHistory];
    const param = value instanceof Date ? value.toISOString() : typeof value === 'object' && value !== null ? JSON.stringify(value) : value;
    return { name: sql.identifier(column.name), value: sql`${param}::${sql.raw(column.getSQLType())}` };
  });
  // Both drivers answer a raw statement as `{ rows }`.
  const result: unknown = await db.execute(sql`with claimed as ${claim}, activated as ${activate}
    insert into ${examHistory} (${sql.identifier(examHistory.attemptId.name)}, ${sql.join(
      columns.map((c) => c.name),
      sql`, `,
    )})
    select claimed.id, ${sql.join(
      columns.map((c) => c.value),
      sql`, `,
    )} from claimed
    returning ${examHistory.id}`);
  const id = (result as { rows: { id: number }[] }).rows[0]?.id;
  return id === undefined ? null : toScoreResult({ ...history, id, attemptId: attempt.id });
}

/**
 * Finishes an attempt: the history row with the answers and scores, the user's last package, the
 * active package cleared (and the next paid one activated), all or nothing. The attempt is
 * claimed first, so a repeated or concurrent submission returns the same score and counts once.
 * No question row is written: item statistics are read from the stored answers
 * (item-stats.service.ts), so submissions of one package never wait on each other.
 *
 * `read`: the attempt as the route's guard read it. The usual submission is one statement
 * (finishAsRead); when another save or submission touched the row since, it is locked and read
 * again in a transaction instead. `keptKeys`: the package's keys as the exam's content cache
 * keeps them, for the usual submission; the locked one reads them in its transaction.
 */
async function finishAttempt(
  db: Db,
  user: UserRow,
  attemptId: number,
  late: readonly IncomingAnswer[],
  now: Date,
  read?: OpenAttemptRead,
  keptKeys?: KeptKeys,
): Promise<ScoreResult> {
  if (read?.version && read.attempt?.id === attemptId) {
    const merged = admitAnswers(read.attempt, late, now);
    const paketId = read.attempt.paketSoalId;
    // The kept content is read whole and checked as GET /soal sends it; if that fails (a package
    // changed outside the app so that it no longer passes), the submission is scored as before.
    const pkg =
      keptKeys && paketId !== null ? await keptKeys(paketId).catch(() => packageKeys(db, paketId)) : await packageKeys(db, paketId);
    const history = scoredHistory(user, read.attempt, merged.answers, pkg, now);
    const finished = await finishAsRead(db, user, read.attempt, read.version, merged, history, now);
    if (finished) return finished;
  }
  const score = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(examAttempts).where(eq(examAttempts.id, attemptId)).for('update');
    if (!locked) throw notFound(NO_RUNNING_EXAM);
    if (locked.finishedAt) return historyOfAttempt(tx, locked.id);
    const merged = admitAnswers(locked, late, now);
    await tx.update(examAttempts).set(finishedAs(merged, now)).where(eq(examAttempts.id, locked.id));
    const pkg = await packageKeys(tx, locked.paketSoalId);
    const [history] = await tx
      .insert(examHistory)
      .values({ ...scoredHistory(user, locked, merged.answers, pkg, now), attemptId: locked.id })
      .returning();
    await tx
      .update(users)
      .set(afterFinish(user, locked, pkg.namaPaket, now))
      .where(eq(users.id, user.id));
    return toScoreResult(history!);
  });
  if (!score) throw conflict(NO_RUNNING_EXAM);
  return score;
}

/** A package's keys kept in memory and exact (exam-soal-cache.service.ts). */
export type KeptKeys = (paketId: number) => Promise<PackageKeys>;

/**
 * POST /soal/jawaban: the final submission, idempotent. Taken while (or after) reading runs; the
 * answers of earlier sections are the ones saved while those sections ran.
 */
export async function submitAnswers(
  db: Db,
  user: UserRow,
  answers: readonly DraftAnswer[],
  now = new Date(),
  read?: OpenAttemptRead,
  keptKeys?: KeptKeys,
): Promise<ScoreResult> {
  const open = await openAttempt(db, user.id, read);
  if (!open) {
    const score = await latestScore(db, user.id);
    if (!score) throw conflict(NO_RUNNING_EXAM);
    return score;
  }
  if (open.sesi !== 'reading') {
    throw conflict('Jawaban akhir hanya dapat dikirim pada sesi reading. Selesaikan sesi sebelumnya terlebih dahulu.');
  }
  // '-1' without an instant is the submission's 'unanswered', not a clear: it replaces nothing.
  const given = answers.filter((a) => a.answer !== '-1' || a.at !== undefined);
  return finishAttempt(db, user, open.id, incomingAnswers(given, now), now, read, keptKeys);
}
