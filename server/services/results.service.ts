import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import type {
  AdminHistoryItem,
  AdminHistoryList,
  DiagnosticPart,
  DiagnosticPartKey,
  HistoryItem,
  ProgressResponse,
  ReviewQuestion,
  ReviewResponse,
  VerifyResponse,
} from '../../contract/results.ts';
import { CERTIFICATE_NOT_FOUND, HISTORY_NOT_FOUND, REVIEW_DURING_EXAM } from '../../contract/results.ts';
import type { SkillId } from '../../contract/skills.ts';
import { isListeningPartA, listeningGroupHeadOf } from '../../machines/exam-layout.ts';
import type { Db } from '../db/client.ts';
import { examAttempts, examHistory, questionReading, soal, users, type UserRow } from '../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import { certificateFileName, isoDate, renderCertificate, verificationUrl } from './certificate.service.ts';
import { storedCefrLevels } from './scoring.service.ts';
import { mediaUrl } from './storage.service.ts';

type HistoryRow = typeof examHistory.$inferSelect;

export function toHistoryItem(h: HistoryRow, retake: boolean): HistoryItem {
  return {
    id: h.id,
    nama_paket: h.namaPaket,
    listeningScore: h.listeningScore,
    structureScore: h.structureScore,
    readingScore: h.readingScore,
    totalScore: h.totalScore,
    listening_correct: h.listeningCorrect,
    written_correct: h.writtenCorrect,
    reading_correct: h.readingCorrect,
    ...storedCefrLevels(h),
    tanggal: h.createdAt.toISOString(),
    certificateCode: h.certificateCode,
    retake,
  };
}

type AttemptKey = Pick<HistoryRow, 'id' | 'userId' | 'paketSoalId' | 'createdAt'>;
const finishedBefore = (a: AttemptKey, b: AttemptKey) =>
  a.createdAt.getTime() < b.createdAt.getTime() || (a.createdAt.getTime() === b.createdAt.getTime() && a.id < b.id);

/**
 * The ids among `rows` that are retakes: the same learner finished the same package earlier.
 * A package deleted since leaves no id to compare, so its attempts are never marked.
 */
export async function retakeIds(db: Db, rows: readonly AttemptKey[]): Promise<Set<number>> {
  const userIds = [...new Set(rows.filter((r) => r.paketSoalId !== null).map((r) => r.userId))];
  if (userIds.length === 0) return new Set();
  const all = await db
    .select({ id: examHistory.id, userId: examHistory.userId, paketSoalId: examHistory.paketSoalId, createdAt: examHistory.createdAt })
    .from(examHistory)
    .where(inArray(examHistory.userId, userIds));
  const retakes = new Set<number>();
  for (const r of rows) {
    if (r.paketSoalId === null) continue;
    if (all.some((o) => o.userId === r.userId && o.paketSoalId === r.paketSoalId && finishedBefore(o, r))) retakes.add(r.id);
  }
  return retakes;
}

async function withRetakes(db: Db, rows: HistoryRow[]): Promise<HistoryItem[]> {
  const retakes = await retakeIds(db, rows);
  return rows.map((h) => toHistoryItem(h, retakes.has(h.id)));
}

/** GET /users/riwayat-ujian: the user's finished attempts, newest first. */
export async function listUserHistory(db: Db, userId: number): Promise<HistoryItem[]> {
  const rows = await db
    .select()
    .from(examHistory)
    .where(eq(examHistory.userId, userId))
    .orderBy(desc(examHistory.createdAt), desc(examHistory.id));
  return withRetakes(db, rows);
}

/**
 * One history row the user may see: their own, or any for an Admin. Another user's id answers
 * 404 like a missing one, so ids cannot be probed.
 */
export async function findVisibleHistory(db: Db, user: UserRow, id: number): Promise<HistoryRow> {
  const [row] = await db.select().from(examHistory).where(eq(examHistory.id, id)).limit(1);
  if (!row || (row.userId !== user.id && user.role !== 'Admin')) throw notFound(HISTORY_NOT_FOUND);
  return row;
}

async function newestHistory(db: Db, userId: number): Promise<HistoryRow | null> {
  const [row] = await db
    .select()
    .from(examHistory)
    .where(eq(examHistory.userId, userId))
    .orderBy(desc(examHistory.createdAt), desc(examHistory.id))
    .limit(1);
  return row ?? null;
}

export interface CertificateFile {
  bytes: Uint8Array;
  fileName: string;
}

async function certificateFor(db: Db, h: HistoryRow, appName: string, baseUrl: string): Promise<CertificateFile> {
  const [owner] = await db.select({ nama: users.nama }).from(users).where(eq(users.id, h.userId)).limit(1);
  const nama = owner?.nama ?? 'Peserta';
  const bytes = await renderCertificate({
    appName,
    nama,
    namaPaket: h.namaPaket,
    finishedAt: h.createdAt,
    listeningScore: h.listeningScore,
    structureScore: h.structureScore,
    readingScore: h.readingScore,
    totalScore: h.totalScore,
    listeningCorrect: h.listeningCorrect,
    writtenCorrect: h.writtenCorrect,
    readingCorrect: h.readingCorrect,
    ...storedCefrLevels(h),
    code: h.certificateCode,
    verifyUrl: verificationUrl(baseUrl, h.certificateCode),
  });
  return { bytes, fileName: certificateFileName(nama, h.createdAt) };
}

/** GET /users/certificate/{id}. */
export async function certificateById(db: Db, user: UserRow, id: number, appName: string, baseUrl: string): Promise<CertificateFile> {
  return certificateFor(db, await findVisibleHistory(db, user, id), appName, baseUrl);
}

/** GET /users/lastScore/sertif: the certificate of the user's newest attempt. */
export async function lastCertificate(db: Db, user: UserRow, appName: string, baseUrl: string): Promise<CertificateFile> {
  const h = await newestHistory(db, user.id);
  if (!h) throw notFound('Belum ada hasil ujian untuk dibuatkan sertifikat.');
  return certificateFor(db, h, appName, baseUrl);
}

/** GET /sertifikat/verify/{code}: public, codes are 64 random bits (not guessable). */
export async function verifyCertificate(db: Db, rawCode: string): Promise<VerifyResponse> {
  const code = rawCode.trim().toUpperCase();
  if (!/^[0-9A-F]{8,32}$/.test(code)) throw notFound(CERTIFICATE_NOT_FOUND);
  const [row] = await db
    .select({ h: examHistory, nama: users.nama })
    .from(examHistory)
    .innerJoin(users, eq(users.id, examHistory.userId))
    .where(eq(examHistory.certificateCode, code))
    .limit(1);
  if (!row) throw notFound(CERTIFICATE_NOT_FOUND);
  const { h } = row;
  return {
    code: h.certificateCode,
    nama: row.nama,
    nama_paket: h.namaPaket,
    listeningScore: h.listeningScore,
    structureScore: h.structureScore,
    readingScore: h.readingScore,
    totalScore: h.totalScore,
    listening_correct: h.listeningCorrect,
    written_correct: h.writtenCorrect,
    reading_correct: h.readingCorrect,
    ...storedCefrLevels(h),
    tanggal: h.createdAt.toISOString(),
  };
}

/* ---------- admin list and CSV ---------- */

export interface AdminHistoryFilter {
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Start of a Jakarta calendar day (UTC+7, no daylight saving) as an instant. */
export const jakartaDayStart = (day: string): Date => new Date(`${day}T00:00:00+07:00`);

function adminWhere(filter: AdminHistoryFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = filter.q.replace(/\D/g, '');
    const phoneTerms = [like];
    // People type 0812..., the table stores 62812...
    if (digits.length >= 3) phoneTerms.push(`%${digits.startsWith('0') ? `62${digits.slice(1)}` : digits}%`);
    conditions.push(or(ilike(users.nama, like), ilike(examHistory.namaPaket, like), ...phoneTerms.map((term) => ilike(users.nohp, term)))!);
  }
  if (filter.from) conditions.push(gte(examHistory.createdAt, jakartaDayStart(filter.from)));
  if (filter.to) {
    const end = jakartaDayStart(filter.to);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(lt(examHistory.createdAt, end));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const toAdminItem = (r: { h: HistoryRow; nama: string; nohp: string }, retakes: Set<number>): AdminHistoryItem => ({
  ...toHistoryItem(r.h, retakes.has(r.h.id)),
  user: { nama: r.nama, nohp: r.nohp },
  attemptId: r.h.attemptId,
});

/** GET /admin/riwayat-ujian: every participant's results, newest first, filtered and paged. */
export async function listAdminHistory(db: Db, filter: AdminHistoryFilter & { page: number; limit: number }): Promise<AdminHistoryList> {
  const where = adminWhere(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({ h: examHistory, nama: users.nama, nohp: users.nohp })
      .from(examHistory)
      .innerJoin(users, eq(users.id, examHistory.userId))
      .where(where)
      .orderBy(desc(examHistory.createdAt), desc(examHistory.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(examHistory).innerJoin(users, eq(users.id, examHistory.userId)).where(where),
  ]);
  const retakes = await retakeIds(
    db,
    rows.map((r) => r.h),
  );
  return { data: rows.map((r) => toAdminItem(r, retakes)), total: Number(total?.n ?? 0), page: filter.page, limit: filter.limit };
}

/** A CSV field: quoted when needed; a leading =, +, - or @ is defused so spreadsheets never run it. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const CSV_HEADER = [
  'Tanggal',
  'Nama',
  'No HP',
  'Paket',
  'Listening',
  'Structure',
  'Reading',
  'Total',
  'Listening Benar',
  'Written Benar',
  'Reading Benar',
  'CEFR',
  'Kode Sertifikat',
];

/** GET /admin/riwayat-ujian.csv: the same filter, every row, with a BOM so Excel reads UTF-8. */
export async function adminHistoryCsv(db: Db, filter: AdminHistoryFilter): Promise<string> {
  const rows = await db
    .select({ h: examHistory, nama: users.nama, nohp: users.nohp })
    .from(examHistory)
    .innerJoin(users, eq(users.id, examHistory.userId))
    .where(adminWhere(filter))
    .orderBy(desc(examHistory.createdAt), desc(examHistory.id));
  const lines = [CSV_HEADER.map(csvField).join(',')];
  for (const { h, nama, nohp } of rows) {
    lines.push(
      [
        isoDate(h.createdAt),
        nama,
        nohp,
        h.namaPaket,
        h.listeningScore,
        h.structureScore,
        h.readingScore,
        h.totalScore,
        h.listeningCorrect,
        h.writtenCorrect,
        h.readingCorrect,
        storedCefrLevels(h).cefr,
        h.certificateCode,
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/* ---------- review and diagnostics ---------- */

interface KeyedQuestion {
  page: number;
  section: ReviewQuestion['section'];
  jawaban: string;
  qReading: number | null;
}

async function questionsOf(db: Db, paketId: number | null) {
  if (paketId === null) return [];
  return db.select().from(soal).where(eq(soal.paketSoalId, paketId)).orderBy(asc(soal.page));
}

const answerMap = (h: HistoryRow): Map<number, string> => new Map(h.answers.map((a) => [a.id, a.answer]));

/**
 * GET /users/riwayat-ujian/{id}/review: keys and explanations, but only of a finished attempt
 * (a history row exists only once scored) that is the user's own, or to an Admin.
 */
export async function reviewHistory(db: Db, user: UserRow, id: number): Promise<ReviewResponse> {
  const h = await findVisibleHistory(db, user, id);
  // A retake of the same package is running: an earlier attempt's keys and transcripts would answer it.
  if (h.paketSoalId !== null && h.userId === user.id) {
    const [running] = await db
      .select({ id: examAttempts.id })
      .from(examAttempts)
      .where(and(eq(examAttempts.userId, user.id), eq(examAttempts.paketSoalId, h.paketSoalId), isNull(examAttempts.finishedAt)))
      .limit(1);
    if (running) throw conflict(REVIEW_DURING_EXAM);
  }
  const rows = await questionsOf(db, h.paketSoalId);
  // A listening group plays its head's clip for every member.
  const clipOf = new Map(rows.filter((r) => r.section === 'listening').map((r) => [r.noSoal, r.audio]));
  const passageIds = [...new Set(rows.map((r) => r.qReading).filter((x): x is number => x !== null))];
  const passages = passageIds.length ? await db.select().from(questionReading).where(inArray(questionReading.id, passageIds)) : [];
  const passageById = new Map(passages.map((p) => [p.id, p]));
  const answers = answerMap(h);
  const questions: ReviewQuestion[] = rows.map((q) => {
    const answer = (answers.get(q.page) ?? '-1') as ReviewQuestion['answer'];
    const passage = q.qReading !== null ? passageById.get(q.qReading) : undefined;
    return {
      page: q.page,
      section: q.section,
      no_soal: q.noSoal,
      soal: q.soal,
      pilihan_satu: q.pilihanSatu,
      pilihan_dua: q.pilihanDua,
      pilihan_tiga: q.pilihanTiga,
      pilihan_empat: q.pilihanEmpat,
      answer,
      jawaban: q.jawaban,
      correct: answer === q.jawaban,
      pembahasan: q.pembahasan,
      readingQuestion: passage ? { id: passage.id, nama: passage.nama, reading: mediaUrl(passage.image), html: passage.html } : null,
      skill: q.skill as SkillId,
      listening:
        q.section === 'listening'
          ? {
              audio: mediaUrl(q.audio ?? clipOf.get(listeningGroupHeadOf(q.noSoal) ?? q.noSoal)),
              transcript: q.transcript,
              spoken_question: q.spokenQuestion,
            }
          : null,
    };
  });
  const [item] = await withRetakes(db, [h]);
  return { history: item!, questions };
}

const PART_LABEL: Record<Exclude<DiagnosticPartKey, 'reading'>, string> = {
  listeningA: 'Listening Part A (percakapan pendek)',
  listeningBC: 'Listening Part B dan C (percakapan panjang dan ceramah)',
  structure: 'Structure',
  written: 'Written Expression',
};

/** One line of what to practise for the weakest part (Indonesian). */
export function suggestionFor(part: DiagnosticPart): string {
  switch (part.key) {
    case 'listeningA':
      return 'Perbanyak latihan Listening Part A: dengarkan percakapan pendek dan fokus pada ungkapan sehari-hari, idiom, dan makna tersirat di kalimat kedua.';
    case 'listeningBC':
      return 'Perbanyak latihan Listening Part B dan C: biasakan mencatat topik, ide pokok, dan detail penting saat mendengarkan percakapan panjang dan ceramah.';
    case 'structure':
      return 'Perbanyak latihan Structure: kuasai pola kalimat lengkap (subjek dan kata kerja), klausa, inversi, dan bentuk paralel.';
    case 'written':
      return 'Perbanyak latihan Written Expression: periksa kesesuaian subjek-kata kerja, bentuk kata (noun, verb, adjective, adverb), dan paralelisme.';
    case 'reading':
      return `Perbanyak latihan Reading seperti bacaan "${part.label.replace(/^Reading: /, '')}": cari ide pokok, detail, rujukan kata ganti, dan arti kosakata dari konteks.`;
  }
}

/** Which diagnostic part a question belongs to (DESIGN section 5 index ranges). */
function partOf(q: KeyedQuestion): Exclude<DiagnosticPartKey, 'reading'> | 'reading' | null {
  if (q.section === 'listening') return isListeningPartA(q.page) ? 'listeningA' : 'listeningBC';
  if (q.section === 'structure') return 'structure';
  if (q.section === 'written') return 'written';
  if (q.section === 'reading') return 'reading';
  return null;
}

/** Per-part correct counts of one attempt; reading is split by passage, in exam order. */
export function diagnose(questions: KeyedQuestion[], answers: Map<number, string>, passageNames: Map<number, string>): DiagnosticPart[] {
  const parts = new Map<string, DiagnosticPart>();
  const order: string[] = [];
  for (const q of [...questions].sort((a, b) => a.page - b.page)) {
    const kind = partOf(q);
    if (!kind) continue;
    const id = kind === 'reading' ? `reading:${q.qReading ?? 0}` : kind;
    let part = parts.get(id);
    if (!part) {
      const label =
        kind === 'reading' ? `Reading: ${(q.qReading !== null ? passageNames.get(q.qReading) : undefined) ?? 'Bacaan'}` : PART_LABEL[kind];
      part = { key: kind, label, correct: 0, total: 0, percent: 0 };
      parts.set(id, part);
      order.push(id);
    }
    part.total += 1;
    if (answers.get(q.page) === q.jawaban) part.correct += 1;
  }
  return order.map((id) => {
    const p = parts.get(id)!;
    return { ...p, percent: p.total ? Math.round((p.correct / p.total) * 100) : 0 };
  });
}

/** GET /users/progress: the score line across attempts and the diagnostics of the newest one. */
export async function progressOf(db: Db, userId: number): Promise<ProgressResponse> {
  const rows = await db
    .select()
    .from(examHistory)
    .where(eq(examHistory.userId, userId))
    .orderBy(asc(examHistory.createdAt), asc(examHistory.id));
  const attempts = (await withRetakes(db, rows)).map((item) => {
    return {
      id: item.id,
      nama_paket: item.nama_paket,
      tanggal: item.tanggal,
      totalScore: item.totalScore,
      listeningScore: item.listeningScore,
      structureScore: item.structureScore,
      readingScore: item.readingScore,
      cefr: item.cefr,
      nearChance: item.nearChance,
      retake: item.retake,
    };
  });
  const newest = rows.at(-1);
  if (!newest) return { attempts, diagnostics: null };
  const questions = await questionsOf(db, newest.paketSoalId);
  const passageIds = [...new Set(questions.map((r) => r.qReading).filter((x): x is number => x !== null))];
  const passages = passageIds.length
    ? await db
        .select({ id: questionReading.id, nama: questionReading.nama })
        .from(questionReading)
        .where(inArray(questionReading.id, passageIds))
    : [];
  const parts = diagnose(questions, answerMap(newest), new Map(passages.map((p) => [p.id, p.nama])));
  // Lowest share right; on a tie the earlier part (the order of the exam) comes first.
  const weakest = parts.reduce<DiagnosticPart | null>((w, p) => (w === null || p.percent < w.percent ? p : w), null);
  return {
    attempts,
    diagnostics: {
      historyId: newest.id,
      nama_paket: newest.namaPaket,
      tanggal: newest.createdAt.toISOString(),
      parts,
      weakest,
      suggestion: weakest ? suggestionFor(weakest) : null,
    },
  };
}
