import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { examAttempts, sessions, users, type UserRow } from '../db/schema.ts';
import type { ExamGuardCache, GuardEntry, GuardTicket } from './exam-guard-cache.service.ts';

export const SESSION_COOKIE = 'sid';
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Opens a new session: a fresh random token every login, so a planted cookie is never adopted. */
export async function createSession(db: Db, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/** The user behind a cookie token, or null when it is unknown or expired. */
export async function findSessionUser(db: Db, token: string): Promise<UserRow | null> {
  if (!token || token.length > 100) return null;
  const rows = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return rows[0]?.user ?? null;
}

/**
 * The row of a user's open exam attempt as read, with its row version (PostgreSQL's xmin, which
 * every update of the row changes), so a later write can require that nothing changed it since.
 */
export interface OpenAttemptRead {
  attempt: typeof examAttempts.$inferSelect | null;
  version: string | null;
  /**
   * Present when the guard is cached: a handler that wrote the open attempt hands the row it got
   * back (with its new version) so the next call of this session needs no read.
   */
  keep?: (attempt: typeof examAttempts.$inferSelect, version: string) => void;
}

/**
 * Session, user and open attempt in one statement (DESIGN section 10: one query per exam call).
 * The one-open-attempt index keeps the join to at most one row.
 */
export async function findSessionUserWithOpenAttempt(
  db: Db,
  token: string,
  cache?: ExamGuardCache | null,
): Promise<{ user: UserRow; open: OpenAttemptRead } | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const now = Date.now();
  // PostgreSQL: every change committed by any process before this request is heard first, so a kept
  // answer is current, and a read made now is not refused for a notice of an older change.
  if (cache?.heard) await cache.heard();
  const kept = cache?.get(tokenHash, now);
  if (kept) return { user: kept.entry.user, open: readOf(cache!, kept.ticket, kept.entry) };
  const ticket = cache?.ticket(tokenHash);
  let guard = guardQueries.get(db);
  if (!guard) guardQueries.set(db, (guard = prepareGuard(db)));
  // The time as text: the embedded database prepares a statement only for arguments it can write as literals.
  const rows = await guard.execute({ tokenHash, now: new Date(now).toISOString() });
  const row = rows[0];
  if (!row) return null;
  const entry: GuardEntry = {
    user: row.user,
    attempt: row.attempt,
    version: row.attempt ? row.version : null,
    sessionExpiresAt: row.expiresAt.getTime(),
  };
  if (!cache || !ticket) return { user: row.user, open: { attempt: entry.attempt, version: entry.version } };
  cache.put(ticket, entry);
  return { user: row.user, open: readOf(cache, ticket, entry) };
}

function readOf(cache: ExamGuardCache, ticket: GuardTicket, entry: GuardEntry): OpenAttemptRead {
  return {
    attempt: entry.attempt,
    version: entry.version,
    keep: (attempt, version) => void cache.put(ticket, { ...entry, attempt, version }),
  };
}

/**
 * The guard of every exam call, built once per database: Drizzle spent more of such a call's
 * time building this statement than the database spent answering it.
 */
function prepareGuard(db: Db) {
  return db
    .select({ user: users, attempt: examAttempts, version: sql<string | null>`${examAttempts}.xmin::text`, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(examAttempts, and(eq(examAttempts.userId, users.id), isNull(examAttempts.finishedAt)))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('exam_guard');
}
const guardQueries = new WeakMap<Db, ReturnType<typeof prepareGuard>>();

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of a user except the one holding `keepToken` (after a password change). */
export async function deleteOtherSessions(db: Db, userId: number, keepToken: string | undefined): Promise<void> {
  const keep = keepToken ? hashToken(keepToken) : '';
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keep)));
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
