import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examAttempts, users } from '../../server/db/schema.ts';
import { Client, createTestApp, insertCompletePackage, type TestContext } from './helpers.ts';

let ctx: TestContext;
let paket: { id: number; keys: Map<number, string> };
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_PER_IP: '1000' });
  paket = await insertCompletePackage(ctx.database.db, { durasi: [600, 500, 900] });
});
afterAll(async () => ctx.close());

// The final submission: guard; claim; keys; history; user; responses; notebook.
const SUBMIT_STATEMENTS = 7;
const REPEAT_STATEMENTS = 2;

let seq = 0;
async function runningExam() {
  seq += 1;
  const nohp = `0815${String(seq).padStart(8, '0')}`;
  const c = new Client(ctx.app);
  await c.signUpAndIn({ nohp });
  await ctx.database.db
    .update(users)
    .set({ paketSoalIdAktif: paket.id })
    .where(eq(users.nohp, `62${nohp.slice(1)}`));
  expect((await c.put('/api/soal/timers', { paketId: paket.id })).json()).toMatchObject({ sesi: 'listening' });
  return c;
}

/** A participant in reading (listening and written ended early with Selesai). */
async function inReading() {
  const c = await runningExam();
  for (let i = 0; i < 2; i++) {
    await c.put('/api/soal/timers-to-zero', {});
    expect((await c.put('/api/soal/timers/next', {})).statusCode).toBe(200);
  }
  return c;
}

/** Statements the database received for one call (begin/commit not counted). */
async function queriesOf(call: () => Promise<{ statusCode: number }>) {
  const before = ctx.database.queryCount;
  const res = await call();
  expect(res.statusCode).toBe(200);
  return ctx.database.queryCount - before;
}

describe('queries per exam call (DESIGN section 10)', () => {
  it('a timer refresh is one statement: session, user and open attempt together', async () => {
    const c = await runningExam();
    expect(await queriesOf(() => c.put('/api/soal/timers', { paketId: paket.id }))).toBe(1);
    expect(await queriesOf(() => c.get('/api/soal/timers'))).toBe(1);
  });

  it('a draft save is two: the same read, then one conditional write', async () => {
    const c = await runningExam();
    expect(await queriesOf(() => c.put('/api/soal/jawaban/draft', { index: 2, answers: { '1': '2' } }))).toBe(2);
    expect(await queriesOf(() => c.put('/api/soal/jawaban/draft', { index: 3, answers: { '2': '3' } }))).toBe(2);
    const draft = (await c.get('/api/soal/jawaban/draft')).json();
    expect(draft).toMatchObject({ index: 3, answers: { '1': '2', '2': '3' } });
  });

  it('a save whose row changed after it was read (another device, a section change) merges under the lock instead', async () => {
    const c = await runningExam();
    await c.put('/api/soal/jawaban/draft', { index: 1, answers: { '1': '1' } });
    const [row] = await ctx.database.db.select().from(examAttempts).where(eq(examAttempts.currentIndex, 1)).limit(1);
    // Simulated race: the save reads the row, then another writer commits before its write.
    const realGet = ctx.database.db.update.bind(ctx.database.db);
    let raced = false;
    (ctx.database.db as { update: typeof realGet }).update = ((table: Parameters<typeof realGet>[0]) => {
      if (!raced && table === examAttempts) {
        raced = true;
        return {
          set: (values: Record<string, unknown>) => ({
            where: (cond: unknown) => ({
              returning: async () => {
                await realGet(examAttempts)
                  .set({
                    answers: { ...row!.answers, '3': '4' },
                    answeredAt: { ...row!.answeredAt, '3': new Date().toISOString() },
                  })
                  .where(eq(examAttempts.id, row!.id));
                return realGet(examAttempts)
                  .set(values as never)
                  .where(cond as never)
                  .returning();
              },
            }),
          }),
        } as unknown as ReturnType<typeof realGet>;
      }
      return realGet(table);
    }) as typeof realGet;
    try {
      const save = await c.put('/api/soal/jawaban/draft', { index: 4, answers: { '2': '2' } });
      expect(save.statusCode, save.body).toBe(200);
      expect(raced).toBe(true);
      // Neither the other writer's answer nor this save's is lost.
      expect(save.json()).toMatchObject({ index: 4, answers: { '1': '1', '2': '2', '3': '4' } });
    } finally {
      (ctx.database.db as { update: typeof realGet }).update = realGet;
    }
  });

  it('a final submission: 140 answers, Buku Kesalahan, the next package; its repeat only reads', async () => {
    const c = await inReading();
    // Every fourth answer right: the rest goes into Buku Kesalahan.
    const answers = [...paket.keys].map(([page, key], i) => ({ id: page, answer: i % 4 === 0 ? key : key === '1' ? '2' : '1' }));
    expect(await queriesOf(() => c.post('/api/soal/jawaban', { answers }))).toBe(SUBMIT_STATEMENTS);
    expect(await queriesOf(() => c.post('/api/soal/jawaban', { answers }))).toBe(REPEAT_STATEMENTS);
  });
});
