import { eq, isNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examAttempts, examHistory } from '../../server/db/schema.ts';
import { draftBatchStatement, type DraftWrite } from '../../server/services/draft-writes.service.ts';
import { parallelStatements } from '../../server/db/client.ts';
import { SERVER_BUSY } from '../../server/plugins/overload.ts';
import { createTestApp, insertCompletePackage, startedExam, statementsOf, testDb, toReading, type TestContext } from './helpers.ts';

let ctx: TestContext;
let paket: { id: number; keys: Map<number, string> };
beforeAll(async () => {
  // The learning records are written after a submission; here only when the test asks for them.
  ctx = await createTestApp({ LOGIN_MAX_PER_IP: '1000', EXAM_OUTCOMES_DELAY_MS: '60000' });
  paket = await insertCompletePackage(ctx.database.db, { durasi: [600, 500, 900] });
});
afterAll(async () => ctx.close());

// The final submission: one statement claiming the attempt, storing the history (with the outcomes
// Buku Kesalahan is written from) and updating the user. The guard is kept (decision 027), and the
// package's keys come with its kept content (exam-soal-cache.service.ts), read once when the
// learner fetched the questions.
const SUBMIT_STATEMENTS = 1;
const REPEAT_STATEMENTS = 2;

let seq = 0;
const runningExam = async () => {
  seq += 1;
  return (await startedExam(ctx, paket.id, `0815${String(seq).padStart(8, '0')}`)).c;
};

/** A participant in reading (listening and written ended early with Selesai). */
async function inReading() {
  const c = await runningExam();
  await toReading(c);
  return c;
}

const queriesOf = (call: () => Promise<{ statusCode: number; body: string }>) => statementsOf(ctx, call);

describe('queries per exam call (DESIGN section 10)', () => {
  // The guard is kept in memory once read (tests/server/exam-guard-cache.test.ts).
  it('a timer refresh is one statement: session, user and open attempt together', async () => {
    const c = await runningExam();
    expect(await queriesOf(() => c.put('/api/soal/timers', { paketId: paket.id }))).toBe(1);
    expect(await queriesOf(() => c.get('/api/soal/timers'))).toBe(0);
  });

  it('a draft save is two: the same read, then one conditional write', async () => {
    const c = await runningExam();
    expect(await queriesOf(() => c.put('/api/soal/jawaban/draft', { index: 2, answers: { '1': '2' } }))).toBe(2);
    expect(await queriesOf(() => c.put('/api/soal/jawaban/draft', { index: 3, answers: { '2': '3' } }))).toBe(1);
    const draft = (await c.get('/api/soal/jawaban/draft')).json();
    expect(draft).toMatchObject({ index: 3, answers: { '1': '2', '2': '3' } });
  });

  it('saves arriving together are written in one statement, and every one is kept (decision 028)', async () => {
    const participants = await Promise.all(Array.from({ length: 8 }, () => runningExam()));
    // Each participant's guard is read once; after that a save is the write alone.
    for (const c of participants) await c.put('/api/soal/jawaban/draft', { index: 1, answers: { '1': '1' } });
    const saves = await queriesOf(async () => {
      const answers = await Promise.all(
        participants.map((c, i) => c.put('/api/soal/jawaban/draft', { index: 5, answers: { '2': String((i % 4) + 1) } })),
      );
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      return answers[0]!;
    });
    // Read in the same turn of the event loop, the eight share one statement; on PostgreSQL the
    // sync point before each read (decision 027) may let the first few through a turn earlier.
    expect(saves).toBeLessThanOrEqual(2);
    for (const [i, c] of participants.entries()) {
      expect((await c.get('/api/soal/jawaban/draft')).json()).toMatchObject({ index: 5, answers: { '1': '1', '2': String((i % 4) + 1) } });
    }
  });

  it('a batch of drafts looks each attempt up by its key instead of reading them all', async () => {
    // Enough attempts that reading them all would cost: the planner sees the table's true size.
    await ctx.database.db.execute(sql`insert into ${examAttempts} (user_id, finished_at)
      select (select min(id) from users), now() from generate_series(1, 2000)`);
    await ctx.database.db.execute(sql`analyze ${examAttempts}`);
    const [open] = await ctx.database.db.select().from(examAttempts).where(isNull(examAttempts.finishedAt)).limit(1);
    const write = {
      id: open!.id,
      version: '0',
      answersChanged: {},
      answeredAtChanged: {},
      audioPositionsChanged: {},
      currentIndex: 1,
      playedAudio: [],
      draftSavedAt: new Date(),
    };
    // Both drivers answer a raw statement as `{ rows }`.
    const plan: unknown = await ctx.database.db.execute(sql`explain ${draftBatchStatement([write])}`);
    const rows = (plan as { rows: { 'QUERY PLAN': string }[] }).rows;
    const text = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).not.toMatch(/Seq Scan on exam_attempts/);
    expect(text).toMatch(/Index Cond: \(id = ANY/);
  });

  it('draft batches run one at a time on the embedded database and on half the pool on PostgreSQL', () => {
    // helpers.ts opens PostgreSQL with a pool of 5.
    expect(parallelStatements(ctx.database.db)).toBe(ctx.database.driver === 'pglite' ? 1 : 2);
  });

  it('two devices of one participant saving together keep both pages', async () => {
    const c = await runningExam();
    const other = await runningExam(); // keeps the statement busy, so both saves wait for the same batch
    await c.put('/api/soal/jawaban/draft', { index: 1, answers: { '1': '1' } });
    await other.put('/api/soal/jawaban/draft', { index: 1, answers: { '1': '1' } });
    const [, a, b] = await Promise.all([
      other.put('/api/soal/jawaban/draft', { index: 2, answers: { '2': '2' } }),
      c.put('/api/soal/jawaban/draft', { index: 3, answers: { '3': '3' } }),
      c.put('/api/soal/jawaban/draft', { index: 4, answers: { '4': '4' } }),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect((await c.get('/api/soal/jawaban/draft')).json()).toMatchObject({ answers: { '1': '1', '3': '3', '4': '4' } });
  });

  it('a save whose row changed after it was read (another device, a section change) merges under the lock instead', async () => {
    const c = await runningExam();
    await c.put('/api/soal/jawaban/draft', { index: 1, answers: { '1': '1' } });
    const [row] = await ctx.database.db.select().from(examAttempts).where(eq(examAttempts.currentIndex, 1)).limit(1);
    // Simulated race: the save reads the row, then another writer commits before its write (the
    // batched draft write of decision 028, the one raw statement of this call).
    const db = ctx.database.db;
    const realExecute = db.execute.bind(db);
    let raced = false;
    (db as { execute: typeof realExecute }).execute = (async (query: Parameters<typeof realExecute>[0]) => {
      if (!raced) {
        raced = true;
        await db
          .update(examAttempts)
          .set({ answers: { ...row!.answers, '3': '4' }, answeredAt: { ...row!.answeredAt, '3': new Date().toISOString() } })
          .where(eq(examAttempts.id, row!.id));
      }
      return realExecute(query);
    }) as typeof realExecute;
    try {
      const save = await c.put('/api/soal/jawaban/draft', { index: 4, answers: { '2': '2' } });
      expect(save.statusCode, save.body).toBe(200);
      expect(raced).toBe(true);
      // Neither the other writer's answer nor this save's is lost.
      expect(save.json()).toMatchObject({ index: 4, answers: { '1': '1', '2': '2', '3': '4' } });
    } finally {
      (db as { execute: typeof realExecute }).execute = realExecute;
    }
  });

  it('a batch PostgreSQL rolls back after a lost race for rows is merged under the lock, not failed', async () => {
    const c = await runningExam();
    await c.put('/api/soal/jawaban/draft', { index: 1, answers: { '1': '1' } });
    const db = ctx.database.db;
    const realExecute = db.execute.bind(db);
    let refused = 0;
    (db as { execute: typeof realExecute }).execute = (async (query: Parameters<typeof realExecute>[0]) => {
      if (refused === 0) {
        refused += 1;
        // As node-postgres raises it, wrapped by Drizzle.
        throw Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }) });
      }
      return realExecute(query);
    }) as typeof realExecute;
    try {
      const save = await c.put('/api/soal/jawaban/draft', { index: 2, answers: { '2': '3' } });
      expect(refused).toBe(1);
      expect(save.statusCode, save.body).toBe(200);
      expect(save.json()).toMatchObject({ index: 2, answers: { '1': '1', '2': '3' } });
    } finally {
      (db as { execute: typeof realExecute }).execute = realExecute;
    }
    expect((await c.get('/api/soal/jawaban/draft')).json()).toMatchObject({ index: 2, answers: { '1': '1', '2': '3' } });
  });

  it('a save whose locked merge loses a race for rows as well answers 503 with Retry-After, which the phone repeats, not 500', async () => {
    const c = await runningExam();
    await c.put('/api/soal/jawaban/draft', { index: 1, answers: { '1': '1' } });
    const db = ctx.database.db;
    const [realExecute, realTransaction] = [db.execute.bind(db), db.transaction.bind(db)];
    const lost = () =>
      Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('could not serialize access'), { code: '40001' }) });
    (db as { execute: unknown }).execute = async () => Promise.reject(lost());
    (db as { transaction: unknown }).transaction = async () => Promise.reject(lost());
    try {
      const save = await c.put('/api/soal/jawaban/draft', { index: 2, answers: { '2': '3' } });
      expect(save.statusCode, save.body).toBe(503);
      expect(save.headers['retry-after']).toBeDefined();
      expect(save.json()).toEqual({ message: SERVER_BUSY });
    } finally {
      (db as { execute: typeof realExecute }).execute = realExecute;
      (db as { transaction: typeof realTransaction }).transaction = realTransaction;
    }
    // Nothing of the refused save was kept; the next one is written.
    expect((await c.get('/api/soal/jawaban/draft')).json()).toMatchObject({ index: 1, answers: { '1': '1' } });
    expect((await c.put('/api/soal/jawaban/draft', { index: 2, answers: { '2': '3' } })).statusCode).toBe(200);
  });

  // Two lanes write at once on PostgreSQL, and a save repeated while its first copy still waits
  // (a phone's retry) puts one attempt in both batches. Here the order is forced: a third
  // connection holds the first row while one batch waits for it, then the other batch (listing the
  // rows the other way round) starts; released, the first batch takes the first row and wants the
  // second. Listed as they arrived, the second batch would hold that one: a deadlock.
  it.runIf(testDb === 'postgres')('two draft batches sharing attempts lock them in one order, so neither is rolled back', async () => {
    await runningExam();
    await runningExam();
    const db = ctx.database.db;
    // Both drivers answer a raw statement as `{ rows }`.
    const open: unknown = await db.execute(
      sql`select id, xmin::text as version from ${examAttempts} where finished_at is null order by id`,
    );
    const [first, second] = (open as { rows: { id: number; version: string }[] }).rows.slice(-2);
    const write = (r: { id: number; version: string }, answer: string): DraftWrite => ({
      id: r.id,
      version: r.version,
      answersChanged: { '1': answer },
      answeredAtChanged: { '1': new Date().toISOString() },
      audioPositionsChanged: {},
      currentIndex: 1,
      playedAudio: [],
      draftSavedAt: new Date(),
    });
    const holder = new pg.Client({ connectionString: ctx.databaseUrl });
    const watcher = new pg.Client({ connectionString: ctx.databaseUrl });
    await holder.connect();
    await watcher.connect();
    const waitingForLocks = async (n: number) => {
      const until = Date.now() + 10_000;
      for (;;) {
        const r = await watcher.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if (r.rows[0]!.n >= n) return;
        if (Date.now() > until) throw new Error(`${n} statements never waited for a lock`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const outcome = (p: Promise<unknown>) =>
      p.then(
        () => 'written',
        (e: Error) => `failed: ${(e.cause as { code?: string } | undefined)?.code ?? e.message}`,
      );
    try {
      await holder.query('begin');
      await holder.query('select id from exam_attempts where id = $1 for update', [first!.id]);
      const ascending = outcome(db.execute(draftBatchStatement([write(first!, '1'), write(second!, '1')])));
      await waitingForLocks(1);
      const descending = outcome(db.execute(draftBatchStatement([write(second!, '2'), write(first!, '2')])));
      await waitingForLocks(2);
      await holder.query('commit');
      expect([await ascending, await descending]).toEqual(['written', 'written']);
    } finally {
      await holder.end();
      await watcher.end();
    }
  });

  it('a final submission: 140 answers, Buku Kesalahan, the next package; its repeat only reads', async () => {
    const c = await inReading();
    // As the exam page does before the start screen.
    expect((await c.get('/api/soal')).statusCode).toBe(200);
    // Every fourth answer right: the rest goes into Buku Kesalahan.
    const answers = [...paket.keys].map(([page, key], i) => ({ id: page, answer: i % 4 === 0 ? key : key === '1' ? '2' : '1' }));
    expect(await queriesOf(() => c.post('/api/soal/jawaban', { answers }))).toBe(SUBMIT_STATEMENTS);
    expect(await queriesOf(() => c.post('/api/soal/jawaban', { answers }))).toBe(REPEAT_STATEMENTS);
    // Then, off the score's path: pending rows; the row locked, responses, cards, notebook, cleared;
    // pending rows again (none left).
    const before = ctx.database.backgroundQueryCount;
    await ctx.app.examOutcomes.idle();
    expect(ctx.database.backgroundQueryCount - before).toBe(7);
  });

  it('a submission is scored by the keys it reads itself when the kept content cannot be read', async () => {
    const c = await inReading();
    // A change drops what the exam's content cache kept, so the submission reads the content again.
    await ctx.database.db.execute(sql`update soal set pilihan_empat = pilihan_empat where paket_soal_id = ${paket.id} and page = 1`);
    const db = ctx.database.db;
    const realTransaction = db.transaction.bind(db);
    let refused = 0;
    (db as { transaction: unknown }).transaction = async () => {
      refused += 1;
      throw new Error('isi paket tidak lolos pemeriksaan');
    };
    try {
      const done = await c.post('/api/soal/jawaban', { answers: [{ id: 94, answer: paket.keys.get(94)! }] });
      expect(done.statusCode, done.body).toBe(200);
      expect(refused).toBeGreaterThan(0);
      expect(done.json()).toMatchObject({ readingCorrect: 1 });
    } finally {
      (db as { transaction: typeof realTransaction }).transaction = realTransaction;
    }
  });

  it("a submission whose row changed after it was read finishes under the lock instead, with the other writer's answer", async () => {
    const c = await inReading();
    await c.put('/api/soal/jawaban/draft', { index: 94, answers: { '94': '1' } });
    const [row] = await ctx.database.db.select().from(examAttempts).where(eq(examAttempts.currentIndex, 94)).limit(1);
    // Simulated race: the submission reads the row, then another device's save commits before the finishing statement.
    const realExecute = ctx.database.db.execute.bind(ctx.database.db);
    let raced = false;
    (ctx.database.db as { execute: typeof realExecute }).execute = (async (query: Parameters<typeof realExecute>[0]) => {
      if (!raced) {
        raced = true;
        await ctx.database.db
          .update(examAttempts)
          .set({ answers: { ...row!.answers, '95': '2' }, answeredAt: { ...row!.answeredAt, '95': new Date().toISOString() } })
          .where(eq(examAttempts.id, row!.id));
      }
      return realExecute(query);
    }) as typeof realExecute;
    try {
      const done = await c.post('/api/soal/jawaban', { answers: [{ id: 96, answer: '3' }] });
      expect(done.statusCode, done.body).toBe(200);
      expect(raced).toBe(true);
    } finally {
      (ctx.database.db as { execute: typeof realExecute }).execute = realExecute;
    }
    const history = await ctx.database.db.select().from(examHistory).where(eq(examHistory.attemptId, row!.id));
    expect(history).toHaveLength(1);
    const given = Object.fromEntries(history[0]!.answers.map((a) => [a.id, a.answer]));
    expect(given).toMatchObject({ 94: '1', 95: '2', 96: '3' });
  });
});
