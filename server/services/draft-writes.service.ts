import { sql, type SQL } from 'drizzle-orm';
import { countServedRequests, parallelStatements, type Db } from '../db/client.ts';
import { isLockConflict } from '../db/errors.ts';
import { examAttempts } from '../db/schema.ts';

/**
 * A draft save of one attempt, written only if the row is still at `version` (its xmin). The three
 * maps carry only the pages that changed: a save never removes a page from them, so the row as
 * read merged with these is the whole new value, and the statement parses a few entries per row
 * instead of all 140 answers with their times.
 */
export interface DraftWrite {
  id: number;
  version: string;
  answersChanged: Record<string, string>;
  answeredAtChanged: Record<string, string>;
  audioPositionsChanged: Record<string, number>;
  currentIndex: number;
  playedAudio: number[];
  draftSavedAt: Date;
}

/** The entries of `after` that `before` lacks or holds with another value. */
export function changedEntries<T>(before: Readonly<Record<string, T>>, after: Readonly<Record<string, T>>): Record<string, T> {
  const changed: Record<string, T> = {};
  for (const [key, value] of Object.entries(after)) if (before[key] !== value) changed[key] = value;
  return changed;
}

interface Waiting {
  write: DraftWrite;
  resolve: (version: string | null) => void;
  reject: (error: unknown) => void;
}

/**
 * Writes at most this many drafts in one statement (about 6 ms of the embedded database's thread):
 * past a few dozen rows a statement's fixed cost is already shared, and a longer one would hold up
 * the calls queued behind it (decision 028).
 */
export const MAX_DRAFTS_PER_STATEMENT = 64;

/**
 * Draft saves that arrive while a write is under way are written together, in one statement, as
 * soon as it ends (group commit, decision 028). Alone, a save is written at once (after the
 * requests read in the same turn of the event loop); under load, one
 * statement, one plan and one commit serve many participants instead of each paying for its own.
 * Every save still answers only after its own row is committed, so an acknowledged draft is as
 * durable as before, and each row keeps its own optimistic check: a row another call changed since
 * it was read is not written, and its save falls back to the locked merge.
 */
export class DraftWrites {
  private waiting: Waiting[] = [];
  private running = 0;
  private scheduled = false;

  /**
   * `lanes`: statements under way at once. The embedded database runs one at a time, so one; on
   * PostgreSQL several, so saves use the pool's connections in parallel as before and batch only
   * once those lanes are busy.
   */
  constructor(
    private readonly db: Db,
    private readonly lanes: number,
  ) {}

  /**
   * The row's new version once committed, or null when it was not written: the row was changed
   * since `version` (or finished), or PostgreSQL rolled the batch back after a lost race for rows.
   * Either way the caller merges under the row's lock.
   */
  write(write: DraftWrite): Promise<string | null> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ write, resolve, reject });
      this.schedule();
    });
  }

  /**
   * Starts the next statement after the requests read in this turn of the event loop, if a lane is
   * free: answers sent together come back together, and one statement takes them all.
   */
  private schedule(): void {
    if (this.scheduled || this.running >= this.lanes || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.writeNext();
    });
  }

  private async writeNext(): Promise<void> {
    if (this.running >= this.lanes || this.waiting.length === 0) return;
    const batch = this.take();
    this.running += 1;
    // Another lane may take what arrives meanwhile.
    this.schedule();
    try {
      const versions = await writeBatch(
        this.db,
        batch.map((w) => w.write),
      );
      countServedRequests(this.db, batch.length);
      for (const w of batch) w.resolve(versions.get(w.write.id) ?? null);
    } catch (error) {
      // Rows lost to another writer (PostgreSQL rolled the whole statement back): every save takes
      // the locked merge, as for a row changed since it was read, instead of failing.
      if (isLockConflict(error)) for (const w of batch) w.resolve(null);
      else for (const w of batch) w.reject(error);
    } finally {
      this.running -= 1;
      this.schedule();
    }
  }

  /**
   * The next batch: the oldest saves, one per attempt. A second save of the same attempt waits for
   * the next statement (one row cannot take two updates in one); it was read at the same version
   * as the first, so it finds the row changed and merges under the lock, never dropping a page.
   */
  private take(): Waiting[] {
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    const ids = new Set<number>();
    for (const w of this.waiting) {
      if (batch.length < MAX_DRAFTS_PER_STATEMENT && !ids.has(w.write.id)) {
        ids.add(w.write.id);
        batch.push(w);
      } else rest.push(w);
    }
    this.waiting = rest;
    return batch;
  }
}

/**
 * One statement for the whole batch. The rows travel as one JSON parameter, so the statement's text
 * is the same for any batch size and the embedded database prepares it once (decision 022). The ids
 * travel again as an array: the planner cannot see how many rows the JSON holds (it assumes 100)
 * and would read every attempt to join them, while `id = any(...)` makes it look each one up by
 * its key.
 *
 * The rows go in the order of their ids. On PostgreSQL two batches may run at once (lanes), and a
 * save repeated while its first copy still waits puts one attempt in both; the plan locks rows in
 * the order the JSON lists them (or the index returns them), so batches listing them by arrival
 * could each hold a row the other waits for: a deadlock, one batch rolled back.
 */
export function draftBatchStatement(unordered: readonly DraftWrite[]): SQL {
  const writes = [...unordered].sort((a, b) => a.id - b.id);
  const rows = JSON.stringify(
    writes.map((w) => ({
      id: w.id,
      version: w.version,
      answers: w.answersChanged,
      answered_at: w.answeredAtChanged,
      current_index: w.currentIndex,
      played_audio: w.playedAudio,
      audio_positions: w.audioPositionsChanged,
      saved_at: w.draftSavedAt.toISOString(),
    })),
  );
  // An array literal as text: a string parameter is one the embedded database can prepare.
  const ids = `{${writes.map((w) => w.id).join(',')}}`;
  return sql`update ${examAttempts} as e set
      answers = e.answers || v.answers, answered_at = e.answered_at || v.answered_at,
      current_index = v.current_index, played_audio = v.played_audio,
      audio_positions = e.audio_positions || v.audio_positions, draft_saved_at = v.saved_at
    from jsonb_to_recordset(${rows}::jsonb) as v(id integer, version text, answers jsonb, answered_at jsonb,
      current_index integer, played_audio jsonb, audio_positions jsonb, saved_at timestamptz)
    where e.id = any(${ids}::integer[]) and e.id = v.id and e.finished_at is null and e.xmin::text = v.version
    returning e.id, e.xmin::text as version`;
}

async function writeBatch(db: Db, writes: readonly DraftWrite[]): Promise<Map<number, string>> {
  // Both drivers answer a raw statement as `{ rows }`.
  const result: unknown = await db.execute(draftBatchStatement(writes));
  return new Map((result as { rows: { id: number; version: string }[] }).rows.map((r) => [r.id, r.version]));
}

const writers = new WeakMap<Db, DraftWrites>();

/** The one batcher of a database handle (a transaction's handle never reaches here). */
export function draftWritesOf(db: Db): DraftWrites {
  let writer = writers.get(db);
  if (!writer) {
    writer = new DraftWrites(db, parallelStatements(db));
    writers.set(db, writer);
  }
  return writer;
}
