import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_BUSY, type OverloadReason } from '../../server/plugins/overload.ts';
import { HashQueue, HashQueueFullError, hashPassword, hashThreads, verifyPassword } from '../../server/services/passwords.service.ts';
import { Client, createTestApp, holdDatabase, testDb, uniquePhone, type TestContext } from './helpers.ts';

/**
 * A call that reads the database every time (an unknown package answers 404 from a lookup): the
 * package list is served from memory on the embedded database once read (decision 024).
 */
const ON_DB = '/api/paket-soal/987654';

/** The production deadline (10 s), longer than the pool's 5 s acquire timeout. */
const ON_TIME = { REQUEST_DEADLINE_MS: '10000' };

const expectBusy = (res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }, reason: OverloadReason) => {
  expect(res.statusCode).toBe(503);
  expect(res.headers['x-overload']).toBe(reason);
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect((res.json() as { message: string }).message).toBe(SERVER_BUSY);
};

describe('database queue past its limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ OVERLOAD_DB_QUEUE_MAX: '3', OVERLOAD_RETRY_AFTER_SECONDS: '7', ...ON_TIME });
  });
  afterAll(async () => ctx.close());

  it('answers 503 with Retry-After before any work, while the health probe still reports the database', async () => {
    const real = ctx.database.queueDepth;
    const before = ctx.database.queryCount;
    ctx.database.queueDepth = () => 4;
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/paket-soal' });
      expectBusy(res, 'database-queue');
      expect(res.headers['retry-after']).toBe('7');
      expect(ctx.database.queryCount).toBe(before);
      const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      ctx.database.queueDepth = real;
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/paket-soal' })).statusCode).toBe(200);
  });

  it('a queue at the limit is still served', async () => {
    const real = ctx.database.queueDepth;
    ctx.database.queueDepth = () => 3;
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/paket-soal' })).statusCode).toBe(200);
    } finally {
      ctx.database.queueDepth = real;
    }
  });

  it.runIf(testDb === 'pglite')('PGlite refuses a call past its queue bound with 503, not 500', { timeout: 20_000 }, async () => {
    const hold = holdDatabase(ctx, 1);
    const limit = ctx.database.queueLimit;
    ctx.database.queueLimit = 1;
    try {
      const started = Date.now();
      expectBusy(await ctx.app.inject({ method: 'GET', url: ON_DB }), 'busy');
      // At once, not at the 10 s deadline.
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      ctx.database.queueLimit = limit;
      await hold.release();
    }
    expect((await ctx.app.inject({ method: 'GET', url: ON_DB })).statusCode).toBe(404);
  });

  it('the configured bound is twice the door limit, so a started request can finish its queries', () => {
    expect(ctx.database.queueLimit).toBe(6);
  });
});

describe.runIf(testDb === 'pglite')('expected wait in the embedded database queue past its limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ OVERLOAD_DB_WAIT_MS: '60', ...ON_TIME });
  });
  afterAll(async () => ctx.close());

  // About 20-40 ms of database work per call on this machine.
  const heavy = () => ctx.database.db.execute(sql`select count(*) from generate_series(1, 300000)`);

  it('answers 503 at once when the calls waiting would take longer than the limit, and lets requests in again after', async () => {
    // Back to back, so the time per call is learnt from busy gaps.
    await Promise.all(Array.from({ length: 20 }, heavy));
    expect(ctx.database.expectedWaitMs!()).toBe(0);
    const hold = holdDatabase(ctx, 1);
    const queued = Array.from({ length: 6 }, heavy);
    try {
      expect(ctx.database.expectedWaitMs!()).toBeGreaterThan(60);
      const started = Date.now();
      expectBusy(await ctx.app.inject({ method: 'GET', url: ON_DB }), 'database-queue');
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      await hold.release();
      await Promise.all(queued);
    }
    expect((await ctx.app.inject({ method: 'GET', url: ON_DB })).statusCode).toBe(404);
  });
});

/**
 * Decision 045: the embedded database's door refuses a final submission by its expected wait only
 * past the request deadline; every other call past `OVERLOAD_DB_WAIT_MS`.
 */
describe.runIf(testDb === 'pglite')('a final submission at the embedded database door', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ OVERLOAD_DB_WAIT_MS: '1500', ...ON_TIME });
  });
  afterAll(async () => ctx.close());

  const submit = () => ctx.app.inject({ method: 'POST', url: '/api/soal/jawaban', payload: { answers: [] } });
  const withExpectedWait = async <T>(ms: number, run: () => Promise<T>): Promise<T> => {
    const real = ctx.database.expectedWaitMs;
    ctx.database.expectedWaitMs = () => ms;
    try {
      return await run();
    } finally {
      ctx.database.expectedWaitMs = real;
    }
  };

  it('is let in while the wait fits the deadline, where any other call is refused', async () => {
    await withExpectedWait(1_501, async () => {
      expectBusy(await ctx.app.inject({ method: 'GET', url: ON_DB }), 'database-queue');
      // Let in, it reaches the session check: no cookie, so 401 (the door did not answer).
      expect((await submit()).statusCode).toBe(401);
    });
    await withExpectedWait(10_000, async () => expect((await submit()).statusCode).toBe(401));
  });

  it('is refused at once when even the deadline would not cover the wait', async () => {
    expectBusy(await withExpectedWait(10_001, submit), 'database-queue');
  });

  it('is refused by the count of waiting calls like every other call', async () => {
    const real = ctx.database.queueDepth;
    ctx.database.queueDepth = () => 1_001;
    try {
      expectBusy(await submit(), 'database-queue');
    } finally {
      ctx.database.queueDepth = real;
    }
  });
});

describe('request deadline', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ REQUEST_DEADLINE_MS: '400' });
  });
  afterAll(async () => ctx.close());

  it('a request stuck behind a busy database answers 503 with Retry-After at the deadline', async () => {
    const hold = holdDatabase(ctx);
    try {
      const started = Date.now();
      const res = await ctx.app.inject({ method: 'GET', url: ON_DB });
      expectBusy(res, 'deadline');
      expect(Date.now() - started).toBeLessThan(4_000);
    } finally {
      await hold.release();
    }
    expect((await ctx.app.inject({ method: 'GET', url: ON_DB })).statusCode).toBe(404);
  });

  it('a quick request is not touched by the deadline timer afterwards', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(res.statusCode).toBe(200);
  });
});

describe.runIf(testDb === 'postgres')('PostgreSQL pool wait past its acquire timeout', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(ON_TIME);
  });
  afterAll(async () => ctx.close());

  it('answers 503 with Retry-After and the Indonesian message, not 500', { timeout: 20_000 }, async () => {
    const hold = holdDatabase(ctx);
    try {
      expectBusy(await ctx.app.inject({ method: 'GET', url: '/api/paket-soal' }), 'busy');
    } finally {
      await hold.release();
    }
  });
});

describe('event loop lag', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ OVERLOAD_EVENT_LOOP_DELAY_MS: '20' });
  });
  afterAll(async () => ctx.close());

  it('sheds with 503 + Retry-After while the loop lags, keeps the health route, and recovers', { timeout: 20_000 }, async () => {
    const app = ctx.app as typeof ctx.app & { isUnderPressure(): boolean };
    const block = setInterval(() => {
      const until = Date.now() + 120;
      while (Date.now() < until);
    }, 5);
    let shed: Awaited<ReturnType<typeof app.inject>> | undefined;
    let health: Awaited<ReturnType<typeof app.inject>> | undefined;
    try {
      for (let i = 0; i < 40 && !shed; i += 1) {
        await new Promise((r) => setTimeout(r, 50));
        if (!app.isUnderPressure()) continue;
        const [res, h] = await Promise.all([
          app.inject({ method: 'GET', url: '/api/site' }),
          app.inject({ method: 'GET', url: '/api/health' }),
        ]);
        if (res.statusCode === 503) [shed, health] = [res, h];
      }
    } finally {
      clearInterval(block);
    }
    expect(shed).toBeDefined();
    expectBusy(shed!, 'event-loop');
    expect(health!.statusCode).toBe(200);
    for (let i = 0; i < 40 && app.isUnderPressure(); i += 1) await new Promise((r) => setTimeout(r, 100));
    expect((await app.inject({ method: 'GET', url: '/api/site' })).statusCode).toBe(200);
  });
});

describe('password hashing queue', () => {
  it('runs at most `concurrency` at once and refuses past the queue bound', async () => {
    const q = new HashQueue(2, 1);
    let running = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    const job = () =>
      q.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise<void>((r) => releases.push(r));
        running -= 1;
      });
    const a = job();
    const b = job();
    const c = job();
    await expect(job()).rejects.toBeInstanceOf(HashQueueFullError);
    await new Promise((r) => setTimeout(r, 10));
    expect(peak).toBe(2);
    expect(q.depth).toBe(1);
    releases.shift()!();
    await a;
    await new Promise((r) => setTimeout(r, 10));
    expect(q.active).toBe(2);
    expect(q.depth).toBe(0);
    while (releases.length) releases.shift()!();
    await Promise.all([b, c]);
    await new Promise((r) => setTimeout(r, 10));
    while (releases.length) releases.shift()!();
    expect(q.active).toBe(0);
    expect(peak).toBe(2);
  });

  it.runIf(process.platform === 'linux')('hashes on threads that yield the CPU to the threads answering requests', async () => {
    const niceOf = (tid: string) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    };
    const configured = hashThreads.nice;
    hashThreads.nice = 7;
    const hash = await hashPassword('rahasia123');
    expect(await Promise.all([verifyPassword(hash, 'rahasia123'), verifyPassword(hash, 'salah'), verifyPassword('rusak', 'x')])).toEqual([
      true,
      false,
      false,
    ]);
    const lowered = readdirSync('/proc/self/task').filter((tid) => niceOf(tid) === 7);
    hashThreads.nice = configured;
    expect(lowered.length).toBeGreaterThan(0);
    // The thread answering this test (as the server's HTTP and database threads) keeps its priority.
    expect(niceOf(String(process.pid))).toBe(0);
  });

  describe('logins past the queue', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp({ PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE_MAX: '0', LOGIN_MAX_PER_IP: '1000' });
    });
    afterAll(async () => ctx.close());

    it('answer 503 with Retry-After and the login error field; the others sign in', async () => {
      const nohp = uniquePhone();
      await new Client(ctx.app).signUpAndIn({ nohp });
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => new Client(ctx.app).post('/api/users/login', { nohp, password: 'rahasia123' })),
      );
      const codes = answers.map((r) => r.statusCode);
      expect(codes).toContain(200);
      expect(codes).toContain(503);
      expect(codes.every((c) => c === 200 || c === 503)).toBe(true);
      const refused = answers.find((r) => r.statusCode === 503)!;
      expectBusy(refused, 'busy');
      expect(refused.json()).toMatchObject({ error: SERVER_BUSY });
    });
  });
});
