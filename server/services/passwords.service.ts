import { onFirstUse } from '../first-use.ts';
import { OnDemandThread, siblingModule } from '../threads.ts';
import type { HashJob } from './password-worker.ts';

/** Refused because too many password checks already wait: the client is told to repeat later (503). */
export class HashQueueFullError extends Error {
  readonly code = 'HASH_QUEUE_FULL';
  constructor() {
    super('password hashing queue full');
    this.name = 'HashQueueFullError';
  }
}

/**
 * At most `concurrency` hashes run at once and at most `queueMax` wait, the rest answer 503 at
 * once: a storm of logins would otherwise take every core the exam calls need.
 */
export class HashQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private concurrency: number,
    private queueMax: number,
  ) {}

  configure(concurrency: number, queueMax: number): void {
    this.concurrency = concurrency;
    this.queueMax = queueMax;
  }

  get depth(): number {
    return this.waiting.length;
  }

  get active(): number {
    return this.running;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queueMax) throw new HashQueueFullError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, so `running` never drops below a waiting queue.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/**
 * The threads that compute argon2 (server/services/password-worker.ts), each at a lower scheduling
 * priority than the threads answering requests (`nice`). argon2 on libuv's pool ran at the same priority as
 * the HTTP and database threads, and a storm of 50 logins a second raised the exam calls' p99 to
 * 330 ms on the embedded database. One thread per hash running at once (the queue bounds them);
 * they end after a minute without work and are started again on the next hash.
 */
class HashThreads {
  private niceness = 0;
  private threads: OnDemandThread<HashJob, string | boolean>[] = [];

  /** The threads' niceness (config PASSWORD_HASH_NICE; 0 outside a server). Idle threads of another end. */
  get nice(): number {
    return this.niceness;
  }

  set nice(value: number) {
    if (value === this.niceness) return;
    this.niceness = value;
    // A thread's niceness is set as it starts: the idle ones end now, the busy ones once idle.
    for (const thread of this.threads) thread.stopIfIdle();
    this.threads = [];
  }

  run(job: HashJob): Promise<string | boolean> {
    let thread = this.threads.find((t) => t.busy === 0);
    if (!thread) {
      thread = new OnDemandThread(siblingModule(import.meta.url, 'password-worker'), {
        name: 'password',
        workerData: { nice: this.niceness },
        // Only short strings live on this thread's heap; argon2's memory is its own.
        resourceLimits: { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 32 },
      });
      this.threads.push(thread);
    }
    return thread.call(job);
  }
}

/** The process's hashing threads; buildApp sets their niceness from the config. */
export const hashThreads = new HashThreads();
const hash = async (password: string) => String(await hashThreads.run({ op: 'hash', password }));
const verify = async (passwordHash: string, password: string) =>
  (await hashThreads.run({ op: 'verify', hash: passwordHash, password })) === true;

/** The process's one hashing queue; buildApp sets its limits from the config (server/config.ts). */
export const hashQueue = new HashQueue(2, 200);

// argon2id (m=19456 KiB, t=2, p=1), @node-rs/argon2's defaults: about 13 ms a hash here (STACK-NOTES).
export const hashPassword = (password: string): Promise<string> => hashQueue.run(() => hash(password));

/** Verifies without throwing on a malformed stored hash (that is a failed login, not a 500). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return hashQueue.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

// Made once; a hash that failed (its thread gone) is made again rather than failing every later login.
const dummyHash = onFirstUse(() => hash('not-a-real-password-only-for-timing'));
/** Spends the same time as a real check, so a login for an unknown number is not faster. */
export async function burnPasswordCheck(password: string): Promise<void> {
  await verifyPassword(await dummyHash(), password);
}
