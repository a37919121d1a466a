import { sql } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { soalResponseSchema, type SoalResponse } from '../../contract/exam.ts';
import { acceptedEncoding } from '../../server/compression.ts';
import { ExamSoalCache } from '../../server/services/exam-soal-cache.service.ts';
import { examQuestions } from '../../server/services/exam.service.ts';
import {
  createTestApp,
  insertCompletePackage,
  startedExam,
  statementsOf,
  toReading,
  uniquePhone,
  type Client,
  type TestContext,
} from './helpers.ts';

let ctx: TestContext;
let paket: { id: number };
let learner: Client;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_PER_IP: '1000' });
  paket = await insertCompletePackage(ctx.database.db);
  learner = (await startedExam(ctx, paket.id, uniquePhone())).c;
});
afterAll(async () => ctx.close());

/** GET /api/soal as a browser on the given Accept-Encoding asks for it, decoded. */
async function soal(c: Client, acceptEncoding = 'gzip, deflate, br') {
  const res = await c.get('/api/soal', { 'accept-encoding': acceptEncoding });
  expect(res.statusCode).toBe(200);
  const encoding = res.headers['content-encoding'];
  const raw = res.rawPayload;
  const text = encoding === 'br' ? brotliDecompressSync(raw).toString() : encoding === 'gzip' ? gunzipSync(raw).toString() : raw.toString();
  return { res, encoding, body: JSON.parse(text) as SoalResponse };
}

/**
 * A write made beside the app (as psql or another instance would make it): on PostgreSQL on a
 * connection of its own, on the embedded database through its one session.
 */
async function writeBeside(statement: string): Promise<void> {
  if (!ctx.databaseUrl) {
    await ctx.database.db.execute(sql.raw(statement));
    return;
  }
  const client = new pg.Client({ connectionString: ctx.databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe('GET /api/soal kept whole and compressed (decision 035)', () => {
  it('answers what the database holds, in brotli, gzip or as it is, never kept by a browser', async () => {
    const expected = await examQuestions(ctx.database.db, paket.id);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const { res, body, encoding: sent } = await soal(learner, accept);
      expect(sent, accept).toBe(encoding);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.vary).toContain('accept-encoding');
      expect(body.paket.id).toBe(paket.id);
      // As the response schema sends them (a passage's package id is not part of it).
      expect(body.soal).toEqual(JSON.parse(JSON.stringify(soalResponseSchema.shape.soal.parse(expected))));
      expect(body.soal).toHaveLength(140);
    }
  });

  it('reads the package and its questions once: a repeated request reads nothing while the database tells of changes', async () => {
    await soal(learner);
    const repeated = await statementsOf(ctx, () => learner.get('/api/soal', { 'accept-encoding': 'br' }));
    // The guard is kept in memory too (decision 027).
    expect(repeated).toBe(0);
    await writeBeside(`update soal set pilihan_empat = pilihan_empat where paket_soal_id = ${paket.id} and page = 1`);
    const afterChange = await statementsOf(ctx, () => learner.get('/api/soal', { 'accept-encoding': 'br' }));
    expect(afterChange).toBeGreaterThan(repeated);
  });

  it('answers a question, a passage or a package changed beside the app at the very next request', async () => {
    const page1 = (b: SoalResponse) => b.soal.find((q) => q.page === 1)!;
    const before = (await soal(learner)).body;
    await writeBeside(`update soal set pilihan_satu = 'berubah di luar aplikasi' where paket_soal_id = ${paket.id} and page = 1`);
    expect(page1((await soal(learner)).body).pilihan_satu).toBe('berubah di luar aplikasi');
    expect(page1((await soal(learner, 'gzip')).body).pilihan_satu).toBe('berubah di luar aplikasi');

    const reading = before.soal.find((q) => q.readingQuestion)!;
    await writeBeside(`update question_reading set nama = 'Bacaan yang diganti' where id = ${reading.q_reading}`);
    const withPassage = (await soal(learner)).body.soal.find((q) => q.id === reading.id)!;
    expect(withPassage.readingQuestion?.nama).toBe('Bacaan yang diganti');

    await writeBeside(`update paket_soal set nama_paket = 'Nama paket baru' where id = ${paket.id}`);
    expect((await soal(learner)).body.paket.nama_paket).toBe('Nama paket baru');

    await writeBeside(`delete from soal where paket_soal_id = ${paket.id} and page = 140`);
    expect((await soal(learner)).body.soal).toHaveLength(139);
  });

  it('a burst of first requests after a change reads the questions once and answers each the same', async () => {
    const { cold, warm, burst, answers } = await withGuardUntold(async () => {
      await writeBeside(`update soal set pilihan_dua = 'pertama' where paket_soal_id = ${paket.id} and page = 2`);
      const cold = await statementsOf(ctx, () => learner.get('/api/soal', { 'accept-encoding': 'br' }));
      const warm = await statementsOf(ctx, () => learner.get('/api/soal', { 'accept-encoding': 'br' }));
      await writeBeside(`update soal set pilihan_dua = 'serentak' where paket_soal_id = ${paket.id} and page = 2`);
      const before = ctx.database.queryCount;
      const answers = await Promise.all(Array.from({ length: 10 }, () => soal(learner)));
      return { cold, warm, burst: ctx.database.queryCount - before, answers };
    });
    expect(cold).toBeGreaterThan(warm);
    // One request reads the questions; the nine others read what every request reads.
    expect(burst).toBe(cold + 9 * warm);
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    expect(answers[0]!.body.soal.find((q) => q.page === 2)!.pilihan_dua).toBe('serentak');
  });
});

/**
 * Runs a count of statements again (at most three times) while the exam guard was told to forget
 * during it, or the change notices were not live: on PostgreSQL a sync point not heard back within
 * 2 s, which a loaded test machine can take, drops the listener (it forgets everything it keeps)
 * until it has connected again, and meanwhile every request reads its guard again. A round starts
 * once the notices are live.
 */
async function withGuardUntold<T>(count: () => Promise<T>): Promise<T> {
  for (let round = 1; ; round++) {
    await expect.poll(() => ctx.database.changesLive(), { timeout: 10_000 }).toBe(true);
    let told = false;
    const unsubscribe = ctx.database.changes((channel) => {
      if (channel === 'exam_guard') told = true;
    });
    try {
      const result = await count();
      if ((!told && ctx.database.changesLive()) || round === 3) return result;
    } finally {
      unsubscribe();
    }
  }
}

describe('while the database is not telling', () => {
  it('reads the version row per request and the content once per version', async () => {
    const untold = new ExamSoalCache(() => false);
    const key = { paketId: paket.id, timeFactorPct: 100 };
    const first = await untold.answer(ctx.database.db, key);
    const before = ctx.database.queryCount;
    expect(await untold.answer(ctx.database.db, key)).toBe(first);
    expect(ctx.database.queryCount - before).toBe(1);
    await writeBeside(`update soal set pilihan_tiga = 'tanpa pemberitahuan' where paket_soal_id = ${paket.id} and page = 3`);
    const changed = await untold.answer(ctx.database.db, key);
    expect(changed).not.toBe(first);
    expect(changed.body()).toContain('tanpa pemberitahuan');
    // Another time factor is another answer over the same questions.
    expect(JSON.parse((await untold.answer(ctx.database.db, { ...key, timeFactorPct: 150 })).body()).paket.faktor_waktu_persen).toBe(150);
  });
});

describe('the keys a submission is scored by', () => {
  it('come with the kept content, and a key changed beside the app scores the very next submission', async () => {
    const inReading = async () => {
      const c = (await startedExam(ctx, paket.id, uniquePhone())).c;
      await toReading(c);
      return c;
    };
    const [first, second] = [await inReading(), await inReading()];
    // Page 94 is the first Reading question, the section both are in.
    // Both drivers answer a raw statement as `{ rows }`.
    const read: unknown = await ctx.database.db.execute(sql`select jawaban from soal where paket_soal_id = ${paket.id} and page = 94`);
    const key = (read as { rows: { jawaban: string }[] }).rows[0]!.jawaban;
    const other = key === '1' ? '2' : '1';
    const scored = async (c: Client, answer: string) => {
      const res = await c.post('/api/soal/jawaban', { answers: [{ id: 94, answer }] });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ readingCorrect: number }>().readingCorrect;
    };
    // The first submission is scored by the keys it keeps; then the key changes beside the app.
    expect(await scored(first, key)).toBe(1);
    await writeBeside(`update soal set jawaban = '${other}' where paket_soal_id = ${paket.id} and page = 94`);
    expect(await scored(second, other)).toBe(1);
  });

  it('are read with the version row per request while nothing is told, the content once per version', async () => {
    const untold = new ExamSoalCache(() => false);
    const first = await untold.keys(ctx.database.db, paket.id);
    expect(first.keys.length).toBeGreaterThan(100);
    const before = ctx.database.queryCount;
    expect(await untold.keys(ctx.database.db, paket.id)).toBe(first);
    expect(ctx.database.queryCount - before).toBe(1);
  });
});

describe('while the database tells of changes', () => {
  it('serves what it keeps only once every notice committed before the request is heard', async () => {
    // Notices this cache is not subscribed to, delivered by the sync point (as PostgreSQL's arrive).
    let pending = false;
    const cache: ExamSoalCache = new ExamSoalCache(
      () => true,
      async () => {
        if (pending) cache.changed();
        pending = false;
      },
    );
    const key = { paketId: paket.id, timeFactorPct: 100 };
    const first = await cache.answer(ctx.database.db, key);
    await writeBeside(`update soal set pilihan_satu = 'didengar lewat titik sinkron' where paket_soal_id = ${paket.id} and page = 4`);
    pending = true;
    const next = await cache.answer(ctx.database.db, key);
    expect(next).not.toBe(first);
    expect(next.body()).toContain('didengar lewat titik sinkron');
    const before = ctx.database.queryCount;
    expect(await cache.answer(ctx.database.db, key)).toBe(next);
    expect(ctx.database.queryCount - before).toBe(0);
  });
});

describe('keys and questions from one kept content, while the database tells of changes', () => {
  /** A cache told of changes whose notices arrive only with the next sync point, as PostgreSQL's do. */
  function toldCache() {
    const notice = { pending: false };
    const cache: ExamSoalCache = new ExamSoalCache(
      () => true,
      async () => {
        if (notice.pending) cache.changed();
        notice.pending = false;
      },
    );
    return { cache, notice };
  }
  const key94 = (keys: { keys: { page: number; jawaban: string }[] }) => keys.keys.find((k) => k.page === 94)!.jawaban;
  const nextKey = (k: string) => String((Number(k) % 4) + 1);

  it('questions asked after the keys were kept wait for the notices committed before them', async () => {
    const { cache, notice } = toldCache();
    const before = key94(await cache.keys(ctx.database.db, paket.id));
    await writeBeside(`update soal set pilihan_dua = 'setelah kunci disimpan' where paket_soal_id = ${paket.id} and page = 5`);
    notice.pending = true;
    const answer = await cache.answer(ctx.database.db, { paketId: paket.id, timeFactorPct: 100 });
    expect(answer.body()).toContain('setelah kunci disimpan');
    expect(key94(await cache.keys(ctx.database.db, paket.id))).toBe(before);
  });

  it('a submission does not share a read begun before a change committed before it', async () => {
    const { cache, notice } = toldCache();
    const db = ctx.database.db;
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    let snapshotTaken = () => {};
    const taken = new Promise<void>((resolve) => (snapshotTaken = resolve));
    // A first read whose transaction has ended and whose answer is still on its way back.
    const slow = Object.create(db, {
      transaction: {
        value: (...args: Parameters<typeof db.transaction>) =>
          db.transaction(...args).then(async (r) => {
            snapshotTaken();
            await gate;
            return r;
          }),
      },
    }) as typeof db;
    const first = cache.keys(slow, paket.id);
    await taken;
    // Both drivers answer a raw statement as `{ rows }`.
    const read: unknown = await db.execute(sql`select jawaban from soal where paket_soal_id = ${paket.id} and page = 94`);
    const changed = nextKey((read as { rows: { jawaban: string }[] }).rows[0]!.jawaban);
    await writeBeside(`update soal set jawaban = '${changed}' where paket_soal_id = ${paket.id} and page = 94`);
    notice.pending = true;
    const second = cache.keys(db, paket.id);
    open();
    expect(key94(await second)).toBe(changed);
    expect(key94(await first)).not.toBe(changed);
  });
});

describe('acceptedEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br', 'br'],
    ['BR', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['deflate', null],
    ['br;q=0.5, gzip;q=1', 'br'],
  ] as const)('%s -> %s', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});
