import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_BUSY } from '../../server/plugins/overload.ts';
import { createTestApp, testDb, type TestContext } from './helpers.ts';

/** A call that reads the database every time (an unknown package answers 404 from a lookup). */
const ON_DB = '/api/paket-soal/987654';

/**
 * Decision 045: the embedded database's door refuses a final submission by its expected wait only
 * past the request deadline; every other call past `OVERLOAD_DB_WAIT_MS`.
 */
describe.runIf(testDb === 'pglite')('a final submission at the embedded database door', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ OVERLOAD_DB_WAIT_MS: '1500', REQUEST_DEADLINE_MS: '10000' });
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
  const refusedAtDoor = (res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) =>
    res.statusCode === 503 && res.headers['x-overload'] === 'database-queue' && (res.json() as { message: string }).message === SERVER_BUSY;

  it('is let in while the wait fits the deadline, where any other call is refused', async () => {
    await withExpectedWait(1_501, async () => {
      expect(refusedAtDoor(await ctx.app.inject({ method: 'GET', url: ON_DB }))).toBe(true);
      // Let in, it reaches the session check: no cookie, so 401 (the door did not answer).
      expect((await submit()).statusCode).toBe(401);
    });
    await withExpectedWait(10_000, async () => expect((await submit()).statusCode).toBe(401));
  });

  it('is refused at once when even the deadline would not cover the wait', async () => {
    const res = await withExpectedWait(10_001, submit);
    expect(refusedAtDoor(res)).toBe(true);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('is refused by the count of waiting calls like every other call', async () => {
    const real = ctx.database.queueDepth;
    ctx.database.queueDepth = () => 1_001;
    try {
      expect(refusedAtDoor(await submit())).toBe(true);
    } finally {
      ctx.database.queueDepth = real;
    }
  });
});
