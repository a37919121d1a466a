/**
 * The HTTP thread's handle on the embedded database running in server/db/pglite-worker.ts: the
 * part of PGlite's interface Drizzle uses (`query`, `exec`, `transaction`), each call a message.
 * docs/decisions/022-embedded-database-off-the-http-thread.md says why.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { siblingModule, startModuleWorker } from '../threads.ts';
import {
  CHANGE_CHANNELS,
  toError,
  type ChangeChannel,
  type Notice,
  type Ready,
  type Reply,
  type Request,
  type WorkerStart,
} from './pglite-protocol.ts';

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };
type Results = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
type Body = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

/** What a transaction's callback gets, as PGlite's own `Transaction` would give it. */
export interface ThreadTransaction {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results & { rows: T[] }>;
  exec(sql: string): Promise<Results[]>;
}

const CLOSED = 'PGlite is closed';

/** From source (tsx, tests) these files are .ts and a child process needs tsx's loader. */
const fromSource = import.meta.url.endsWith('.ts');
const sibling = (name: string) => siblingModule(import.meta.url, name);
const resolveHere = createRequire(import.meta.url).resolve;

function createCluster(dataDir: string, migrationsDir: string): Promise<void> {
  const loader = fromSource ? ['--import', pathToFileURL(resolveHere('tsx')).href] : [];
  const child = spawn(process.execPath, [...loader, fileURLToPath(sibling('pglite-init')), dataDir, migrationsDir], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`creating the database in ${dataDir} failed (exit ${code})`))));
  });
}

export class PgliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  private nextId = 1;
  private closed = false;
  private readonly noticeListeners = new Set<(channel: ChangeChannel, payload: string) => void>();

  private constructor(worker: Worker) {
    this.worker = worker;
    // Replies come in batches (pglite-worker.ts), each notice ahead of the reply it came with.
    worker.on('message', (batch: (Reply | Notice)[]) => {
      for (const msg of batch) {
        if ('channel' in msg) {
          for (const listener of this.noticeListeners) listener(msg.channel, msg.payload);
          continue;
        }
        const call = this.pending.get(msg.id);
        if (!call) continue;
        this.pending.delete(msg.id);
        if (msg.ok) call.resolve(msg.value);
        else call.reject(toError(msg.error));
      }
    });
    // A worker that dies takes every open call with it; they fail the way a closed database does
    // (a 503 to the client, an unhealthy /api/health), not by hanging.
    const fail = (reason: string) => {
      this.closed = true;
      for (const call of this.pending.values()) call.reject(new Error(`${CLOSED}: ${reason}`));
      this.pending.clear();
      // Nothing will tell of changes any more: whatever was kept from this database goes.
      for (const listener of this.noticeListeners) for (const channel of CHANGE_CHANNELS) listener(channel, '*');
    };
    worker.on('error', (err) => fail(err.message));
    worker.on('exit', (code) => fail(`worker exited with code ${code}`));
  }

  /** Starts the worker, which opens the database and applies the migrations before it answers. */
  static async open(start: WorkerStart): Promise<PgliteThread> {
    // PGlite does not create missing parent folders (STACK-NOTES).
    if (start.dataDir) await mkdir(path.dirname(start.dataDir), { recursive: true });
    // Creating a cluster (initdb) takes about 600 MB that the thread running it keeps for as long
    // as it lives, and that the process's peak memory keeps for good: a child process creates it.
    if (start.dataDir && !existsSync(path.join(start.dataDir, 'PG_VERSION'))) await createCluster(start.dataDir, start.migrationsDir);
    return PgliteThread.start(start);
  }

  private static async start(start: WorkerStart): Promise<PgliteThread> {
    const options = {
      workerData: start,
      transferList: start.image ? [start.image] : [],
      // This thread's objects live for one statement; a small young generation holds them as well
      // as V8's default does. A 1,500-participant exam day: peak RSS 530 -> 459 MB, same p99.
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
    };
    const worker = startModuleWorker(sibling('pglite-worker'), options);
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`PGlite worker exited with code ${code} before it was ready`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', (msg: Ready) => {
        worker.off('error', reject);
        worker.off('exit', onExit);
        if (msg.ready) resolve();
        else reject(toError(msg.error));
      });
    });
    return new PgliteThread(worker);
  }

  private call<T>(body: Body): Promise<T> {
    if (this.closed) return Promise.reject(new Error(CLOSED));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...body, id });
    });
  }

  private statement<T>(tx: number | undefined, sql: string, params?: unknown[], options?: QueryOptions): Promise<Results & { rows: T[] }> {
    // Drizzle's parsers keep dates, timestamps and intervals as the text PostgreSQL sent; a
    // function cannot cross the thread, so the worker is told which types to keep as text.
    const textTypes = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    return this.call({ op: 'query', tx, sql, params, rowMode: options?.rowMode, textTypes });
  }

  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results & { rows: T[] }> {
    return this.statement<T>(undefined, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.call({ op: 'exec', sql });
  }

  /**
   * Runs `callback` inside one transaction of the worker: commits when it resolves, rolls back
   * when it throws. PGlite runs one transaction at a time, so other calls wait until it ends.
   */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error(CLOSED);
    const id = this.nextId++;
    await new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ op: 'begin', id } satisfies Request);
    });
    const tx: ThreadTransaction = {
      query: (sql, params, options) => this.statement(id, sql, params, options),
      exec: (sql) => this.call({ op: 'exec', tx: id, sql }),
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      await this.call({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      throw err;
    }
    await this.call({ op: 'end', tx: id, commit: true });
    return result;
  }

  /**
   * Calls `listener` with each change notice (pglite-protocol.ts), before the reply of the write
   * that sent it is settled. Returns the unsubscribe function.
   */
  onNotice(listener: (channel: ChangeChannel, payload: string) => void): () => void {
    this.noticeListeners.add(listener);
    return () => this.noticeListeners.delete(listener);
  }

  /** An image of the whole data directory, which a new database can start from. */
  async dumpDataDir(): Promise<Blob> {
    return new Blob([await this.call<ArrayBuffer>({ op: 'dump' })]);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.call({ op: 'close' }).catch(() => undefined);
    this.closed = true;
    await this.worker.terminate();
  }
}
