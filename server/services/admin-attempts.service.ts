import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import { extendedSeconds } from '../../contract/accommodations.ts';
import type { AdminAttempt } from '../../contract/accommodations.ts';
import { EXAM_SECTIONS, type ExamSection } from '../../machines/exam-layout.ts';
import type { Db } from '../db/client.ts';
import { examAttempts, examHistory, paketSoal, practiceResponses, users, type UserRow } from '../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import { endsAtOf } from './exam.service.ts';

type Attempt = typeof examAttempts.$inferSelect;

const ATTEMPT_NOT_FOUND = 'Ujian tidak ditemukan.';
/** A reopened section always gets at least this long, so the learner can still answer and submit. */
export const REOPEN_MIN_SECONDS = 60;

const endColumn = { listening: 'listeningEndsAt', written: 'writtenEndsAt', reading: 'readingEndsAt' } as const;
const durationColumn = { listening: 'durasiListening', written: 'durasiWritten', reading: 'durasiReading' } as const;

async function loadAttempt(db: Db, attemptId: number) {
  const [row] = await db
    .select({ attempt: examAttempts, nama: users.nama, nohp: users.nohp, namaPaket: paketSoal.namaPaket, paket: paketSoal })
    .from(examAttempts)
    .innerJoin(users, eq(users.id, examAttempts.userId))
    .leftJoin(paketSoal, eq(paketSoal.id, examAttempts.paketSoalId))
    .where(eq(examAttempts.id, attemptId));
  if (!row) throw notFound(ATTEMPT_NOT_FOUND);
  return row;
}

function toAdminAttempt(row: { attempt: Attempt; nama: string; nohp: string; namaPaket: string | null }): AdminAttempt {
  const a = row.attempt;
  const sesi = a.finishedAt || !a.sesi ? 'finished' : a.sesi;
  return {
    attemptId: a.id,
    user: { nama: row.nama, nohp: row.nohp },
    namaPaket: row.namaPaket ?? 'Paket',
    sesi,
    endsAt: sesi === 'finished' ? null : (endsAtOf(a, sesi)?.toISOString() ?? null),
    faktor_waktu_persen: a.timeFactorPct,
    reopenedAt: a.reopenedAt?.toISOString() ?? null,
    reopenReason: a.reopenReason,
  };
}

/** GET /admin/ujian/berjalan: every open attempt, the most recently started first. */
export async function listOpenAttempts(db: Db): Promise<AdminAttempt[]> {
  const rows = await db
    .select({ attempt: examAttempts, nama: users.nama, nohp: users.nohp, namaPaket: paketSoal.namaPaket })
    .from(examAttempts)
    .innerJoin(users, eq(users.id, examAttempts.userId))
    .leftJoin(paketSoal, eq(paketSoal.id, examAttempts.paketSoalId))
    .where(isNull(examAttempts.finishedAt))
    .orderBy(desc(examAttempts.startedAt), desc(examAttempts.id));
  return rows.map(toAdminAttempt);
}

/**
 * POST /admin/ujian/{attemptId}/perpanjang: moves the running section's end instant later. Only a
 * section still running can be extended: one whose time is over is the case of reopening.
 */
export async function extendSection(db: Db, attemptId: number, minutes: number, now = new Date()): Promise<AdminAttempt> {
  return db.transaction(async (tx) => {
    const [attempt] = await tx.select().from(examAttempts).where(eq(examAttempts.id, attemptId)).for('update');
    if (!attempt) throw notFound(ATTEMPT_NOT_FOUND);
    if (attempt.finishedAt || !attempt.sesi || attempt.sesi === 'finished') {
      throw conflict('Ujian ini sudah selesai, sehingga tidak dapat diperpanjang. Gunakan Buka Ulang bila ujian terganggu.');
    }
    const end = endsAtOf(attempt, attempt.sesi);
    if (!end || end.getTime() <= now.getTime()) {
      throw conflict('Waktu sesi ini sudah habis, sehingga tidak dapat diperpanjang. Gunakan Buka Ulang bila ujian terganggu.');
    }
    await tx
      .update(examAttempts)
      .set({ [endColumn[attempt.sesi]]: new Date(end.getTime() + minutes * 60_000) })
      .where(eq(examAttempts.id, attempt.id));
    return toAdminAttempt(await loadAttempt(tx, attempt.id));
  });
}

/** The section an attempt was in: the running one, or for a finished attempt the last one that started. */
function lastSection(a: Attempt): ExamSection {
  if (a.sesi && a.sesi !== 'finished' && !a.finishedAt) return a.sesi;
  return [...EXAM_SECTIONS].reverse().find((s) => endsAtOf(a, s) !== null) ?? 'listening';
}

/**
 * POST /admin/ujian/{attemptId}/buka-ulang (docs/decisions/009): the attempt returns to the
 * section it was in, with the time that section had left at the learner's last saved contact,
 * counted from now (at least a minute). Its answers stay; a score it got is withdrawn (the result,
 * its certificate and the practice outcomes it recorded) and comes anew when it is finished again.
 * Once per attempt, with a reason.
 */
export async function reopenAttempt(db: Db, admin: UserRow, attemptId: number, reason: string, now = new Date()): Promise<AdminAttempt> {
  return db.transaction(async (tx) => {
    const [attempt] = await tx.select().from(examAttempts).where(eq(examAttempts.id, attemptId)).for('update');
    if (!attempt) throw notFound(ATTEMPT_NOT_FOUND);
    if (attempt.reopenedAt) throw conflict('Ujian ini sudah pernah dibuka ulang. Buka ulang hanya dapat dilakukan satu kali.');
    if (!attempt.startedAt) throw conflict('Ujian ini belum dimulai, sehingga tidak perlu dibuka ulang.');
    const [paket] = attempt.paketSoalId ? await tx.select().from(paketSoal).where(eq(paketSoal.id, attempt.paketSoalId)) : [];
    if (!paket) throw conflict('Paket ujian ini sudah tidak ada, sehingga ujian tidak dapat dibuka ulang.');
    if (attempt.finishedAt) {
      const [other] = await tx
        .select({ id: examAttempts.id })
        .from(examAttempts)
        .where(and(eq(examAttempts.userId, attempt.userId), isNull(examAttempts.finishedAt), ne(examAttempts.id, attempt.id)));
      if (other) throw conflict('Peserta sedang mengerjakan simulasi lain. Buka ulang ujian ini setelah simulasi itu selesai.');
    }

    const section = lastSection(attempt);
    const end = endsAtOf(attempt, section)!;
    const length = extendedSeconds(paket[durationColumn[section]], attempt.timeFactorPct) * 1000;
    const started = end.getTime() - length;
    const lastContact = Math.min(end.getTime(), Math.max(started, attempt.draftSavedAt?.getTime() ?? started));
    const left = Math.max(REOPEN_MIN_SECONDS * 1000, end.getTime() - lastContact);

    if (attempt.finishedAt) {
      await tx.delete(examHistory).where(eq(examHistory.attemptId, attempt.id));
      // The submission recorded one outcome per question at its finishing instant; finishing again records them anew.
      await tx
        .delete(practiceResponses)
        .where(
          and(
            eq(practiceResponses.userId, attempt.userId),
            eq(practiceResponses.source, 'exam'),
            eq(practiceResponses.answeredAt, attempt.finishedAt),
          ),
        );
    }
    await tx
      .update(examAttempts)
      .set({
        sesi: section,
        finishedAt: null,
        [endColumn[section]]: new Date(now.getTime() + left),
        reopenedAt: now,
        reopenedBy: admin.id,
        reopenReason: reason,
      })
      .where(eq(examAttempts.id, attempt.id));
    return toAdminAttempt(await loadAttempt(tx, attempt.id));
  });
}
