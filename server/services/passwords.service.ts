import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id (m=19456 KiB, t=2, p=1): about 13 ms a hash here (STACK-NOTES).
export const hashPassword = (password: string): Promise<string> => hash(password);

/** Verifies without throwing on a malformed stored hash (that is a failed login, not a 500). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so a login for an unknown number is not faster. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hash('not-a-real-password-only-for-timing');
  await verifyPassword(await dummyHash, password);
}
