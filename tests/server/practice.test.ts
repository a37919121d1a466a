import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DRILL_SIZE,
  MASTERY_WINDOW,
  type AnswerResponse,
  type NotebookResponse,
  type PracticeHome,
  type PracticeItem,
} from '../../contract/practice.ts';
import { FakeClock } from '../../server/clock.ts';
import { seedPracticeBank } from '../../server/db/practice-content.ts';
import { examAttempts, mistakes, practiceItems, practiceResponses, soal, users } from '../../server/db/schema.ts';
import { Client, adminClient, createTestApp, insertCompletePackage, type TestContext } from './helpers.ts';

const DAY = 86_400_000;
const T0 = new Date('2026-03-02T03:00:00Z');
const clock = new FakeClock(T0);
let ctx: TestContext;
let sat: { id: number; keys: Map<number, string>; skills: Map<number, string> };
let unsat: { id: number; keys: Map<number, string>; skills: Map<number, string> };

beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_PER_IP: '1000' }, { clock });
  await seedPracticeBank(ctx.database.db);
  // Every question of both packages is of one structure skill, so a drill of it could reach both.
  const skillOf = (section: string) =>
    section === 'structure'
      ? 'st-subject-verb'
      : section === 'written'
        ? 'we-agreement'
        : section === 'reading'
          ? 'rd-main-idea'
          : 'la-paraphrase';
  sat = await insertCompletePackage(ctx.database.db, { durasi: [600, 500, 900], nama: 'Paket Sudah', skillOf });
  unsat = await insertCompletePackage(ctx.database.db, { durasi: [600, 500, 900], nama: 'Paket Belum', skillOf });
});
afterAll(async () => ctx.close());

let phoneSeq = 0;
async function learner() {
  phoneSeq += 1;
  const nohp = `0816${String(phoneSeq).padStart(8, '0')}`;
  const c = new Client(ctx.app);
  await c.signUpAndIn({ nohp });
  const [row] = await ctx.database.db
    .select()
    .from(users)
    .where(eq(users.nohp, `62${nohp.slice(1)}`));
  return { c, userId: row!.id };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const wrong = (key: string) => String((Number(key) % 4) + 1);

/** Sits `paket` through the API with every answer wrong except those `right(page)` names. */
async function sitExam(p: { c: Client; userId: number }, paket: typeof sat, right: (page: number) => boolean) {
  const answer = (page: number) => (right(page) ? paket.keys.get(page)! : wrong(paket.keys.get(page)!));
  const expire = (column: 'listeningEndsAt' | 'writtenEndsAt') =>
    ctx.database.db
      .update(examAttempts)
      .set({ [column]: new Date(Date.now() - 10_000) })
      .where(eq(examAttempts.userId, p.userId));
  await ctx.database.db.update(users).set({ paketSoalIdAktif: paket.id }).where(eq(users.id, p.userId));
  await p.c.put('/api/soal/timers', { paketId: paket.id });
  await p.c.put('/api/soal/jawaban/draft', { index: 50, answers: Object.fromEntries(range(1, 50).map((pg) => [String(pg), answer(pg)])) });
  await expire('listeningEndsAt');
  await p.c.put('/api/soal/timers/next', {});
  const written = [...range(52, 66), ...range(68, 92)];
  await p.c.put('/api/soal/jawaban/draft', { index: 92, answers: Object.fromEntries(written.map((pg) => [String(pg), answer(pg)])) });
  await expire('writtenEndsAt');
  await p.c.put('/api/soal/timers/next', {});
  const res = await p.c.post('/api/soal/jawaban', { answers: range(94, 143).map((pg) => ({ id: pg, answer: answer(pg) })) });
  expect(res.statusCode).toBe(200);
}

async function soalIdsOf(paketId: number, section: 'structure' | 'reading') {
  return (
    await ctx.database.db
      .select({ id: soal.id, jawaban: soal.jawaban })
      .from(soal)
      .where(and(eq(soal.paketSoalId, paketId), eq(soal.section, section)))
  ).map((r) => r);
}

describe('practice access', () => {
  it('is for signed-in learners only', async () => {
    const anonymous = new Client(ctx.app);
    expect((await anonymous.post('/api/practice/drills', { skill: 'st-subject-verb' })).statusCode).toBe(401);
    const admin = await adminClient(ctx);
    const res = await admin.get('/api/practice/home');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/akses/);
  });

  it('refuses a drill without exactly one skill or section, and an unknown skill, in Indonesian', async () => {
    const { c } = await learner();
    for (const body of [{}, { skill: 'st-subject-verb', section: 'structure' }, { skill: 'tidak-ada' }]) {
      const res = await c.post('/api/practice/drills', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/skill|bagian/i);
    }
  });
});

describe('drill source filter', () => {
  it('draws only from the practice bank and finished packages, never revealing a key of a package not yet sat', async () => {
    const me = await learner();
    const before = (await me.c.post('/api/practice/drills', { skill: 'st-subject-verb' })).json<{ items: PracticeItem[] }>().items;
    const bankCount = (await ctx.database.db.select().from(practiceItems).where(eq(practiceItems.skill, 'st-subject-verb'))).length;
    expect(before).toHaveLength(Math.min(DRILL_SIZE, bankCount));
    expect(before.every((i) => i.item.startsWith('pr-st-'))).toBe(true);
    expect(JSON.stringify(before)).not.toMatch(/jawaban|pembahasan|"key"/);

    const [unsatItem] = await soalIdsOf(unsat.id, 'structure');
    const refused = await me.c.post('/api/practice/answers', { item: `q-${unsatItem!.id}`, answer: unsatItem!.jawaban });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toMatch(/Rahasia pembahasan|"key"/);

    await sitExam(me, sat, () => false);

    const refs = new Set<string>();
    for (let i = 0; i < 8; i += 1) {
      for (const it of (await me.c.post('/api/practice/drills', { skill: 'st-subject-verb' })).json<{ items: PracticeItem[] }>().items)
        refs.add(it.item);
    }
    const satIds = new Set((await soalIdsOf(sat.id, 'structure')).map((r) => `q-${r.id}`));
    const unsatIds = new Set((await soalIdsOf(unsat.id, 'structure')).map((r) => `q-${r.id}`));
    expect([...refs].some((r) => satIds.has(r))).toBe(true);
    expect([...refs].some((r) => unsatIds.has(r))).toBe(false);
    expect([...refs].every((r) => r.startsWith('pr-st-') || satIds.has(r))).toBe(true);

    const afterSitting = (await me.c.post('/api/practice/drills', { skill: 'st-subject-verb' })).json<{ items: PracticeItem[] }>().items;
    expect(afterSitting).toHaveLength(DRILL_SIZE);
    const [satItem] = await soalIdsOf(sat.id, 'structure');
    const ok = await me.c.post('/api/practice/answers', { item: `q-${satItem!.id}`, answer: satItem!.jawaban });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<AnswerResponse>()).toMatchObject({ correct: true, key: satItem!.jawaban, explanation: 'Rahasia pembahasan' });
    expect((await me.c.post('/api/practice/answers', { item: `q-${unsatItem!.id}`, answer: '1' })).statusCode).toBe(403);
  });

  it('keeps a package out of drills while the learner sits it again', async () => {
    const me = await learner();
    await sitExam(me, sat, () => true);
    await ctx.database.db.update(users).set({ paketSoalIdAktif: sat.id }).where(eq(users.id, me.userId));
    expect((await me.c.put('/api/soal/timers', { paketId: sat.id })).statusCode).toBe(200);
    const [satItem] = await soalIdsOf(sat.id, 'structure');
    expect((await me.c.post('/api/practice/answers', { item: `q-${satItem!.id}`, answer: '1' })).statusCode).toBe(403);
  });

  it('answers an unknown item with a clear 404', async () => {
    const { c } = await learner();
    const res = await c.post('/api/practice/answers', { item: 'pr-st-999', answer: '1' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Soal latihan tidak ditemukan.');
  });
});

describe('Buku Kesalahan on the FSRS schedule (fake clock)', () => {
  it('brings a missed item back tomorrow, not today; Good moves it further, Again brings it back the next day', async () => {
    clock.set(T0);
    const me = await learner();
    const missed = await me.c.post('/api/practice/answers', { item: 'pr-st-001', answer: '4' });
    expect(missed.json<AnswerResponse>()).toMatchObject({ correct: false, key: '1' });
    expect(missed.json<AnswerResponse>().due).toBe(new Date(T0.getTime() + DAY).toISOString());

    const home = async () => (await me.c.get('/api/practice/home')).json<PracticeHome>();
    expect(await home()).toMatchObject({ reviewDue: 0, notebookCount: 1 });
    expect((await me.c.get('/api/practice/reviews')).json<{ items: PracticeItem[] }>().items).toEqual([]);
    clock.advance(DAY - 60_000);
    expect((await home()).reviewDue).toBe(0);

    clock.advance(60_000);
    expect((await home()).reviewDue).toBe(1);
    const due = (await me.c.get('/api/practice/reviews')).json<{ items: PracticeItem[] }>().items;
    expect(due.map((i) => i.item)).toEqual(['pr-st-001']);

    const good = (await me.c.post('/api/practice/answers', { item: 'pr-st-001', answer: '1', mode: 'review' })).json<AnswerResponse>();
    expect(good.correct).toBe(true);
    const goodDue = new Date(good.due!).getTime() - clock.now().getTime();
    expect(goodDue).toBeGreaterThan(DAY);
    expect((await home()).reviewDue).toBe(0);

    clock.advance(goodDue);
    const again = (await me.c.post('/api/practice/answers', { item: 'pr-st-001', answer: '2', mode: 'review' })).json<AnswerResponse>();
    expect(new Date(again.due!).getTime() - clock.now().getTime()).toBe(DAY);
    const nb = (await me.c.get('/api/practice/notebook')).json<NotebookResponse>();
    expect(nb.entries[0]).toMatchObject({ item: 'pr-st-001', reps: 3, lapses: 1, isDue: false });
  });

  it('refuses to review an item that is not in the notebook', async () => {
    const { c } = await learner();
    const res = await c.post('/api/practice/answers', { item: 'pr-st-002', answer: '1', mode: 'review' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/Buku Kesalahan/);
  });

  it('puts every missed question of an exam into the notebook, due a day after its submission', async () => {
    const me = await learner();
    const before = Date.now();
    await sitExam(me, sat, (page) => page > 10);
    await ctx.app.examOutcomes.idle();
    const rows = await ctx.database.db.select().from(mistakes).where(eq(mistakes.userId, me.userId));
    expect(rows).toHaveLength(10);
    for (const r of rows) {
      expect(r.source).toBe('exam');
      expect(r.due.getTime()).toBeGreaterThanOrEqual(before + DAY);
      expect(r.due.getTime()).toBeLessThan(Date.now() + DAY + 1000);
    }
    const responses = await ctx.database.db.select().from(practiceResponses).where(eq(practiceResponses.userId, me.userId));
    expect(responses).toHaveLength(140);
  });

  it('records the mini test: every missed item comes back', async () => {
    clock.set(T0);
    const me = await learner();
    const res = await me.c.post('/api/practice/mini', {
      listening: [-1, -1, -1, -1, -1],
      structure: Array(10).fill(-1),
      reading: Array(5).fill(-1),
    });
    expect(res.json()).toEqual({ missed: 20 });
    clock.advance(DAY);
    const nb = (await me.c.get('/api/practice/notebook')).json<NotebookResponse>();
    expect(nb.due).toBe(20);
    expect(nb.entries.every((e) => e.item.startsWith('mt-') && e.preview.length > 0)).toBe(true);
    const review = (await me.c.get('/api/practice/reviews')).json<{ items: PracticeItem[] }>().items;
    expect(review).toHaveLength(DRILL_SIZE);
  });
});

describe('mastery', () => {
  it(`is read from the newest ${MASTERY_WINDOW} responses of a skill only`, async () => {
    const me = await learner();
    const at = (i: number) => new Date(T0.getTime() + i * 60_000);
    const rows = range(1, MASTERY_WINDOW + 5).map((i) => ({
      userId: me.userId,
      item: `pr-st-${String(i).padStart(3, '0')}`,
      skill: 'st-subject-verb',
      section: 'structure' as const,
      // The five oldest are wrong, the newest MASTERY_WINDOW right.
      correct: i > 5,
      source: 'drill' as const,
      answeredAt: at(i),
    }));
    await ctx.database.db.insert(practiceResponses).values(rows);
    await ctx.database.db.insert(practiceResponses).values(
      range(1, 3).map((i) => ({
        userId: me.userId,
        item: 'pr-we-001',
        skill: 'we-agreement',
        section: 'written' as const,
        correct: true,
        source: 'drill' as const,
        answeredAt: at(i),
      })),
    );
    const { mastery } = (await me.c.get('/api/practice/home')).json<PracticeHome>();
    expect(mastery.find((m) => m.skill === 'st-subject-verb')).toEqual({
      skill: 'st-subject-verb',
      section: 'structure',
      correct: MASTERY_WINDOW,
      total: MASTERY_WINDOW,
      mastery: 1,
    });
    expect(mastery.find((m) => m.skill === 'we-agreement')).toMatchObject({ total: 3, mastery: null });
  });
});

describe('study plan', () => {
  it('builds weeks to the exam date weighted to the weakest skills, and counts practice against it', async () => {
    clock.set(T0);
    const me = await learner();
    const bad = await me.c.put('/api/practice/plan', { targetScore: 500, examDate: '2026-03-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Tanggal ujian/);
    expect((await me.c.put('/api/practice/plan', { targetScore: 900, examDate: '2026-05-01' })).statusCode).toBe(400);

    // Weakest: structure subject-verb (all wrong); strong: written agreement (all right).
    await ctx.database.db.insert(practiceResponses).values([
      ...range(1, 8).map((i) => ({
        userId: me.userId,
        item: `pr-st-00${i}`,
        skill: 'st-subject-verb',
        section: 'structure' as const,
        correct: false,
        source: 'drill' as const,
        answeredAt: T0,
      })),
      ...range(1, 8).map((i) => ({
        userId: me.userId,
        item: `pr-we-00${i}`,
        skill: 'we-agreement',
        section: 'written' as const,
        correct: true,
        source: 'drill' as const,
        answeredAt: T0,
      })),
    ]);
    const res = await me.c.put('/api/practice/plan', { targetScore: 500, examDate: '2026-04-13' });
    expect(res.statusCode).toBe(200);
    const plan = res.json().plan;
    expect(plan.weeks).toHaveLength(6);
    expect(plan.weeks[0].focus[0].skill).toBe('st-subject-verb');
    for (const w of plan.weeks) {
      expect(w.focus.reduce((a: number, f: { items: number }) => a + f.items, 0)).toBe(w.items);
      expect(w.focus.some((f: { skill: string }) => f.skill === 'we-agreement')).toBe(false);
    }
    expect(plan.progress).toMatchObject({ week: 0, doneThisWeek: 8 + 8, doneTotal: 16 });
    clock.advance(7 * DAY);
    const later = (await me.c.get('/api/practice/plan')).json().plan;
    expect(later.progress).toMatchObject({
      week: 1,
      doneThisWeek: 0,
      doneTotal: 16,
      plannedToDate: plan.weeks[0].items + plan.weeks[1].items,
    });
  });
});
