import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { auditLog, examAttempts } from '../../server/db/schema.ts';
import { SERVER_BUSY } from '../../server/plugins/overload.ts';
import { auditLoaders } from '../../server/services/audit.service.ts';
import { until } from '../until.ts';
import {
  adminClient,
  createTestApp,
  holdDatabase,
  insertCompletePackage,
  startedExam,
  testDb,
  uniquePhone,
  type TestContext,
} from './helpers.ts';

/**
 * A stop (server/main.ts: SIGTERM -> app.close()) while requests run whose clients have already
 * gone: the close waits for them before the database closes, for no longer than its bound
 * (server/plugins/requests-in-flight.ts, decision 044). The requests travel over real
 * connections, since only a real socket can be dropped.
 */

type LogLine = { level: number; msg: string; running?: number };

/** What the app logged, as pino's JSON lines. */
function logSink() {
  const lines: LogLine[] = [];
  return { lines, write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
}
const errorsIn = (lines: LogLine[]) => lines.filter((line) => line.level >= 50);
const stillRunningIn = (lines: LogLine[]) =>
  lines.filter((line) => line.msg === 'closing with requests still running').map((line) => line.running);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** PGlite's one lane, or every connection of the test pool. */
const lanes = testDb === 'pglite' ? 1 : 5;

/** Listens on a free port; tells how many requests' bodies are being read, and how many were. */
async function listen(ctx: TestContext) {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const requests: http.IncomingMessage[] = [];
  let bodiesRead = 0;
  ctx.app.server.on('request', (req: http.IncomingMessage) => {
    requests.push(req);
    req.on('end', () => (bodiesRead += 1));
  });
  return {
    port: (ctx.app.server.address() as AddressInfo).port,
    // Fastify listens for a body's data once every onRequest hook (the session check) is done.
    bodiesBeingRead: () => requests.filter((req) => req.listenerCount('data') > 0 && !req.readableEnded && !req.destroyed).length,
    bodiesRead: () => bodiesRead,
  };
}
type Server = Awaited<ReturnType<typeof listen>>;

/**
 * A request on a connection of its own, its body sent but for the last byte until `finish()`
 * (when `holdLastByte`). `leave()` drops it, as a phone losing its link does.
 */
function send(server: Server, method: string, url: string, cookie: string | undefined, body: unknown, holdLastByte = false) {
  const payload = Buffer.from(JSON.stringify(body));
  const headers = { 'content-type': 'application/json', 'content-length': String(payload.length), ...(cookie ? { cookie } : {}) };
  const req = http.request({ host: '127.0.0.1', port: server.port, method, path: url, agent: false, headers });
  const answered = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
  // Once the client leaves, its own error is expected.
  answered.catch(() => undefined);
  if (holdLastByte) req.write(payload.subarray(0, -1));
  else req.end(payload);
  return { answered, finish: () => req.end(payload.subarray(-1)), leave: () => req.destroy() };
}

const connectionsGone = (ctx: TestContext) =>
  until(() => new Promise<boolean>((resolve) => ctx.app.server.getConnections((_err, count) => resolve(count === 0))));

type Learner = { cookie: string; userId: number };

async function learners(ctx: TestContext, count: number): Promise<Learner[]> {
  const { id: paketId } = await insertCompletePackage(ctx.database.db);
  const all: Learner[] = [];
  for (let i = 0; i < count; i++) {
    const { c, userId } = await startedExam(ctx, paketId, uniquePhone());
    all.push({ cookie: c.sessionCookie!, userId });
  }
  return all;
}

const SAVE = { index: 1, answers: { '1': '2' } };

type Hold = { release: () => Promise<void> };

/** Lets every hold go (a test's cleanup, whether it passed or not); a hold let go twice is harmless. */
async function releaseAll(holds: Hold[]): Promise<void> {
  for (const hold of holds.splice(0)) await hold.release();
}

/**
 * Holds the learners' attempt rows, changed: on PostgreSQL their draft saves wait for the lock; on
 * PGlite, one call at a time, every other call waits. Once let go, each save finds its row changed
 * since its session check read it, and saves again in a transaction of several statements: the
 * work a close must not cut.
 */
function holdAttempts(ctx: TestContext, group: Learner[]) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const ready = new Promise<void>((resolve) => (holding = resolve));
  const ids = group.map((l) => l.userId);
  const held = ctx.database.db.transaction(async (tx) => {
    await tx
      .update(examAttempts)
      .set({ currentIndex: sql`${examAttempts.currentIndex}` })
      .where(inArray(examAttempts.userId, ids));
    holding();
    await gate;
  });
  return {
    ready,
    release: async () => {
      release();
      await held;
    },
  };
}

/**
 * Each learner's draft save passes its session check, then waits in its handler for the held
 * attempt rows; then every client leaves. The body's last byte comes only once the rows are held:
 * on PGlite the session check itself would wait for them otherwise, and never read the body.
 */
async function savesLeftBehind(ctx: TestContext, server: Server, group: Learner[], holds: Hold[]): Promise<Hold> {
  const clients = group.map((l) => send(server, 'PUT', '/api/soal/jawaban/draft', l.cookie, SAVE, true));
  await until(() => server.bodiesBeingRead() === group.length);
  const hold = holdAttempts(ctx, group);
  holds.push(hold);
  await hold.ready;
  const before = server.bodiesRead();
  for (const client of clients) client.finish();
  await until(() => server.bodiesRead() === before + group.length);
  for (const client of clients) client.leave();
  await connectionsGone(ctx);
  return hold;
}

/** Each learner's answer to question 1 as stored now. */
async function savedAnswers(db: TestContext['database']['db'], group: Learner[]): Promise<(string | undefined)[]> {
  const ids = group.map((l) => l.userId);
  const rows = await db
    .select({ userId: examAttempts.userId, answers: examAttempts.answers })
    .from(examAttempts)
    .where(inArray(examAttempts.userId, ids));
  return group.map((l) => rows.find((r) => r.userId === l.userId)?.answers['1']);
}

/** Until each learner's save, let go, is stored (before the test's database closes). */
const saved = (ctx: TestContext, group: Learner[]) =>
  until(async () => (await savedAnswers(ctx.database.db, group)).every((answer) => answer === '2'), 10_000);

/** Closes the app, lets the held work go `ms` later; whether the close had returned by then. */
async function closeReleasingAfter(ctx: TestContext, release: () => Promise<void>, ms: number): Promise<{ closedFirst: boolean }> {
  let closed = false;
  const closing = ctx.app.close().then(() => {
    closed = true;
  });
  await pause(ms);
  const closedFirst = closed;
  await release();
  await closing;
  return { closedFirst };
}

/**
 * An app (built with `env` and `options`) whose `count` learners' draft saves wait in their
 * handlers, their clients gone; `run` stops it. The holds are let go and the app closed after,
 * whether `run` passed or not.
 */
async function withSavesLeftBehind(
  count: number,
  env: Record<string, string>,
  options: Parameters<typeof createTestApp>[1],
  run: (ctx: TestContext, server: Server, group: Learner[], hold: Hold) => Promise<void>,
): Promise<void> {
  const ctx = await createTestApp(env, options);
  const holds: Hold[] = [];
  try {
    const group = await learners(ctx, count);
    const server = await listen(ctx);
    await run(ctx, server, group, await savesLeftBehind(ctx, server, group, holds));
  } finally {
    await releaseAll(holds);
    await ctx.close();
  }
}

describe('a stop while requests whose clients left still run', () => {
  it('waits for their draft saves: each is written when close returns', async () => {
    const log = logSink();
    await withSavesLeftBehind(4, {}, { logTo: log }, async (ctx, _server, group, hold) => {
      const { closedFirst } = await closeReleasingAfter(ctx, hold.release, 300);
      expect(closedFirst).toBe(false);
      expect(await savedAnswers(ctx.database.db, group)).toEqual(group.map(() => '2'));
      expect(errorsIn(log.lines)).toEqual([]);
    });
  });

  it('answers a request that comes while it waits with 503, Retry-After and the busy message', async () => {
    await withSavesLeftBehind(1, { OVERLOAD_RETRY_AFTER_SECONDS: '7' }, {}, async (ctx, server, _group, hold) => {
      const closing = ctx.app.close();
      await pause(100);
      // Fastify's own answer here was English ('Service Unavailable'), with no Retry-After.
      const res = await fetch(`http://127.0.0.1:${server.port}/api/paket-soal`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('7');
      expect(res.headers.get('x-overload')).toBe('stopping');
      expect(((await res.json()) as { message: string }).message).toBe(SERVER_BUSY);
      await hold.release();
      await closing;
    });
  });

  it('closes the database the app opened only after them: none fails on it', async () => {
    const log = logSink();
    await withSavesLeftBehind(4, {}, { logTo: log, ownDatabase: true }, async (ctx, _server, group, hold) => {
      const { closedFirst } = await closeReleasingAfter(ctx, hold.release, 300);
      expect(closedFirst).toBe(false);
      // 'PGlite is closed' or 'Cannot use a pool after calling end', had the database closed first.
      expect(errorsIn(log.lines)).toEqual([]);
      if (ctx.databaseUrl) {
        const reopened = await openDatabase({ kind: 'postgres', url: ctx.databaseUrl, poolMax: 1 });
        try {
          expect(await savedAnswers(reopened.db, group)).toEqual(group.map(() => '2'));
        } finally {
          await reopened.close();
        }
      }
    });
  });

  it('waits no longer than its bound for a request that does not end, and logs how many were left', async () => {
    const log = logSink();
    const ctx = await createTestApp({}, { logTo: log, stopWaitMs: 300 });
    const holds: Hold[] = [];
    const group = await learners(ctx, 1);
    let leftBehind = false;
    try {
      const server = await listen(ctx);
      await savesLeftBehind(ctx, server, group, holds);
      leftBehind = true;

      const started = Date.now();
      await ctx.app.close();
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(250);
      expect(took).toBeLessThan(5_000);
      expect(stillRunningIn(log.lines)).toEqual([1]);
    } finally {
      await releaseAll(holds);
      if (leftBehind) await saved(ctx, group);
      await ctx.close();
    }
  });

  it('counts every request down exactly once, however it ends', async () => {
    const log = logSink();
    // Long enough for every call that must be answered on a loaded test machine, short enough to wait for once.
    const ctx = await createTestApp({ REQUEST_DEADLINE_MS: '2000' }, { logTo: log, stopWaitMs: 300 });
    const [learner, leaver, last] = (await learners(ctx, 3)) as [Learner, Learner, Learner];
    const admin = await adminClient(ctx);
    const server = await listen(ctx);
    const holds: Hold[] = [];
    let lastLeftBehind = false;
    try {
      // Answered at once: a page, an unknown address, a refused guard, a refused body, an audited change.
      expect((await ctx.app.inject({ method: 'GET', url: '/api/site' })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/tidak-ada' })).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'PUT', url: '/api/users/update-password', payload: {} })).statusCode).toBe(401);
      const invalid = { index: 1, answers: { '1': '9' } };
      const refused = await ctx.app.inject({
        method: 'PUT',
        url: '/api/soal/jawaban/draft',
        payload: invalid,
        headers: { cookie: learner.cookie },
      });
      expect(refused.statusCode).toBe(400);
      expect((await admin.post('/api/admin/paket-soal', { nama_paket: 'Paket Hitung' })).statusCode).toBe(201);
      // Over a socket, to a client that stays: onSend and onResponse both run.
      expect(await send(server, 'PUT', '/api/soal/jawaban/draft', learner.cookie, SAVE).answered).toBe(200);

      // Shed at the door.
      const queueDepth = ctx.database.queueDepth;
      ctx.database.queueDepth = () => 1_000_000;
      try {
        expect((await ctx.app.inject({ method: 'GET', url: '/api/paket-soal' })).statusCode).toBe(503);
      } finally {
        ctx.database.queueDepth = queueDepth;
      }

      const database = holdDatabase(ctx, lanes);
      holds.push(database);
      await database.ready;
      // Answered 503 at the deadline while its handler still waits for the database.
      const late = await ctx.app.inject({ method: 'GET', url: '/api/paket-soal/987654' });
      expect(late.statusCode).toBe(503);
      expect(late.headers['x-overload']).toBe('deadline');
      // A client that leaves while its session is read, before its body is.
      const waiting = ctx.database.queueDepth();
      const early = send(server, 'PUT', '/api/users/update-password', learner.cookie, {});
      await until(() => ctx.database.queueDepth() > waiting);
      early.leave();
      await connectionsGone(ctx);
      await releaseAll(holds);

      // A client that leaves while its handler waits.
      await savesLeftBehind(ctx, server, [leaver], holds);
      await releaseAll(holds);
      await saved(ctx, [leaver]);

      // One left running: the close finds exactly one.
      await savesLeftBehind(ctx, server, [last], holds);
      lastLeftBehind = true;
      await ctx.app.close();
      expect(stillRunningIn(log.lines)).toEqual([1]);
    } finally {
      await releaseAll(holds);
      if (lastLeftBehind) await saved(ctx, [last]);
      await ctx.close();
    }
  });

  it("waits for an audited change's entry, written after its answer was made", async () => {
    const log = logSink();
    const ctx = await createTestApp({}, { logTo: log });
    const admin = await adminClient(ctx);
    const created = await admin.post('/api/admin/paket-soal', { nama_paket: 'Paket Sebelum' });
    const id = created.json<{ data: { id: number } }>().data.id;
    const server = await listen(ctx);

    // The entry's second read, after the answer is made, waits until `open`.
    const load = auditLoaders.paket;
    let reads = 0;
    let reached!: () => void;
    const atGate = new Promise<void>((resolve) => (reached = resolve));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    auditLoaders.paket = async (db, raw) => {
      reads += 1;
      if (reads === 2) {
        reached();
        await gate;
      }
      return load(db, raw);
    };
    try {
      const client = send(server, 'PUT', `/api/admin/paket-soal/${id}`, admin.sessionCookie, {
        nama_paket: 'Paket Sesudah',
        status: 'belum',
      });
      await atGate;
      client.leave();
      await connectionsGone(ctx);

      const { closedFirst } = await closeReleasingAfter(ctx, async () => open(), 300);
      expect(closedFirst).toBe(false);
      const entries = await ctx.database.db
        .select({ after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'paket.update'), eq(auditLog.entityId, String(id))));
      expect(entries).toEqual([{ after: expect.objectContaining({ namaPaket: 'Paket Sesudah' }) }]);
      expect(errorsIn(log.lines)).toEqual([]);
    } finally {
      auditLoaders.paket = load;
      open();
      await ctx.close();
    }
  });
});
