import { eq } from 'drizzle-orm';
import { NOHP_TAKEN, OLD_PASSWORD_WRONG, PROFILE_SAVED, type UpdateProfileResponse } from '../../contract/profile.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { users, type UserRow } from '../db/schema.ts';
import { badRequest, conflict, forbidden } from '../errors.ts';
import { hashPassword, verifyPassword } from './passwords.service.ts';
import { deleteOtherSessions } from './sessions.service.ts';
import { mediaUrl, type Storage } from './storage.service.ts';

export const NOHP_NOT_YOURS = 'Nomor HP tidak sesuai dengan akun yang sedang login.';

/** A body `nohp` is accepted for compatibility but must be the session user's (DESIGN section 4). */
function assertOwnNohp(user: UserRow, nohp: string | undefined): void {
  if (nohp !== undefined && nohp !== user.nohp) throw forbidden(NOHP_NOT_YOURS);
}

/** The storage key inside a stored profile picture path (`/api/media/<key>`), if it is ours. */
const keyOfPicture = (profilePic: string | null): string | null => {
  const match = profilePic ? /^\/api\/media\/([a-f0-9]{32}\.[a-z0-9]{2,4})$/.exec(profilePic) : null;
  return match?.[1] ?? null;
};

export interface ProfileInput {
  nohp?: string | undefined;
  nama: string;
  newNohp?: string | undefined;
  email: string;
}

/**
 * PUT /users/profile: name, email, an optional new login number (unique) and an optional photo
 * (checked by magic bytes, 5 MB). The old photo is removed once the new one is committed.
 */
export async function updateProfile(
  db: Db,
  storage: Storage,
  user: UserRow,
  input: ProfileInput,
  photo: Buffer | undefined,
): Promise<UpdateProfileResponse> {
  assertOwnNohp(user, input.nohp);
  const nohp = input.newNohp ?? user.nohp;
  if (nohp !== user.nohp) {
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.nohp, nohp)).limit(1);
    if (taken) throw conflict(NOHP_TAKEN);
  }
  const file = photo ? await storage.write('profile', photo) : null;
  let updated: UserRow;
  try {
    updated = await db.transaction(async (tx) => {
      if (file) await storage.record(tx, 'profile', file, { ownerUserId: user.id });
      const [row] = await tx
        .update(users)
        .set({
          nama: input.nama,
          email: input.email,
          nohp,
          ...(file ? { profilePic: mediaUrl(file.key) } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id))
        .returning();
      return row!;
    });
  } catch (err) {
    if (file) await storage.removeFromDisk([file.key]);
    // Another account took the number between the check and the update: the unique index decides.
    if (isUniqueViolation(err)) throw conflict(NOHP_TAKEN);
    throw err;
  }
  const oldKey = file ? keyOfPicture(user.profilePic) : null;
  if (oldKey) {
    await storage.forget(db, [oldKey]);
    await storage.removeFromDisk([oldKey]);
  }
  return { message: PROFILE_SAVED, user: { nama: updated.nama, nohp: updated.nohp, profilePic: updated.profilePic } };
}

/**
 * PUT /users/update-password: the old password must be right; the new one is stored as argon2id
 * and every other session of the user ends (a thief holding an old cookie is signed out).
 */
export async function updatePassword(
  db: Db,
  user: UserRow,
  input: { nohp?: string | undefined; oldPassword: string; newPassword: string },
  currentToken: string | undefined,
): Promise<void> {
  assertOwnNohp(user, input.nohp);
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) throw badRequest(OLD_PASSWORD_WRONG);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await deleteOtherSessions(tx, user.id, currentToken);
  });
}
