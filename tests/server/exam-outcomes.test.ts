import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { examHistory, mistakes, practiceResponses } from '../../server/db/schema.ts';
import { recordPendingOutcomes } from '../../server/services/exam-outcomes.service.ts';
import { createTestApp, insertCompletePackage, startedExam, toReading, type TestContext } from './helpers.ts';

/**
 * A finished exam's learning records (responses, Buku Kesalahan) are written after its score
 * (decision 023): by the background writer, or before any practice call of that learner reads them.
 */
type Paket = { id: number; keys: Map<number, string> };

/** An app whose background writer waits `delayMs` (EXAM_OUTCOMES_DELAY_MS), with one complete package. */
async function appWithWriterDelay(delayMs: string): Promise<{ ctx: TestContext; paket: Paket }> {
  const ctx = await createTestApp({ LOGIN_MAX_PER_IP: '1000', EXAM_OUTCOMES_DELAY_MS: delayMs });
  return { ctx, paket: await insertCompletePackage(ctx.database.db, { durasi: [600, 500, 900] }) };
}

let seq = 0;
/** Submitted in reading with the last `right` reading answers right (earlier sections: nothing saved, so wrong). */
async function submitted(ctx: TestContext, paket: Paket, right: number) {
  seq += 1;
  const { c, userId } = await startedExam(ctx, paket.id, `0817${String(seq).padStart(8, '0')}`);
  await toReading(c);
  const answers = [...paket.keys].map(([page, key]) => ({ id: page, answer: page > 143 - right ? key : key === '1' ? '2' : '1' }));
  const res = await c.post('/api/soal/jawaban', { answers });
  expect(res.statusCode).toBe(200);
  return { c, userId };
}

const recordsOf = async (ctx: TestContext, userId: number) => ({
  mistakes: (await ctx.database.db.select().from(mistakes).where(eq(mistakes.userId, userId))).length,
  responses: (await ctx.database.db.select().from(practiceResponses).where(eq(practiceResponses.userId, userId))).length,
  pending: (
    await ctx.database.db.select({ p: examHistory.pendingOutcomes }).from(examHistory).where(eq(examHistory.userId, userId))
  ).filter((r) => r.p !== null).length,
});

describe('the background writer', () => {
  let ctx: TestContext;
  let paket: Paket;
  beforeAll(async () => ({ ctx, paket } = await appWithWriterDelay('3000')));
  afterAll(async () => ctx.close());

  it("writes a submission's records on its own, after the score, once", async () => {
    const { userId } = await submitted(ctx, paket, 10);
    // The score came back before any record was written.
    expect(await recordsOf(ctx, userId)).toEqual({ mistakes: 0, responses: 0, pending: 1 });
    await vi.waitFor(async () => expect(await recordsOf(ctx, userId)).toEqual({ mistakes: 130, responses: 140, pending: 0 }), {
      timeout: 15_000,
      interval: 50,
    });
  });

  it("leaves its statements out of the requests' count, whenever it runs", async () => {
    const { userId } = await submitted(ctx, paket, 10);
    const [requests, background] = [ctx.database.queryCount, ctx.database.backgroundQueryCount];
    await ctx.app.examOutcomes.idle();
    expect(ctx.database.queryCount).toBe(requests);
    expect(ctx.database.backgroundQueryCount).toBeGreaterThan(background);
    expect(await recordsOf(ctx, userId)).toEqual({ mistakes: 130, responses: 140, pending: 0 });
  });

  it('gives way while calls wait for the database, then writes', async () => {
    // A run still going would take the new row at its own pace: start from a writer at rest.
    await ctx.app.examOutcomes.idle();
    const real = ctx.database.queueDepth;
    ctx.database.queueDepth = () => 3;
    try {
      const { userId } = await submitted(ctx, paket, 0);
      // Scheduled the delay (3 s) after the submission, then deferred up to the delay again while
      // calls wait: nothing before 6 s. Checked halfway, 1.5 s from either edge on a busy machine.
      await new Promise((r) => setTimeout(r, 4500));
      expect((await recordsOf(ctx, userId)).pending).toBe(1);
      ctx.database.queueDepth = real;
      await vi.waitFor(async () => expect(await recordsOf(ctx, userId)).toEqual({ mistakes: 140, responses: 140, pending: 0 }), {
        timeout: 15_000,
        interval: 50,
      });
    } finally {
      ctx.database.queueDepth = real;
    }
  });
});

describe("a learner's own records", () => {
  let ctx: TestContext;
  let paket: Paket;
  // The writer would not run during these tests: what is written is written by the calls under test.
  beforeAll(async () => ({ ctx, paket } = await appWithWriterDelay('60000')));
  afterAll(async () => ctx.close());

  it('are written before a practice call reads them', async () => {
    const { c, userId } = await submitted(ctx, paket, 20);
    expect((await recordsOf(ctx, userId)).pending).toBe(1);
    const notebook = await c.get('/api/practice/notebook');
    expect(notebook.statusCode).toBe(200);
    expect(notebook.json<{ entries: unknown[] }>().entries).toHaveLength(120);
    expect(await recordsOf(ctx, userId)).toEqual({ mistakes: 120, responses: 140, pending: 0 });
  });

  it('are written exactly once when several writers reach the same row', async () => {
    const { userId } = await submitted(ctx, paket, 40);
    const counts = await Promise.all([
      recordPendingOutcomes(ctx.database.db),
      recordPendingOutcomes(ctx.database.db, { userId }),
      recordPendingOutcomes(ctx.database.db, { limit: 1 }),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await recordsOf(ctx, userId)).toEqual({ mistakes: 100, responses: 140, pending: 0 });
  });

  it("stay pending for the other learners when one learner's are written", async () => {
    const a = await submitted(ctx, paket, 0);
    const b = await submitted(ctx, paket, 0);
    expect(await recordPendingOutcomes(ctx.database.db, { userId: a.userId })).toBe(1);
    expect((await recordsOf(ctx, b.userId)).pending).toBe(1);
    await ctx.app.examOutcomes.idle();
    expect((await recordsOf(ctx, b.userId)).pending).toBe(0);
  });
});
