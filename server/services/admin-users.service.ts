import { randomBytes } from 'node:crypto';
import { and, asc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { ExamUser } from '../../contract/admin-users.ts';
import { parseIndonesianMobile } from '../../contract/phone.ts';
import type { Db } from '../db/client.ts';
import { examAttempts, paketSoal, sessions, users } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { hashPassword } from './passwords.service.ts';

/** The Data User table: participants with their exam status and packages, searchable, paged. */
export async function listExamUsers(
  db: Db,
  query: { q?: string | undefined; page: number; limit: number },
): Promise<{ data: ExamUser[]; total: number; page: number; limit: number }> {
  const q = query.q?.trim();
  const canonical = q ? parseIndonesianMobile(q) : null;
  const filter = q
    ? or(ilike(users.nama, `%${q.replace(/[%_\\]/g, '\\$&')}%`), ilike(users.nohp, `%${(canonical ?? q).replace(/[%_\\]/g, '\\$&')}%`))
    : undefined;
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
    })),
    total: Number(count?.n ?? 0),
    page: query.page,
    limit: query.limit,
  };
}

/**
 * Sets a new temporary password (DESIGN section 9: passwords are hashes, so the admin table offers
 * a reset instead of showing one) and signs the user out everywhere.
 */
export async function resetPassword(db: Db, rawNohp: string): Promise<string> {
  const nohp = parseIndonesianMobile(rawNohp) ?? rawNohp;
  const [user] = await db.select().from(users).where(eq(users.nohp, nohp)).limit(1);
  if (!user) throw notFound('Pengguna tidak ditemukan.');
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
