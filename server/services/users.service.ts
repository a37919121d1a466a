import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AuthUser } from '../../contract/auth.ts';
import { parseIndonesianMobile } from '../../contract/phone.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { users, type UserRow } from '../db/schema.ts';
import { conflict } from '../errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.service.ts';

export const toAuthUser = (u: UserRow): AuthUser => ({
  nohp: u.nohp,
  nama: u.nama,
  role: u.role,
  profilePic: u.profilePic,
});

export interface NewUser {
  nohp: string;
  nama: string;
  email: string;
  password: string;
}

export async function registerUser(db: Db, input: NewUser): Promise<UserRow> {
  const existing = await findUserByNohp(db, input.nohp);
  if (existing) throw conflict('Nomor HP sudah terdaftar. Silakan login.');
  try {
    const [row] = await db
      .insert(users)
      .values({
        nohp: input.nohp,
        nama: input.nama,
        email: input.email,
        passwordHash: await hashPassword(input.password),
        role: 'User',
      })
      .returning();
    return row!;
  } catch (err) {
    // Two registrations of one number racing: the unique index decides, the loser gets 409.
    if (isUniqueViolation(err)) throw conflict('Nomor HP sudah terdaftar. Silakan login.');
    throw err;
  }
}

export async function findUserByNohp(db: Db, nohp: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.nohp, nohp)).limit(1);
  return rows[0] ?? null;
}

/** The user when the number and password match; null otherwise, in the same time either way. */
export async function authenticate(db: Db, nohp: string, password: string): Promise<UserRow | null> {
  const user = await findUserByNohp(db, nohp);
  if (!user) {
    await burnPasswordCheck(password);
    return null;
  }
  return (await verifyPassword(user.passwordHash, password)) ? user : null;
}

/**
 * The admin account of DESIGN section 2: ADMIN_NOHP + ADMIN_PASSWORD create or update an Admin
 * (idempotent); without them, a database with no admin gets one with a random password, returned
 * so the caller can print it once.
 */
export async function ensureAdmin(
  db: Db,
  settings: { nohp?: string | undefined; password?: string | undefined },
): Promise<{ created: boolean; nohp: string; generatedPassword?: string } | null> {
  if (settings.nohp && settings.password) {
    const nohp = parseIndonesianMobile(settings.nohp);
    if (!nohp) throw new Error(`ADMIN_NOHP is not an Indonesian mobile number: ${settings.nohp}`);
    const existing = await findUserByNohp(db, nohp);
    if (existing) {
      const samePassword = await verifyPassword(existing.passwordHash, settings.password);
      if (existing.role !== 'Admin' || !samePassword) {
        await db
          .update(users)
          .set({
            role: 'Admin',
            passwordHash: samePassword ? existing.passwordHash : await hashPassword(settings.password),
            updatedAt: new Date(),
          })
          .where(eq(users.id, existing.id));
      }
      return { created: false, nohp };
    }
    await db.insert(users).values({
      nohp,
      nama: 'Admin',
      email: 'admin@localhost',
      passwordHash: await hashPassword(settings.password),
      role: 'Admin',
    });
    return { created: true, nohp };
  }

  const anyAdmin = await db.select({ id: users.id }).from(users).where(eq(users.role, 'Admin')).limit(1);
  if (anyAdmin.length > 0) return null;
  const nohp = '6281000000000';
  const generatedPassword = randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(generatedPassword);
  await db
    .insert(users)
    .values({ nohp, nama: 'Admin', email: 'admin@localhost', passwordHash, role: 'Admin' })
    .onConflictDoUpdate({ target: users.nohp, set: { role: 'Admin', passwordHash } });
  return { created: true, nohp, generatedPassword };
}
