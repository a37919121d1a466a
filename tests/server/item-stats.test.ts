import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemStats } from '../../contract/item-stats.ts';
import { pageOf, type QuestionPart } from '../../machines/exam-layout.ts';
import { examAttempts, examHistory, paketSoal, soal, users } from '../../server/db/schema.ts';
import { flagsOf, ITEM_FLAG_RULES } from '../../server/services/item-stats.service.ts';
import { adminClient, Client, createTestApp, insertCompletePackage, toReading, type TestContext } from './helpers.ts';

let ctx: TestContext;
let admin: Client;
let learnerId: number;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_PER_IP: '1000' });
  admin = await adminClient(ctx);
  const [u] = await ctx.database.db
    .insert(users)
    .values({ nohp: '6281300009999', nama: 'Peserta Statistik', email: 'stat@example.id', passwordHash: 'x' })
    .returning();
  learnerId = u!.id;
});
afterAll(async () => ctx.close());

type Key = '1' | '2' | '3' | '4';

/** A small package with only the given questions (statistics do not need a complete one). */
async function smallPackage(questions: { part: QuestionPart; no: number; key: Key }[]): Promise<{ id: number; pages: number[] }> {
  const db = ctx.database.db;
  const [p] = await db.insert(paketSoal).values({ namaPaket: 'Paket Statistik' }).returning();
  const rows = questions.map((q) => ({
    paketSoalId: p!.id,
    section: q.part,
    noSoal: q.no,
    page: pageOf(q.part, q.no),
    pilihanSatu: 'A',
    pilihanDua: 'B',
    pilihanTiga: 'C',
    pilihanEmpat: 'D',
    jawaban: q.key,
    skill: 'x',
  }));
  await db.insert(soal).values(rows);
  return { id: p!.id, pages: rows.map((r) => r.page) };
}

/** A finished attempt as the submission stores it: one answer per page ('-1' = unanswered). */
async function finished(paketId: number, answers: Record<number, string>): Promise<void> {
  const db = ctx.database.db;
  const now = new Date();
  const [a] = await db
    .insert(examAttempts)
    .values({ userId: learnerId, paketSoalId: paketId, sesi: 'finished', startedAt: now, finishedAt: now })
    .returning();
  await db.insert(examHistory).values({
    attemptId: a!.id,
    userId: learnerId,
    paketSoalId: paketId,
    namaPaket: 'Paket Statistik',
    listeningScore: 0,
    structureScore: 0,
    readingScore: 0,
    totalScore: 0,
    listeningCorrect: 0,
    writtenCorrect: 0,
    readingCorrect: 0,
    cefr: 'A2',
    tableVersion: 't',
    certificateCode: `C${a!.id}`,
    answers: Object.entries(answers).map(([id, answer]) => ({ id: Number(id), answer })),
  });
}

async function stats(paketId: number): Promise<ItemStats> {
  const res = await admin.get(`/api/admin/paket-soal/${paketId}/statistik`);
  expect(res.statusCode).toBe(200);
  return res.json().data as ItemStats;
}

describe('GET /admin/paket-soal/{id}/statistik', () => {
  it('matches figures computed by hand for 5 learners x 4 items', async () => {
    // Keys A, B, C, D; two listening items, one structure and one written expression item.
    const { id, pages } = await smallPackage([
      { part: 'listening', no: 1, key: '1' },
      { part: 'listening', no: 2, key: '2' },
      { part: 'structure', no: 1, key: '3' },
      { part: 'written', no: 16, key: '4' },
    ]);
    const [p1, p2, p3, p4] = pages as [number, number, number, number];
    // Scored (1 = key):  A 1111 (4), B 1110 (3), C 1001 (2), D 1100 (2), E 0000 (0).
    await finished(id, { [p1]: '1', [p2]: '2', [p3]: '3', [p4]: '4' });
    await finished(id, { [p1]: '1', [p2]: '2', [p3]: '3', [p4]: '1' });
    await finished(id, { [p1]: '1', [p2]: '3', [p3]: '-1', [p4]: '4' });
    await finished(id, { [p1]: '1', [p2]: '2', [p3]: '1', [p4]: '2' });
    await finished(id, { [p1]: '3', [p2]: '1' }); // p3 and p4 absent: unanswered
    const s = await stats(id);
    expect(s).toMatchObject({ paketSoalId: id, namaPaket: 'Paket Statistik', attempts: 5, enoughAttempts: false });
    const [i1, i2, i3, i4] = s.items;
    // Totals 4, 3, 2, 2, 0: mean 2.2, population variance 8.8 / 5 = 1.76, s = 1.32665.
    // i1: p .8, M1 = 11/4 = 2.75, M0 = 0: r = 2.75 / 1.32665 * sqrt(.16) = 0.829.
    expect(i1).toMatchObject({ page: p1, correct: 4, options: { '1': 4, '2': 0, '3': 1, '4': 0 }, omitted: 0, flags: [] });
    expect(i1!.facility).toBeCloseTo(0.8, 3);
    expect(i1!.discrimination).toBeCloseTo(0.829, 3);
    // i2: p .6, M1 = (4+3+2)/3 = 3, M0 = (2+0)/2 = 1: r = 2 / 1.32665 * sqrt(.24) = 0.739.
    expect(i2).toMatchObject({ correct: 3, options: { '1': 1, '2': 3, '3': 1, '4': 0 }, omitted: 0 });
    expect(i2!.facility).toBeCloseTo(0.6, 3);
    expect(i2!.discrimination).toBeCloseTo(0.739, 3);
    // i3: p .4, M1 = 3.5, M0 = 4/3: r = 2.1667 / 1.32665 * sqrt(.24) = 0.800.
    expect(i3).toMatchObject({ section: 'structure', correct: 2, options: { '1': 1, '2': 0, '3': 2, '4': 0 }, omitted: 2 });
    expect(i3!.facility).toBeCloseTo(0.4, 3);
    expect(i3!.discrimination).toBeCloseTo(0.8, 3);
    // i4: p .4, M1 = 3, M0 = 5/3: r = 1.3333 / 1.32665 * sqrt(.24) = 0.492.
    expect(i4).toMatchObject({ section: 'written', correct: 2, options: { '1': 1, '2': 1, '3': 0, '4': 2 }, omitted: 1 });
    expect(i4!.facility).toBeCloseTo(0.4, 3);
    expect(i4!.discrimination).toBeCloseTo(0.492, 3);
    // Listening totals 2,2,1,2,0: variance .64, sum pq = .16 + .24: KR-20 = 2 * (1 - .4 / .64) = 0.75.
    // Structure & written totals 2,1,1,0,0: variance .56, sum pq = .48: KR-20 = 2 * (1 - .48 / .56) = 0.286.
    const [listening, written, reading] = s.sections;
    expect(listening).toMatchObject({ section: 'listening', items: 2 });
    expect(listening!.kr20).toBeCloseTo(0.75, 3);
    expect(listening!.mean).toBeCloseTo(1.4, 3);
    expect(written).toMatchObject({ section: 'written', items: 2 });
    expect(written!.kr20).toBeCloseTo(0.286, 3);
    expect(reading).toEqual({ section: 'reading', items: 0, mean: null, kr20: null });
  });

  it('flags items only from the 30th attempt on', async () => {
    const { id, pages } = await smallPackage([
      { part: 'listening', no: 1, key: '1' },
      { part: 'listening', no: 2, key: '1' },
      { part: 'listening', no: 3, key: '1' },
      { part: 'structure', no: 1, key: '1' },
      { part: 'written', no: 16, key: '1' },
    ]);
    const [easy, hard, good, good2, reversed] = pages as [number, number, number, number, number];
    // easy: always right; hard: always wrong; good and good2 right on even attempts (total 3 vs 2);
    // reversed right only on odd attempts, i.e. by the weaker learners (negative discrimination).
    const sheet = (a: number) => ({
      [easy]: '1',
      [hard]: '2',
      [good]: a % 2 === 0 ? '1' : '3',
      [good2]: a % 2 === 0 ? '1' : '-1',
      [reversed]: a % 2 === 1 ? '1' : '4',
    });
    for (let a = 0; a < ITEM_FLAG_RULES.minAttempts - 1; a++) await finished(id, sheet(a));
    const before = await stats(id);
    expect(before.attempts).toBe(29);
    expect(before.enoughAttempts).toBe(false);
    expect(before.items.map((i) => i.flags)).toEqual([[], [], [], [], []]);
    expect(before.items[0]!.facility).toBe(1);
    expect(before.items[4]!.discrimination).toBeCloseTo(-1, 3);

    await finished(id, sheet(29));
    const after = await stats(id);
    expect(after.attempts).toBe(30);
    expect(after.enoughAttempts).toBe(true);
    expect(after.rules).toEqual({ minAttempts: 30, facilityMax: 0.95, facilityMin: 0.2, discriminationMin: 0.1 });
    expect(after.items.map((i) => i.flags)).toEqual([['too_easy'], ['too_hard'], [], [], ['low_discrimination']]);
    expect(after.items[0]!.discrimination).toBeNull();
    expect(after.items[2]!.discrimination).toBeCloseTo(1, 3);
  });

  it('puts each threshold exactly where the rules say', () => {
    const n = ITEM_FLAG_RULES.minAttempts;
    expect(flagsOf(0.95, 0.5, n)).toEqual([]);
    expect(flagsOf(0.951, 0.5, n)).toEqual(['too_easy']);
    expect(flagsOf(0.2, 0.5, n)).toEqual([]);
    expect(flagsOf(0.199, 0.5, n)).toEqual(['too_hard']);
    expect(flagsOf(0.5, 0.1, n)).toEqual([]);
    expect(flagsOf(0.5, 0.099, n)).toEqual(['low_discrimination']);
    expect(flagsOf(0.1, 0.05, n)).toEqual(['too_hard', 'low_discrimination']);
    expect(flagsOf(0.1, 0.05, n - 1)).toEqual([]);
  });

  it('answers the empty state of a package nobody has finished, and 404 for an unknown package', async () => {
    const { id } = await smallPackage([{ part: 'reading', no: 1, key: '2' }]);
    const s = await stats(id);
    expect(s.attempts).toBe(0);
    expect(s.items[0]).toMatchObject({ correct: 0, facility: null, discrimination: null, omitted: 0, flags: [] });
    expect(s.sections.find((x) => x.section === 'reading')).toEqual({ section: 'reading', items: 1, mean: null, kr20: null });
    const missing = await admin.get('/api/admin/paket-soal/999999/statistik');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Paket soal tidak ditemukan.');
    expect((await admin.get('/api/admin/paket-soal/abc/statistik')).statusCode).toBe(400);
  });

  it('answers 401 without a session and 403 to a learner', async () => {
    const { id } = await smallPackage([{ part: 'reading', no: 2, key: '2' }]);
    expect((await new Client(ctx.app).get(`/api/admin/paket-soal/${id}/statistik`)).statusCode).toBe(401);
    const learner = new Client(ctx.app);
    await learner.signUpAndIn({ nohp: '081300001234' });
    const res = await learner.get(`/api/admin/paket-soal/${id}/statistik`);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('facility');
  });
});

describe('the final submission and the questions table', () => {
  it('writes and locks no question row (row versions unchanged), and its answers reach the statistics', async () => {
    const paket = await insertCompletePackage(ctx.database.db, { durasi: [600, 600, 600], nama: 'Paket Kiriman' });
    const learner = new Client(ctx.app);
    await learner.signUpAndIn({ nohp: '081300005678' });
    await ctx.database.db.update(users).set({ paketSoalIdAktif: paket.id }).where(eq(users.nohp, '6281300005678'));
    await learner.put('/api/soal/timers', {});
    await toReading(learner);
    // xmin changes when a row is written, xmax when it is written or locked (SELECT ... FOR UPDATE).
    const versions = () =>
      ctx.database.db
        .select({ id: soal.id, xmin: sql<string>`xmin::text`, xmax: sql<string>`xmax::text` })
        .from(soal)
        .where(eq(soal.paketSoalId, paket.id))
        .orderBy(asc(soal.id));
    const before = await versions();
    expect(before).toHaveLength(140);
    // Only reading answers count at the final submission (earlier sections were saved as drafts).
    const answers = [...paket.keys.entries()].map(([page, key]) => ({ id: page, answer: page >= 94 && page < 104 ? key : '-1' }));
    const res = await learner.post('/api/soal/jawaban', { answers });
    expect(res.statusCode).toBe(200);
    expect(await versions()).toEqual(before);

    const s = await stats(paket.id);
    expect(s.attempts).toBe(1);
    expect(s.items.filter((i) => i.correct === 1).map((i) => i.page)).toEqual([94, 95, 96, 97, 98, 99, 100, 101, 102, 103]);
    expect(s.items[20]!.omitted).toBe(1);
  });
});
