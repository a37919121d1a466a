import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { examAttempts, users } from '../../server/db/schema.ts';
import { Client, createTestApp, insertCompletePackage, type TestContext } from './helpers.ts';

/*
 * Answers never go backwards (DESIGN section 4): the answer given last wins per page, a section
 * takes answers while it runs (5 s grace), an answer given before the end and delivered within
 * 3 minutes of it still counts, and whatever is not taken comes back with its reason. The clock
 * is Vitest's fake Date: time moves by setSystemTime, never by waiting.
 */

let ctx: TestContext;
let paketId: number;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_PER_IP: '1000' });
  paketId = (await insertCompletePackage(ctx.database.db, { durasi: [600, 500, 900] })).id;
});
afterAll(async () => ctx.close());
afterEach(() => vi.useRealTimers());

let clock = Date.parse('2031-03-01T08:00:00.000Z');
/** Starts the fake clock at a fresh hour for each test (sessions and attempts stay valid). */
function startClock() {
  clock += 3_600_000;
  vi.useFakeTimers({ toFake: ['Date'], now: clock });
  return { at: (ms: number) => new Date(clock + ms).toISOString(), to: (ms: number) => vi.setSystemTime(clock + ms) };
}

let seq = 0;
/** Two signed-in devices of one participant whose active package is the complete one. */
async function learner() {
  seq += 1;
  const nohp = `0815${String(seq).padStart(8, '0')}`;
  const a = new Client(ctx.app);
  await a.signUpAndIn({ nohp });
  const b = new Client(ctx.app);
  await b.signUpAndIn({ nohp });
  const canonical = `62${nohp.slice(1)}`;
  await ctx.database.db.update(users).set({ paketSoalIdAktif: paketId }).where(eq(users.nohp, canonical));
  const [row] = await ctx.database.db.select().from(users).where(eq(users.nohp, canonical));
  return { a, b, userId: row!.id };
}

const draft = (c: Client, answers: unknown, extra: Record<string, unknown> = {}) =>
  c.put('/api/soal/jawaban/draft', { index: 1, answers, ...extra });

describe("the draft takes the final submission's list shape", () => {
  it('keeps each answer with the instant it was given, and still takes the map by page', async () => {
    const t = startClock();
    const { a } = await learner();
    await a.put('/api/soal/timers', {});
    t.to(10_000);
    const res = await draft(a, [
      { id: 1, answer: '2', at: t.at(9_000) },
      { id: 2, answer: '3', at: t.at(9_500) },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ answers: { '1': '2', '2': '3' }, answeredAt: { '1': t.at(9_000), '2': t.at(9_500) } });
    expect(res.json().ignored).toEqual([]);
    const map = (await draft(a, { '3': '4' })).json();
    // Without an `at` the delivery instant stands in.
    expect(map).toMatchObject({ answers: { '1': '2', '2': '3', '3': '4' }, answeredAt: { '3': t.at(10_000) } });
  });

  it.each([
    [[{ id: 1, answer: '7' }], 'Jawaban harus 1, 2, 3, 4 atau -1.'],
    [[{ id: 1, answer: '2', at: 'kemarin' }], 'Waktu jawaban harus berupa tanggal ISO 8601.'],
    [[{ id: 200, answer: '2' }], 'Nomor halaman jawaban tidak valid.'],
    [{ '1': '9' }, 'Jawaban harus 1, 2, 3, 4 atau -1.'],
  ])('refuses %j with 400 and an Indonesian message', async (answers, message) => {
    startClock();
    const { a } = await learner();
    await a.put('/api/soal/timers', {});
    const res = await draft(a, answers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('per page the answer given last wins, whichever device delivers it when', () => {
  it('keeps q2 = D from device B when stale device A sends its older q2 = B again', async () => {
    const t = startClock();
    const { a, b } = await learner();
    await a.put('/api/soal/timers', {});
    t.to(5_000);
    await draft(a, [{ id: 2, answer: '2', at: t.at(4_000) }]);
    t.to(20_000);
    await draft(b, [{ id: 2, answer: '4', at: t.at(19_000) }]);
    t.to(30_000);
    // A never learned of B's change and sends its whole old set with q5.
    const stale = (
      await draft(a, [
        { id: 2, answer: '2', at: t.at(4_000) },
        { id: 5, answer: '1', at: t.at(29_000) },
      ])
    ).json();
    expect(stale.answers).toMatchObject({ '2': '4', '5': '1' });
    expect(stale.answeredAt['2']).toBe(t.at(19_000));
    expect(stale.ignored).toEqual([{ id: 2, answer: '2', reason: 'newer' }]);
    const kept = (await a.get('/api/soal/jawaban/draft')).json();
    expect(kept.answers).toMatchObject({ '2': '4', '5': '1' });
  });

  it('lets a later clear win over an older pick and an offline answer given later win over one delivered later', async () => {
    const t = startClock();
    const { a, b } = await learner();
    await a.put('/api/soal/timers', {});
    t.to(60_000);
    // A answered q7 at 50 s offline; B answered it at 40 s but delivers first.
    await draft(b, [{ id: 7, answer: '1', at: t.at(40_000) }]);
    const res = (await draft(a, [{ id: 7, answer: '3', at: t.at(50_000) }])).json();
    expect(res.answers['7']).toBe('3');
    await draft(b, [{ id: 7, answer: '-1', at: t.at(55_000) }]);
    expect((await a.get('/api/soal/jawaban/draft')).json().answers['7']).toBe('-1');
  });

  it('reads an `at` in the future as now, so it cannot beat an answer given later', async () => {
    const t = startClock();
    const { a, b } = await learner();
    await a.put('/api/soal/timers', {});
    t.to(10_000);
    const ahead = (await draft(a, [{ id: 3, answer: '1', at: t.at(3_600_000) }])).json();
    expect(ahead.answeredAt['3']).toBe(t.at(10_000));
    t.to(12_000);
    const later = (await draft(b, [{ id: 3, answer: '2', at: t.at(11_000) }])).json();
    expect(later.answers['3']).toBe('2');
    // Within the small tolerance an `at` is kept as given (clock measurement slack).
    const slack = (await draft(a, [{ id: 4, answer: '2', at: t.at(15_000) }])).json();
    expect(slack.answeredAt['4']).toBe(t.at(15_000));
  });
});

describe('a section takes answers while it runs, and late ones within 3 minutes if given in time', () => {
  /** Sets the end of listening to `end` ms after the start of the fake clock, as if its time ran out then. */
  async function endListening(userId: number, end: number) {
    await ctx.database.db
      .update(examAttempts)
      .set({ listeningEndsAt: new Date(clock + end) })
      .where(eq(examAttempts.userId, userId));
  }

  it('reports answers of sections that have not begun and of pages without a question', async () => {
    startClock();
    const { a } = await learner();
    await a.put('/api/soal/timers', {});
    const res = (
      await draft(a, [
        { id: 1, answer: '1' },
        { id: 51, answer: '2' },
        { id: 60, answer: '3' },
        { id: 100, answer: '4' },
      ])
    ).json();
    expect(res.answers).toEqual({ '1': '1' });
    expect(res.ignored).toEqual([
      { id: 51, answer: '2', reason: 'no_question' },
      { id: 60, answer: '3', reason: 'not_started' },
      { id: 100, answer: '4', reason: 'not_started' },
    ]);
  });

  it('takes answers given after the end only within the 5 s grace', async () => {
    const t = startClock();
    const { a, userId } = await learner();
    await a.put('/api/soal/timers', {});
    await endListening(userId, 100_000);
    t.to(104_900);
    expect((await draft(a, [{ id: 1, answer: '1', at: t.at(104_000) }])).json().answers).toEqual({ '1': '1' });
    t.to(105_100);
    const late = (await draft(a, [{ id: 2, answer: '2', at: t.at(105_000) }])).json();
    expect(late.answers).toEqual({ '1': '1' });
    expect(late.ignored).toEqual([{ id: 2, answer: '2', reason: 'ended' }]);
  });

  it('counts an answer given before the end and delivered within 3 minutes, even after the next section began', async () => {
    const t = startClock();
    const { a, b, userId } = await learner();
    await a.put('/api/soal/timers', {});
    await endListening(userId, 100_000);
    t.to(130_000);
    expect((await b.put('/api/soal/timers/next', {})).json().sesi).toBe('written');
    t.to(100_000 + 179_000);
    const offline = (await draft(a, [{ id: 9, answer: '3', at: t.at(99_000) }])).json();
    expect(offline.answers['9']).toBe('3');
    expect(offline.ignored).toEqual([]);
    t.to(100_000 + 181_000);
    const tooLate = (await draft(a, [{ id: 10, answer: '2', at: t.at(98_000) }])).json();
    expect(tooLate.answers['10']).toBeUndefined();
    expect(tooLate.ignored).toEqual([{ id: 10, answer: '2', reason: 'ended' }]);
  });

  it('never counts a late answer that was given after the end', async () => {
    const t = startClock();
    const { a, userId } = await learner();
    await a.put('/api/soal/timers', {});
    await endListening(userId, 100_000);
    t.to(120_000);
    const res = (await draft(a, [{ id: 11, answer: '2', at: t.at(110_000) }])).json();
    expect(res.ignored).toEqual([{ id: 11, answer: '2', reason: 'ended' }]);
  });
});

describe('audio state and a finished attempt', () => {
  it('stores the played set and the furthest position of each interrupted clip', async () => {
    startClock();
    const { a, b } = await learner();
    await a.put('/api/soal/timers', {});
    await draft(a, [], { audio: { played: [1, 31], positions: { '5': 12.5, '60': 3 } } });
    const res = (await draft(b, [], { audio: { played: [2], positions: { '5': 4, '6': 2 } } })).json();
    expect(res.audio).toEqual({ played: [1, 2, 31], positions: { '5': 12.5, '6': 2 } });
    expect(res.playedAudio).toEqual([1, 2, 31]);
    expect((await a.get('/api/soal/jawaban/draft')).json().audio.positions).toEqual({ '5': 12.5, '6': 2 });
  });

  it('never locks a clip that was only started: the old playedAudio field is taken but locks nothing', async () => {
    startClock();
    const { a } = await learner();
    await a.put('/api/soal/timers', {});
    const res = (await draft(a, [], { playedAudio: [3, 4], audio: { played: [], positions: { '3': 0.5 } } })).json();
    expect(res.audio).toEqual({ played: [], positions: { '3': 0.5 } });
    expect(res.playedAudio).toEqual([]);
  });

  it('ends the exam on a stale device: its next save learns the attempt is finished and nothing is taken', async () => {
    const t = startClock();
    const { a, b, userId } = await learner();
    await a.put('/api/soal/timers', {});
    await draft(a, [{ id: 1, answer: '2' }]);
    // B finishes the whole exam.
    for (const column of ['listeningEndsAt', 'writtenEndsAt'] as const) {
      await ctx.database.db
        .update(examAttempts)
        .set({ [column]: new Date(clock - 1) })
        .where(eq(examAttempts.userId, userId));
      await b.put('/api/soal/timers/next', {});
    }
    expect((await b.post('/api/soal/jawaban', { answers: [] })).statusCode).toBe(200);
    t.to(1_000);
    const res = await draft(a, [{ id: 2, answer: '3' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sesi: 'finished', answers: { '1': '2' } });
    expect(res.json().ignored).toEqual([{ id: 2, answer: '3', reason: 'finished' }]);
    expect((await a.put('/api/soal/timers', { paketId })).json().sesi).toBe('finished');
  });
});
