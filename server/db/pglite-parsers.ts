/**
 * The parsers each call to the embedded database passes with it (docs/decisions/022), kept apart
 * from the statements themselves (pglite-prepared.ts): a call's parsers decide how its answer is
 * read, not what runs.
 */
import { types } from '@electric-sql/pglite';

const keepText = (value: string) => value;
/** PGlite's result parser (its type is not exported by name). */
type Parser = (text: string, typeId?: number) => unknown;

/**
 * PGlite copies all of its parsers into a new object ({...all, ...own}) on every call given parsers
 * of its own. Drizzle gives each statement the same nine types to keep as text, and that copy was
 * a fifth of this thread's time on a small query. So the instance keeps the first set it is asked
 * for as text itself, and a call passes parsers only where it wants otherwise.
 */
export class ResultParsers {
  private keptAsText: ReadonlySet<number> | null = null;
  private readonly originals = new Map<number, Parser | undefined>();
  private readonly differences = new Map<string, Record<number, Parser> | undefined>();

  constructor(private readonly pg: { parsers: Record<number, Parser> }) {}

  /** The parsers a call that keeps `textTypes` as text must pass (none: `textTypes` not given). */
  differencesFor(textTypes: readonly number[] | undefined): Record<number, Parser> | undefined {
    if (!this.keptAsText && textTypes?.length) {
      for (const oid of textTypes) this.originals.set(oid, this.pg.parsers[oid]);
      for (const oid of textTypes) this.pg.parsers[oid] = keepText;
      this.keptAsText = new Set(textTypes);
      // What was worked out before is relative to the parsers as they were.
      this.differences.clear();
    }
    const key = textTypes?.join(',') ?? '';
    if (this.differences.has(key)) return this.differences.get(key);
    const wanted = new Set(textTypes ?? []);
    const own: Record<number, Parser> = {};
    for (const oid of wanted) if (!this.keptAsText?.has(oid)) own[oid] = keepText;
    for (const oid of this.keptAsText ?? []) if (!wanted.has(oid)) own[oid] = this.originals.get(oid) ?? types.parsers[oid] ?? keepText;
    const result = Object.keys(own).length > 0 ? own : undefined;
    // The sets come from the code (Drizzle's, or none), so a handful; a bound all the same.
    if (this.differences.size < 32) this.differences.set(key, result);
    return result;
  }
}
