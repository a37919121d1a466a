/**
 * Server-side prepared statements for the embedded database (docs/decisions/022). PGlite sends
 * every query as an unnamed statement, so PostgreSQL parses, analyses and plans it again each time;
 * in WebAssembly that is most of a small query's cost (the exam guard's join: 1.2 ms planned each
 * time, 0.15 ms prepared). A statement seen twice is prepared once (`PREPARE`) and afterwards run as
 * `EXECUTE name('arg', ...)`. PostgreSQL takes no parameters with EXECUTE over the wire, so the
 * arguments are written as quoted literals, which the prepared statement's parameter types read
 * exactly as PGlite's own serialisation would have sent them.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';

/** Plans held at once; each costs WebAssembly memory, and the exam calls need a few dozen. */
const MAX_PREPARED = 200;
/** Statements counted before the count starts over (admin lists vary their text with their filters). */
const MAX_SEEN = 5_000;

const PREPARABLE = /^\s*(select|insert|update|delete|with)\s/i;

/** Types whose PGlite serialiser turns a JS number into a date string; a literal number would not. */
const NUMBER_AS_TIME = /^(date|timestamp|time|interval)/;

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The arguments of an EXECUTE as SQL literals, or undefined when one of them cannot be written so
 * that it means what PGlite's serialiser would send (objects, bytes, dates, non-finite numbers).
 * Needs standard_conforming_strings on (the worker sets it): then a quote is the only character a
 * literal escapes.
 */
export function literalArgs(params: readonly unknown[], types: readonly string[]): string | undefined {
  const out: string[] = [];
  for (const [i, value] of params.entries()) {
    if (value === null || value === undefined) out.push('null');
    // A NUL would end the simple-protocol message inside the literal; sent as a parameter, it gets
    // PostgreSQL's own refusal instead.
    else if (typeof value === 'string') {
      if (value.includes('\0')) return undefined;
      out.push(quote(value));
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value) || NUMBER_AS_TIME.test(types[i] ?? '')) return undefined;
      out.push(quote(String(value)));
    } else if (typeof value === 'boolean' || typeof value === 'bigint') out.push(quote(String(value)));
    else return undefined;
  }
  return out.join(', ');
}

export class PreparedStatements {
  private readonly seen = new Map<string, number>();
  /** null: being prepared, or PostgreSQL would not prepare it; either way it runs as sent. */
  private readonly prepared = new Map<string, { name: string; types: string[] } | null>();
  private next = 0;

  /**
   * The text to run instead of `sql` with `params` on `target` (the database, or the transaction
   * the statement belongs to), or undefined to run it as sent.
   */
  async rewrite(
    sql: string,
    params: readonly unknown[],
    target: PGlite | Transaction,
    inTransaction: boolean,
  ): Promise<string | undefined> {
    let known = this.prepared.get(sql);
    if (known === undefined && this.prepared.size < MAX_PREPARED && PREPARABLE.test(sql)) {
      const count = (this.seen.get(sql) ?? 0) + 1;
      if (count < 2) {
        if (this.seen.size >= MAX_SEEN) this.seen.clear();
        this.seen.set(sql, count);
        return undefined;
      }
      this.seen.delete(sql);
      known = await this.prepare(target, inTransaction, sql);
    }
    if (!known) return undefined;
    const args = literalArgs(params, known.types);
    if (args === undefined) return undefined;
    return args ? `execute ${known.name}(${args})` : `execute ${known.name}`;
  }

  private async prepare(
    target: PGlite | Transaction,
    inTransaction: boolean,
    sql: string,
  ): Promise<{ name: string; types: string[] } | null> {
    this.prepared.set(sql, null);
    const name = `q${++this.next}`;
    // Inside a transaction a failed PREPARE would abort the caller's transaction; a savepoint
    // keeps the failure to itself. A prepared statement outlives the transaction either way.
    if (inTransaction) await target.exec('savepoint pglite_prepare');
    try {
      await target.exec(`prepare ${name} as ${sql}`);
      if (inTransaction) await target.exec('release savepoint pglite_prepare');
      const { rows } = await target.query<{ types: string[] }>(
        'select parameter_types::text[] as types from pg_prepared_statements where name = $1',
        [name],
      );
      const entry = { name, types: rows[0]?.types ?? [] };
      this.prepared.set(sql, entry);
      return entry;
    } catch {
      if (inTransaction) await target.exec('rollback to savepoint pglite_prepare').catch(() => undefined);
      // Left as sent: a statement PostgreSQL cannot type on its own fails the same way unprepared.
      return null;
    }
  }
}
