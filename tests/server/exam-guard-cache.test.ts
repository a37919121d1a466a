import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_CHANGES_APPLICATION } from '../../server/db/pg-changes.ts';
import { examAttempts, sessions, users } from '../../server/db/schema.ts';
import { ExamGuardCache, type GuardEntry } from '../../server/services/exam-guard-cache.service.ts';
import { until } from '../until.ts';
import type { UserRow } from '../../server/db/schema.ts';
import { adminClient, createTestApp, insertCompletePackage, startedExam, statementsOf, testDb, type TestContext } from './helpers.ts';

const entryFor = (userId: number, expiresInMs = 60_000): GuardEntry => ({
  user: { id: userId } as UserRow,
  attempt: null,
  version: null,
  sessionExpiresAt: Date.now() + expiresInMs,
});

describe('the exam guard cache: what it may keep (docs/decisions/024)', () => {
  it('keeps a read no change overtook, and serves it until its session ends', () => {
    const cache = new ExamGuardCache();
    const ticket = cache.ticket('a');
    expect(cache.put(ticket, entryFor(1))).toBe(true);
    expect(cache.get('a', Date.now())?.entry.user.id).toBe(1);
    expect(cache.get('a', Date.now() + 61_000)).toBeNull();
    expect(cache.get('a', Date.now())).toBeNull();
  });

  it('refuses a read a change of its learner overtook, and keeps one of another learner', () => {
    const cache = new ExamGuardCache();
    const mine = cache.ticket('a');
    const theirs = cache.ticket('b');
    cache.changedFor('1');
    expect(cache.put(mine, entryFor(1))).toBe(false);
    expect(cache.put(theirs, entryFor(2))).toBe(true);
    expect(cache.get('a', Date.now())).toBeNull();
  });

  it("drops every session of a learner on that learner's change, and everything on '*'", () => {
    const cache = new ExamGuardCache();
    cache.put(cache.ticket('a'), entryFor(1));
    cache.put(cache.ticket('a2'), entryFor(1));
    cache.put(cache.ticket('b'), entryFor(2));
    cache.changedFor('1');
    expect([cache.get('a', Date.now()), cache.get('a2', Date.now())]).toEqual([null, null]);
    expect(cache.get('b', Date.now())).not.toBeNull();
    const before = cache.ticket('c');
    cache.changedFor('*');
    expect(cache.size).toBe(0);
    expect(cache.put(before, entryFor(3))).toBe(false);
  });

  it("keeps a draft save's own row only when no change of its learner was told since the save's ticket", () => {
    const cache = new ExamGuardCache();
    cache.put(cache.ticket('a'), entryFor(1));
    const served = cache.get('a', Date.now())!;
    // A draft save is not told (migration 0013): its row is kept.
    expect(cache.put(served.ticket, entryFor(1))).toBe(true);

    const again = cache.get('a', Date.now())!;
    cache.changedFor('1'); // e.g. an admin's extension while the save ran
    expect(cache.put(again.ticket, entryFor(1))).toBe(false);
  });

  it('serves and keeps nothing while the database is not telling, and nothing read before it told again', () => {
    let live = true;
    const cache = new ExamGuardCache(10, () => live);
    cache.put(cache.ticket('a'), entryFor(1));
    live = false;
    expect(cache.get('a', Date.now())).toBeNull();
    const during = cache.ticket('b');
    expect(cache.put(during, entryFor(2))).toBe(false);
    // Going live again tells '*' first (server/db/pg-changes.ts): a read begun before is refused.
    const before = cache.ticket('c');
    cache.changedFor('*');
    live = true;
    expect(cache.put(before, entryFor(3))).toBe(false);
    expect(cache.put(cache.ticket('c'), entryFor(3))).toBe(true);
    expect(cache.get('c', Date.now())?.entry.user.id).toBe(3);
  });

  it('freezes what it keeps, so no handler can change a later call in place', () => {
    const cache = new ExamGuardCache();
    const entry = entryFor(1);
    cache.put(cache.ticket('a'), entry);
    expect(() => {
      (entry.user as { id: number }).id = 2;
    }).toThrow(TypeError);
  });

  it('holds a bounded number of sessions, dropping the oldest', () => {
    const cache = new ExamGuardCache(2);
    for (const [token, id] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      cache.put(cache.ticket(token), entryFor(id));
    expect(cache.size).toBe(2);
    expect(cache.get('a', Date.now())).toBeNull();
    expect(cache.get('c', Date.now())?.entry.user.id).toBe(3);
  });
});

/** Through the real server and a real database: both tell of changes (decisions 024 and 027). */
describe('exam calls with the guard kept in memory', () => {
  let ctx: TestContext;
  let paket: { id: number; keys: Map<number, string> };
  beforeAll(async () => {
    ctx = await createTestApp({ LOGIN_MAX_PER_IP: '1000', EXAM_OUTCOMES_DELAY_MS: '60000' });
    paket = await insertCompletePackage(ctx.database.db, { durasi: [600, 500, 900] });
  });
  afterAll(async () => ctx.close());

  let seq = 0;
  const runningExam = () => {
    seq += 1;
    return startedExam(ctx, paket.id, `0816${String(seq).padStart(8, '0')}`);
  };
  const queriesOf = (call: () => Promise<{ statusCode: number; body: string }>) => statementsOf(ctx, call);

  it('answers a timer refresh from memory once read, and a draft save with its one write', async () => {
    const { c } = await runningExam();
    expect(await queriesOf(() => c.put('/api/soal/timers', { paketId: paket.id }))).toBe(1);
    expect(await queriesOf(() => c.put('/api/soal/timers', { paketId: paket.id }))).toBe(0);
    expect(await queriesOf(() => c.put('/api/soal/jawaban/draft', { index: 2, answers: { '1': '2' } }))).toBe(1);
    // The save kept the row it wrote: the next save and refresh read nothing.
    expect(await queriesOf(() => c.put('/api/soal/jawaban/draft', { index: 3, answers: { '2': '3' } }))).toBe(1);
    expect(await queriesOf(() => c.get('/api/soal/timers'))).toBe(0);
    expect((await c.get('/api/soal/jawaban/draft')).json()).toMatchObject({ index: 3, answers: { '1': '2', '2': '3' } });
  });

  it('shows a change made by any statement at once: an extension written by hand, the section it ends', async () => {
    const { c, userId } = await runningExam();
    await c.put('/api/soal/timers', { paketId: paket.id });
    const later = new Date(Date.now() + 42 * 60_000);
    await ctx.database.db.execute(sql`update exam_attempts set listening_ends_at = ${later.toISOString()} where user_id = ${userId}`);
    const t = (await c.put('/api/soal/timers', { paketId: paket.id })).json<{ endsAt: string }>();
    expect(Date.parse(t.endsAt)).toBe(later.getTime());
    // A draft saved on the kept row after that still lands, and so does the next one.
    expect((await c.put('/api/soal/jawaban/draft', { index: 4, answers: { '3': '1' } })).json()).toMatchObject({ answers: { '3': '1' } });
    await ctx.database.db.update(examAttempts).set({ sesi: 'written', writtenEndsAt: later }).where(eq(examAttempts.userId, userId));
    expect((await c.get('/api/soal/timers')).json()).toMatchObject({ sesi: 'written' });
  });

  it('an admin extension through the API reaches the next refresh', async () => {
    const admin = await adminClient(ctx);
    const { c, userId } = await runningExam();
    const before = (await c.put('/api/soal/timers', { paketId: paket.id })).json<{ endsAt: string }>();
    const [attempt] = await ctx.database.db.select().from(examAttempts).where(eq(examAttempts.userId, userId));
    const res = await admin.post(`/api/admin/ujian/${attempt!.id}/perpanjang`, { menit: 9, alasan: 'Listrik padam di lokasi' });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await c.put('/api/soal/timers', { paketId: paket.id })).json<{ endsAt: string }>();
    expect(Date.parse(after.endsAt) - Date.parse(before.endsAt)).toBe(9 * 60_000);
  });

  it('refuses a session the moment it is gone: signed out, deleted by hand, or its learner deleted', async () => {
    const out = await runningExam();
    await out.c.put('/api/soal/timers', { paketId: paket.id });
    const cookie = out.c.sessionCookie!;
    expect((await out.c.get('/api/users/logout')).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/soal/timers', headers: { cookie } })).statusCode).toBe(401);

    const byHand = await runningExam();
    await byHand.c.get('/api/soal/timers');
    await ctx.database.db.delete(sessions).where(eq(sessions.userId, byHand.userId));
    expect((await byHand.c.get('/api/soal/timers')).statusCode).toBe(401);

    const removed = await runningExam();
    await removed.c.get('/api/soal/timers');
    await ctx.database.db.delete(users).where(eq(users.id, removed.userId));
    expect((await removed.c.get('/api/soal/timers')).statusCode).toBe(401);
  });

  it('never serves a session past its end, with no write to tell it', async () => {
    const { c, userId } = await runningExam();
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 1500) })
      .where(eq(sessions.userId, userId));
    expect((await c.get('/api/soal/timers')).statusCode).toBe(200);
    expect(await queriesOf(() => c.get('/api/soal/timers'))).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect((await c.get('/api/soal/timers')).statusCode).toBe(401);
  });

  it('tells of every write but a draft save at its commit (the embedded database before the write answers)', async () => {
    const { userId } = await runningExam();
    // PostgreSQL tells just after a commit: the notices of the start are heard before listening here.
    await ctx.database.changesHeard?.();
    const seen: string[] = [];
    const stop = ctx.database.changes((channel, payload) => {
      if (channel === 'exam_guard') seen.push(payload);
    });
    try {
      // A draft save's columns alone are not told (migration 0013); a section's end is.
      await ctx.database.db
        .update(examAttempts)
        .set({ currentIndex: 7, answers: { '1': '2' }, draftSavedAt: new Date() })
        .where(eq(examAttempts.userId, userId));
      await ctx.database.changesHeard?.();
      expect(seen).toEqual([]);
      await ctx.database.db
        .update(examAttempts)
        .set({ listeningEndsAt: new Date(Date.now() + 60_000) })
        .where(eq(examAttempts.userId, userId));
      await ctx.database.changesHeard?.();
      expect(seen).toEqual([String(userId)]);
      await ctx.database.db.transaction(async (tx) => {
        await tx.update(users).set({ timeFactorPct: 125 }).where(eq(users.id, userId));
        // Told at the commit, not before.
        await ctx.database.changesHeard?.();
        expect(seen).toHaveLength(1);
      });
      await ctx.database.changesHeard?.();
      expect(seen).toEqual([String(userId), String(userId)]);
    } finally {
      stop();
    }
  });
});

/** PostgreSQL: other processes write too, and the listening connection can be lost (decision 027). */
describe.runIf(testDb === 'postgres')('the guard kept in memory on PostgreSQL', () => {
  let ctx: TestContext;
  let paket: { id: number; keys: Map<number, string> };
  let other: pg.Client;
  beforeAll(async () => {
    ctx = await createTestApp({ LOGIN_MAX_PER_IP: '1000', EXAM_OUTCOMES_DELAY_MS: '60000' });
    paket = await insertCompletePackage(ctx.database.db, { durasi: [600, 500, 900] });
    other = new pg.Client({ connectionString: ctx.databaseUrl });
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
    await ctx.close();
  });

  it('serves a kept answer only after hearing every change committed before the request, by any process', async () => {
    const { c, userId } = await startedExam(ctx, paket.id, '081655500001');
    await c.put('/api/soal/timers', { paketId: paket.id });
    expect(await statementsOf(ctx, () => c.get('/api/soal/timers'))).toBe(0);
    for (let i = 1; i <= 5; i++) {
      const later = new Date(Date.now() + (30 + i) * 60_000);
      await other.query('update exam_attempts set listening_ends_at = $1 where user_id = $2', [later, userId]);
      expect(Date.parse((await c.get('/api/soal/timers')).json<{ endsAt: string }>().endsAt)).toBe(later.getTime());
    }
    await other.query('delete from sessions where user_id = $1', [userId]);
    expect((await c.get('/api/soal/timers')).statusCode).toBe(401);
  });

  it('keeps nothing while its listening connection is lost, and listens again', async () => {
    const { c } = await startedExam(ctx, paket.id, '081655500002');
    await c.put('/api/soal/timers', { paketId: paket.id });
    expect(await statementsOf(ctx, () => c.get('/api/soal/timers'))).toBe(0);
    const { rows } = await other.query<{ ended: boolean }>(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1 and datname = current_database()',
      [PG_CHANGES_APPLICATION],
    );
    expect(rows).toEqual([{ ended: true }]);
    await until(() => !ctx.database.changesLive());
    // Read from the database, and the answer not kept.
    expect(await statementsOf(ctx, () => c.get('/api/soal/timers'))).toBe(1);
    expect(await statementsOf(ctx, () => c.get('/api/soal/timers'))).toBe(1);
    await until(() => ctx.database.changesLive());
    expect(await statementsOf(ctx, () => c.get('/api/soal/timers'))).toBe(1);
    expect(await statementsOf(ctx, () => c.get('/api/soal/timers'))).toBe(0);
  });
});
