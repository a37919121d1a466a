import { randomBytes } from 'node:crypto';
import { and, asc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { ExamUser } from '../../contract/admin-users.ts';
import { parseIndonesianMobile } from '../../contract/phone.ts';
import type { Db } from '../db/client.ts';
import { examAttempts, paketSoal, sessions, users, type UserRow } from '../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import { hashPassword } from './passwords.service.ts';

/** The Data User table: participants with their exam status and packages, searchable, paged. */
export async function listExamUsers(
  db: Db,
  query: { q?: string | undefined; page: number; limit: number },
): Promise<{ data: ExamUser[]; total: number; page: number; limit: number }> {
  const q = query.q?.trim();
  const canonical = q ? parseIndonesianMobile(q) : null;
  // Data User lists learners: admin accounts are neither listed nor counted.
  const learners = eq(users.role, 'User');
  const filter = q
    ? and(
        learners,
        or(ilike(users.nama, `%${q.replace(/[%_\\]/g, '\\$&')}%`), ilike(users.nohp, `%${(canonical ?? q).replace(/[%_\\]/g, '\\$&')}%`)),
      )
    : learners;
  const [count] = await db
    .select({ n: sql<number>`count(*)` })
    .from(users)
    .where(filter);
  const rows = await db
    .select({
      user: users,
      paketAktif: paketSoal.namaPaket,
      openAttempt: examAttempts.id,
    })
    .from(users)
    .leftJoin(paketSoal, eq(paketSoal.id, users.paketSoalIdAktif))
    .leftJoin(examAttempts, and(eq(examAttempts.userId, users.id), isNull(examAttempts.finishedAt)))
    .where(filter)
    .orderBy(asc(users.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    data: rows.map((r) => ({
      id: r.user.id,
      nohp: r.user.nohp,
      nama: r.user.nama,
      role: r.user.role,
      profilePic: r.user.profilePic,
      status_ujian: r.openAttempt ? 'ujian' : 'idle',
      paket_soal_id_aktif: r.user.paketSoalIdAktif,
      paket_aktif: r.paketAktif,
      paket_terakhir: r.user.paketTerakhir,
      faktor_waktu_persen: r.user.timeFactorPct,
    })),
    total: Number(count?.n ?? 0),
    page: query.page,
    limit: query.limit,
  };
}

export const OWN_RESET_REFUSED = 'Password akun Anda sendiri diganti di halaman Profil, bukan dari Data User.';
export const ADMIN_RESET_REFUSED = 'Data User hanya untuk peserta. Password akun admin diganti oleh pemiliknya di halaman Profil.';

/**
 * The learner a Data User action names. Admin accounts are refused: an admin changes their own
 * password in Profile, so no Data User action can end an admin's session or lock every admin out.
 */
async function findLearner(db: Db, rawNohp: string, adminRefusal: string, actor?: UserRow): Promise<UserRow> {
  const nohp = parseIndonesianMobile(rawNohp) ?? rawNohp;
  const [user] = await db.select().from(users).where(eq(users.nohp, nohp)).limit(1);
  if (!user) throw notFound('Pengguna tidak ditemukan.');
  if (actor && user.id === actor.id) throw conflict(OWN_RESET_REFUSED);
  if (user.role !== 'User') throw conflict(adminRefusal);
  return user;
}

/**
 * Sets a new temporary password (DESIGN section 9: passwords are hashes, so the admin table offers
 * a reset instead of showing one) and signs the learner out everywhere.
 */
export async function resetPassword(db: Db, actor: UserRow, rawNohp: string): Promise<string> {
  const user = await findLearner(db, rawNohp, ADMIN_RESET_REFUSED, actor);
  // Unambiguous characters only: the admin reads it out to the participant.
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const password = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
  });
  return password;
}

/** PUT /admin/user/{nohp}/faktor-waktu: the learner's extra exam time; their next attempt starts with it. */
export async function setTimeFactor(db: Db, rawNohp: string, percent: number): Promise<number> {
  const user = await findLearner(db, rawNohp, 'Faktor waktu hanya untuk akun peserta, bukan akun admin.');
  await db.update(users).set({ timeFactorPct: percent, updatedAt: new Date() }).where(eq(users.id, user.id));
  return percent;
}
