/**
 * The messages between the HTTP thread and the thread that runs the embedded database
 * (server/db/pglite-worker.ts, server/db/pglite-thread.ts). Functions cannot cross a thread, so a
 * query names the result types to keep as text (`textTypes`) instead of passing parsers.
 */

export interface WorkerStart {
  dataDir?: string | undefined;
  /** A data directory image (`dumpDataDir`) to start from, moved to the worker. */
  image?: ArrayBuffer | undefined;
  migrationsDir: string;
}

export type Request =
  | { id: number; op: 'query'; tx?: number; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; textTypes?: number[] }
  | { id: number; op: 'exec'; tx?: number; sql: string }
  /** Opens a transaction named by this request's id; its statements carry `tx`. */
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** A database error's fields (code, constraint, detail...) survive the crossing as plain data. */
export type ErrorData = { message: string; name: string } & Record<string, unknown>;

export type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ErrorData };

/**
 * The channels of migrations 0012, 0013 and 0015. `exam_guard`: which learner's session, user or
 * open attempt a write changed (their id, or `*`; a draft save is not told); `paket_list`: the
 * public package list changed; `soal_content`: a package, its questions or passages changed.
 */
export const CHANGE_CHANNELS = ['exam_guard', 'paket_list', 'soal_content'] as const;
export type ChangeChannel = (typeof CHANGE_CHANNELS)[number];

/**
 * A notification on one of CHANGE_CHANNELS. It travels in the same batches as the replies and ahead
 * of the reply of the statement (or commit) that sent it, so the HTTP thread has dropped what the
 * write changed before that write's caller goes on.
 */
export type Notice = { channel: ChangeChannel; payload: string };

/** Sent once the database is open and migrated (or could not be). */
export type Ready = { ready: true } | { ready: false; error: ErrorData };

export function errorData(err: unknown): ErrorData {
  if (err instanceof Error) {
    const data: ErrorData = { message: err.message, name: err.name };
    for (const [key, value] of Object.entries(err)) {
      if (value === undefined || typeof value === 'function' || key === 'cause') continue;
      if (typeof value === 'object' && value !== null) continue;
      data[key] = value;
    }
    return data;
  }
  return { message: String(err), name: 'Error' };
}

export function toError(data: ErrorData): Error {
  const err = new Error(data.message);
  Object.assign(err, data);
  return err;
}
