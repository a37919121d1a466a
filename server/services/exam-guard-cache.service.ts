import type { examAttempts, UserRow } from '../db/schema.ts';

type Attempt = typeof examAttempts.$inferSelect;

/** What the exam guard read for one session token: the user, the open attempt and its row version. */
export interface GuardEntry {
  user: UserRow;
  attempt: Attempt | null;
  version: string | null;
  /** The session's end (ms since the epoch): a kept entry is never served past it. */
  sessionExpiresAt: number;
}

/**
 * Where a caller stands in the cache's sequence of changes: taken before a guard read is sent, or
 * when an entry is served. Only an answer no change has overtaken since may be kept.
 */
export interface GuardTicket {
  readonly tokenHash: string;
  readonly seq: number;
}

/**
 * The exam guard's answers kept in memory, per session token (docs/decisions/024-exam-guard-cache.md,
 * 027-postgres-told-of-changes.md). The database says, through the notices of migrations 0012 and
 * 0013, which learner every write to users, sessions or exam_attempts touched (a draft save
 * excepted: nothing kept depends on its columns alone). PGlite's notices come before the replies of
 * the writes that sent them; PostgreSQL's after the commit, so there an answer is served only once
 * every notice committed before the request has been heard.
 *
 * Every notice takes a number from one sequence. An answer read before a change and delivered
 * after it would be stale, so it is kept only if no notice for its learner (and no `*`) has
 * arrived since its ticket was taken.
 */
export class ExamGuardCache {
  private readonly entries = new Map<string, GuardEntry>();
  private readonly tokensOf = new Map<number, Set<string>>();
  /** Per learner, the number of the last notice. */
  private readonly changed = new Map<number, number>();
  private seq = 0;
  private clearedAt = 0;
  /**
   * `maxEntries`: above this many sessions the oldest kept one goes (an exam day has one per
   * participant). `live`: whether the database is telling now; while not, nothing is served or kept.
   * `heard` (PostgreSQL): resolves once every notice committed before the call is heard; a kept
   * answer is served only after it (server/services/sessions.service.ts).
   */
  constructor(
    private readonly maxEntries = 50_000,
    private readonly live: () => boolean = () => true,
    readonly heard?: () => Promise<void>,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** A ticket for a guard read about to be sent. */
  ticket(tokenHash: string): GuardTicket {
    return { tokenHash, seq: this.seq };
  }

  /** The kept answer for a token and a ticket for what follows from it, or null. */
  get(tokenHash: string, nowMs: number): { entry: GuardEntry; ticket: GuardTicket } | null {
    const entry = this.live() ? this.entries.get(tokenHash) : undefined;
    if (!entry) return null;
    if (entry.sessionExpiresAt <= nowMs) {
      this.drop(tokenHash, entry.user.id);
      return null;
    }
    return { entry, ticket: { tokenHash, seq: this.seq } };
  }

  /**
   * Keeps what a guard read answered, or the attempt as a draft save just wrote it (not told,
   * migration 0013), unless a change of its learner was told after the ticket. A save that raced
   * another device's is refused by its row version before it gets here.
   */
  put(ticket: GuardTicket, entry: GuardEntry): boolean {
    if (!this.live() || this.clearedAt > ticket.seq || (this.changed.get(entry.user.id) ?? 0) > ticket.seq) return false;
    this.store(ticket.tokenHash, entry);
    return true;
  }

  /** A notice: a learner's id, or `*` for everything (a truncate, a lost database). */
  changedFor(payload: string): void {
    this.seq += 1;
    const userId = Number(payload);
    if (payload === '*' || !Number.isSafeInteger(userId)) {
      this.clearedAt = this.seq;
      this.entries.clear();
      this.tokensOf.clear();
      this.changed.clear();
      return;
    }
    this.changed.set(userId, this.seq);
    const tokens = this.tokensOf.get(userId);
    if (!tokens) return;
    for (const token of tokens) this.entries.delete(token);
    this.tokensOf.delete(userId);
  }

  private store(tokenHash: string, entry: GuardEntry): void {
    // Frozen: a handler that changed a kept row in place would change what the next call reads.
    Object.freeze(entry.user);
    if (entry.attempt) Object.freeze(entry.attempt);
    const previous = this.entries.get(tokenHash);
    if (previous) this.entries.delete(tokenHash);
    else if (this.entries.size >= this.maxEntries) {
      const [oldest, old] = this.entries.entries().next().value!;
      this.drop(oldest, old.user.id);
    }
    this.entries.set(tokenHash, entry);
    let tokens = this.tokensOf.get(entry.user.id);
    if (!tokens) this.tokensOf.set(entry.user.id, (tokens = new Set()));
    tokens.add(tokenHash);
  }

  private drop(tokenHash: string, userId: number): void {
    this.entries.delete(tokenHash);
    const tokens = this.tokensOf.get(userId);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.tokensOf.delete(userId);
  }
}
