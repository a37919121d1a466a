import { hash, verify } from '@node-rs/argon2';

/** Refused because too many password checks already wait: the client is told to repeat later (503). */
export class HashQueueFullError extends Error {
  readonly code = 'HASH_QUEUE_FULL';
  constructor() {
    super('password hashing queue full');
    this.name = 'HashQueueFullError';
  }
}

/**
 * argon2 runs on libuv's worker threads (4 by default), which file reads and compression share.
 * A storm of logins would otherwise take all of them and the CPU the exam calls need; at most
 * `concurrency` hashes run at once and at most `queueMax` wait, the rest answer 503 at once.
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

/** The process's one hashing queue; buildApp sets its limits from the config (server/config.ts). */
export const hashQueue = new HashQueue(2, 200);

// @node-rs/argon2 defaults to argon2id (m=19456 KiB, t=2, p=1): about 13 ms a hash here (STACK-NOTES).
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

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so a login for an unknown number is not faster. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hash('not-a-real-password-only-for-timing');
  await verifyPassword(await dummyHash, password);
}
