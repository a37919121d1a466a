/**
 * Starting one of the server's own modules on a worker thread, compiled or from source
 * (docs/decisions/022-embedded-database-off-the-http-thread.md).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type MessagePort, Worker, type WorkerOptions } from 'node:worker_threads';

const resolveHere = createRequire(import.meta.url).resolve;

/** Compiled, the server's files are .js beside each other; from source (tsx, tests) they are .ts. */
export function siblingModule(importMetaUrl: string, name: string): URL {
  return new URL(`./${name}${importMetaUrl.endsWith('.ts') ? '.ts' : '.js'}`, importMetaUrl);
}

export function startModuleWorker(moduleUrl: URL, options: WorkerOptions): Worker {
  if (!moduleUrl.pathname.endsWith('.ts')) return new Worker(moduleUrl, options);
  // From source the worker needs tsx's loader, which a worker inherits neither from a test runner
  // nor (on Node 20) through `--import`, so a two-line script loads it through tsx. tsx/esm/api's
  // ESM build: resolving the name from here gives its CommonJS build, whose import of its ESM half
  // fails inside a worker.
  const tsxApi = pathToFileURL(path.join(path.dirname(resolveHere('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  return new Worker(
    `import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.tsImport(${JSON.stringify(moduleUrl.href)}, ${JSON.stringify(import.meta.url)}));`,
    {
      ...options,
      eval: true,
    },
  );
}

/** A call to a thread started by `OnDemandThread`, and its answer. */
export interface ThreadCall<Job> {
  id: number;
  job: Job;
}
export type ThreadAnswer<Result> = { id: number; ok: true; value: Result } | { id: number; ok: false; message: string };

/**
 * The thread's side of `OnDemandThread`: answers each call with `work`'s value, or with the message
 * of what it threw (the caller's promise rejects with it). A synchronous `work` answers the calls
 * one at a time, in the order they came.
 */
export function answerThreadCalls<Job, Result>(port: MessagePort | null, work: (job: Job) => Result | Promise<Result>): void {
  if (!port) throw new Error('answerThreadCalls runs on a worker thread');
  const answer = async ({ id, job }: ThreadCall<Job>): Promise<ThreadAnswer<Result>> => {
    try {
      return { id, ok: true, value: await work(job) };
    } catch (err) {
      return { id, ok: false, message: err instanceof Error ? err.message : String(err) };
    }
  };
  port.on('message', (call: ThreadCall<Job>) => void answer(call).then((a) => port.postMessage(a)));
}

/** How long a thread started on demand waits for its next call before it ends. */
export const THREAD_IDLE_MS = 60_000;

/**
 * One of the server's modules on a thread of its own, started by the first call and ended once it
 * has had no call for `idleMs` (THREAD_IDLE_MS unless given): what it loads (argon2's buffers,
 * jsdom's whole DOM) then leaves the process's memory instead of staying for an exam day. A
 * thread with calls under way keeps the process alive (a script awaiting its answer); an idle one
 * does not. A thread that fails or exits rejects the calls it held; the next call starts another.
 */
export class OnDemandThread<Job, Result> {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, { resolve: (value: Result) => void; reject: (err: Error) => void }>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly moduleUrl: URL,
    private readonly options: WorkerOptions & { idleMs?: number; name: string },
  ) {}

  /** Calls under way. */
  get busy(): number {
    return this.pending.size;
  }

  /** Whether the thread is running now (started and not yet ended for idleness). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  call(job: Job): Promise<Result> {
    clearTimeout(this.idleTimer);
    const worker = (this.worker ??= this.start());
    worker.ref();
    const id = this.nextId++;
    return new Promise<Result>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, job } satisfies ThreadCall<Job>);
    });
  }

  /** Ends the thread now if it has no call under way (the next call starts it again). */
  stopIfIdle(): void {
    if (this.pending.size > 0 || !this.worker) return;
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    void worker.terminate();
  }

  private start(): Worker {
    const { idleMs = THREAD_IDLE_MS, name, ...workerOptions } = this.options;
    const worker = startModuleWorker(this.moduleUrl, workerOptions);
    worker.on('message', (answer: ThreadAnswer<Result>) => {
      const call = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      if (this.pending.size === 0 && this.worker === worker) {
        worker.unref();
        this.idleTimer = setTimeout(() => this.stopIfIdle(), idleMs).unref();
      }
      if (!call) return;
      if (answer.ok) call.resolve(answer.value);
      else call.reject(new Error(answer.message));
    });
    const lost = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      clearTimeout(this.idleTimer);
      const calls = [...this.pending.values()];
      this.pending.clear();
      for (const call of calls) call.reject(err);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`${name} thread exited with code ${code}`)));
    return worker;
  }
}
