/**
 * What makes an answer kept in memory exact while the database tells this process of changes
 * (decisions 024, 027 and 035), for every cache that keeps one (the package list, the exam's
 * questions): one owner of the rules, so the caches cannot drift apart.
 *
 * - A kept answer is served only once every notice committed before the request has been heard
 *   (`caughtUp`: PostgreSQL's shared sync point; the embedded database's notices arrive before the
 *   reply of the write that sent them).
 * - A read is kept only if no notice arrived while it ran and the database still tells (`ticket`,
 *   then `unchangedSince`): a change committing in between could otherwise leave older content kept.
 * - While the database cannot tell (`live` false), a cache reads its version row per request instead.
 */
export class ChangeNotices {
  private heardCount = 0;

  constructor(
    private readonly told: () => boolean = () => false,
    private readonly heard?: () => Promise<void>,
  ) {}

  /** Whether the database is telling this process of every change now. */
  live(): boolean {
    return this.told();
  }

  /** Resolves once every notice committed before the call has been heard. */
  async caughtUp(): Promise<void> {
    if (this.heard) await this.heard();
  }

  /** Counts a notice (the cache drops what it keeps itself). */
  arrived(): void {
    this.heardCount += 1;
  }

  /** Taken before a read that may be kept. */
  ticket(): number {
    return this.heardCount;
  }

  /** Whether a read begun at `ticket` may be kept. */
  unchangedSince(ticket: number): boolean {
    return this.heardCount === ticket && this.told();
  }
}
