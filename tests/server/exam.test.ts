import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examAttempts, examHistory, payments, users } from '../../server/db/schema.ts';
import { scoreCounts } from '../../server/services/scoring.service.ts';
import { Client, createTestApp, insertCompletePackage, type TestContext } from './helpers.ts';

let ctx: TestContext;
let paket: { id: number; keys: Map<number, string> };
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_PER_IP: '1000' });
  paket = await insertCompletePackage(ctx.database.db, { durasi: [600, 500, 900] });
});
afterAll(async () => ctx.close());

let phoneSeq = 0;
/** A signed-in participant whose active package is `paketId`. */
async function participant(paketId: number | null = paket.id) {
  phoneSeq += 1;
  const nohp = `0813${String(phoneSeq).padStart(8, '0')}`;
  const c = new Client(ctx.app);
  await c.signUpAndIn({ nohp });
  const canonical = `62${nohp.slice(1)}`;
  if (paketId) await ctx.database.db.update(users).set({ paketSoalIdAktif: paketId }).where(eq(users.nohp, canonical));
  const [row] = await ctx.database.db.select().from(users).where(eq(users.nohp, canonical));
  return { c, nohp, canonical, userId: row!.id };
}

/** Moves the running section's end instant into the past, as if its time ran out. */
async function expire(userId: number, column: 'listeningEndsAt' | 'writtenEndsAt' | 'readingEndsAt', msAgo = 10_000) {
  await ctx.database.db
    .update(examAttempts)
    .set({ [column]: new Date(Date.now() - msAgo) })
    .where(eq(examAttempts.userId, userId));
}

const wrong = (key: string) => String((Number(key) % 4) + 1);

describe('GET /soal', () => {
  it('answers the active package sorted by page, never keys, explanations or counters', async () => {
    const { c } = await participant();
    const res = await c.get('/api/soal');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.paket).toMatchObject({ id: paket.id, durasi_listening: 600, durasi_written: 500, durasi_reading: 900 });
    expect(body.soal).toHaveLength(140);
    const pages = body.soal.map((q: { page: number }) => q.page);
    expect(pages).toEqual([...pages].sort((a: number, b: number) => a - b));
    expect(res.body).not.toMatch(/jawaban|pembahasan|correct_count|wrong_count|Rahasia/);
    expect(body.soal.find((q: { page: number }) => q.page === 94).readingQuestion).toMatchObject({
      nama: 'Bacaan',
      html: '<p>Teks bacaan.</p>',
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses a user without an active package, and anonymous visitors', async () => {
    const { c } = await participant(null);
    const res = await c.get('/api/soal');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/belum memiliki paket simulasi yang aktif/);
    expect((await c.put('/api/soal/timers', {})).statusCode).toBe(409);
    expect((await new Client(ctx.app).get('/api/soal')).statusCode).toBe(401);
  });
});

describe('timers', () => {
  it('starts listening on the first call with the package duration and reports it afterwards', async () => {
    const { c, userId } = await participant();
    expect((await c.get('/api/soal/cek-endtime')).json()).toEqual({ hasEndTime: false, sesi: null });
    const first = await c.put('/api/soal/timers', { paketId: paket.id });
    expect(first.statusCode).toBe(200);
    const t1 = first.json();
    expect(t1.sesi).toBe('listening');
    expect(t1.secondsRemaining).toBeGreaterThanOrEqual(599);
    expect(t1.secondsRemaining).toBeLessThanOrEqual(600);
    expect(Date.parse(t1.endsAt) - Date.parse(t1.serverNow)).toBeGreaterThan(598_000);
    const again = (await c.put('/api/soal/timers', {})).json();
    expect(again.endsAt).toBe(t1.endsAt);
    expect((await c.get('/api/soal/cek-endtime')).json()).toEqual({ hasEndTime: true, sesi: 'listening' });
    expect(await ctx.database.db.select().from(examAttempts).where(eq(examAttempts.userId, userId))).toHaveLength(1);
  });

  it("takes the session user only: another user's nohp is 403, the own in any spelling is fine", async () => {
    const me = await participant();
    const other = await participant();
    expect((await me.c.put('/api/soal/timers', { nohp: other.nohp })).statusCode).toBe(403);
    expect((await me.c.get(`/api/soal/cek-endtime?nohp=${other.canonical}`)).statusCode).toBe(403);
    expect((await me.c.post('/api/soal/jawaban', { nohp: other.nohp, answers: [] })).statusCode).toBe(403);
    expect((await me.c.put('/api/soal/timers', { nohp: `+${me.canonical}` })).statusCode).toBe(200);
    // The other user's attempt was not started by any of this.
    expect(await ctx.database.db.select().from(examAttempts).where(eq(examAttempts.userId, other.userId))).toHaveLength(0);
  });

  it('refuses next before the section ended (409), ends it with timers-to-zero, then moves on with the package durations', async () => {
    const { c } = await participant();
    await c.put('/api/soal/timers', {});
    const early = await c.put('/api/soal/timers/next', {});
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/belum berakhir/);
    const zero = (await c.put('/api/soal/timers-to-zero', {})).json();
    expect(zero).toMatchObject({ sesi: 'listening', secondsRemaining: 0 });
    const next = (await c.put('/api/soal/timers/next', {})).json();
    expect(next.sesi).toBe('written');
    expect(next.secondsRemaining).toBeGreaterThanOrEqual(499);
    // A double click does not skip written.
    expect((await c.put('/api/soal/timers/next', {})).statusCode).toBe(409);
    await c.put('/api/soal/timers-to-zero', {});
    const reading = (await c.put('/api/soal/timers/next', {})).json();
    expect(reading.sesi).toBe('reading');
    expect(reading.secondsRemaining).toBeGreaterThanOrEqual(899);
  });

  it('repeats a move already made when the page names the section it leaves, and still never skips one', async () => {
    const { c } = await participant();
    await c.put('/api/soal/timers', {});
    // Before listening ended, naming it changes nothing.
    expect((await c.put('/api/soal/timers/next', { sesi: 'listening' })).statusCode).toBe(409);
    await c.put('/api/soal/timers-to-zero', {});
    const moved = (await c.put('/api/soal/timers/next', { sesi: 'listening' })).json();
    expect(moved.sesi).toBe('written');
    // The answer was lost (a dropped connection, a 503 at the deadline) and the page repeats it:
    // the section now running, with its end unchanged.
    const repeated = await c.put('/api/soal/timers/next', { sesi: 'listening' });
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json()).toMatchObject({ sesi: 'written', endsAt: moved.endsAt });
    // Leaving written before it ended is still refused.
    expect((await c.put('/api/soal/timers/next', { sesi: 'written' })).statusCode).toBe(409);
    expect((await c.put('/api/soal/timers/next', { sesi: 'bicara' })).statusCode).toBe(400);
  });

  it('does not let a page of another package start or change the running attempt', async () => {
    const other = await insertCompletePackage(ctx.database.db, { nama: 'Paket Lain' });
    const { c } = await participant();
    await c.put('/api/soal/timers', {});
    expect((await c.put('/api/soal/timers', { paketId: other.id })).statusCode).toBe(409);
    expect((await c.put('/api/soal/timers-to-zero', { paketId: other.id })).statusCode).toBe(409);
  });
});

describe('answers while a section runs', () => {
  it('saves drafts of the running section, ignores the others, keeps index and played audio, latest wins', async () => {
    const { c } = await participant();
    await c.put('/api/soal/timers', {});
    const save = await c.put('/api/soal/jawaban/draft', {
      index: 5,
      answers: { '1': '2', '2': '3', '60': '1', '100': '4' },
      audio: { played: [1, 2], positions: {} },
    });
    expect(save.statusCode).toBe(200);
    expect(save.json()).toMatchObject({ index: 5, answers: { '1': '2', '2': '3' }, playedAudio: [1, 2], sesi: 'listening' });
    expect(save.json().ignored).toEqual([
      { id: 60, answer: '1', reason: 'not_started' },
      { id: 100, answer: '4', reason: 'not_started' },
    ]);
    await c.put('/api/soal/jawaban/draft', { index: 7, answers: { '2': '4', '3': '-1' }, audio: { played: [2, 5], positions: {} } });
    const draft = (await c.get('/api/soal/jawaban/draft')).json();
    expect(draft).toMatchObject({ index: 7, answers: { '1': '2', '2': '4', '3': '-1' }, playedAudio: [1, 2, 5], sesi: 'listening' });
    expect(draft.savedAt).toEqual(expect.any(String));
  });

  it('ignores answers that arrive after the section ended plus 5 s grace, accepts them within it', async () => {
    const { c, userId } = await participant();
    await c.put('/api/soal/timers', {});
    await expire(userId, 'listeningEndsAt', 2_000);
    const inGrace = (await c.put('/api/soal/jawaban/draft', { index: 1, answers: { '1': '1' } })).json();
    expect(inGrace.answers).toEqual({ '1': '1' });
    await expire(userId, 'listeningEndsAt', 10_000);
    const late = (await c.put('/api/soal/jawaban/draft', { index: 1, answers: { '1': '3', '2': '2' } })).json();
    expect(late.answers).toEqual({ '1': '1' });
    expect(late.ignored).toEqual([
      { id: 1, answer: '3', reason: 'ended' },
      { id: 2, answer: '2', reason: 'ended' },
    ]);
  });

  it.each([
    [{ index: 1, answers: { '1': '5' } }, 'Jawaban harus 1, 2, 3, 4 atau -1.'],
    [{ index: 999, answers: {} }, 'Indeks soal tidak valid.'],
    [{ index: 1, answers: 'semua benar' }, null],
    [{ answers: {} }, null],
    [{ index: 1, answers: { abc: '1' } }, 'Nomor halaman jawaban tidak valid.'],
  ])('refuses the draft %j with 400 and keeps the saved one', async (body, message) => {
    const { c } = await participant();
    await c.put('/api/soal/timers', {});
    await c.put('/api/soal/jawaban/draft', { index: 3, answers: { '4': '2' } });
    const res = await c.put('/api/soal/jawaban/draft', body);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    expect((await c.get('/api/soal/jawaban/draft')).json()).toMatchObject({ index: 3, answers: { '4': '2' } });
  });
});

describe('final submission and scoring', () => {
  async function sitWholeExam(c: Client, userId: number) {
    // Listening: 20 right, 5 wrong, the rest unanswered.
    await c.put('/api/soal/timers', {});
    const listening: Record<string, string> = {};
    for (let p = 1; p <= 25; p++) listening[String(p)] = p <= 20 ? paket.keys.get(p)! : wrong(paket.keys.get(p)!);
    await c.put('/api/soal/jawaban/draft', { index: 25, answers: listening });
    await expire(userId, 'listeningEndsAt');
    await c.put('/api/soal/timers/next', {});
    // Written: 30 right (structure 52-66 and written 68-82).
    const written: Record<string, string> = {};
    for (const p of [...Array.from({ length: 15 }, (_, i) => 52 + i), ...Array.from({ length: 15 }, (_, i) => 68 + i)]) {
      written[String(p)] = paket.keys.get(p)!;
    }
    await c.put('/api/soal/jawaban/draft', { index: 82, answers: written });
    expect((await c.post('/api/soal/jawaban', { answers: [] })).statusCode).toBe(409);
    await c.put('/api/soal/timers-to-zero', {});
    await c.put('/api/soal/timers/next', {});
    // Reading: 35 right sent with the final submission, plus a late listening answer that must not count.
    const finalAnswers = Array.from({ length: 50 }, (_, i) => 94 + i).map((p, i) => ({
      id: p,
      answer: i < 35 ? paket.keys.get(p)! : wrong(paket.keys.get(p)!),
    }));
    finalAnswers.push({ id: 30, answer: paket.keys.get(30)! });
    return c.post('/api/soal/jawaban', { answers: finalAnswers });
  }

  it('scores by the conversion table, stores history with every answer, last package, and clears the active package', async () => {
    const { c, userId } = await participant();
    const res = await sitWholeExam(c, userId);
    expect(res.statusCode).toBe(200);
    const expected = scoreCounts(20, 30, 35);
    const score = res.json();
    expect(score).toMatchObject({
      listeningCorrect: 20,
      writtenCorrect: 30,
      readingCorrect: 35,
      scoreListening: expected.scoreListening,
      scoreWritten: expected.scoreWritten,
      scoreReading: expected.scoreReading,
      toeflScore: expected.toeflScore,
      cefr: expected.cefr,
      cefrListening: expected.cefrListening,
      cefrWritten: expected.cefrWritten,
      cefrReading: expected.cefrReading,
      nearChance: expected.nearChance,
      tableVersion: 'phillips-2026-1',
      namaPaket: 'Paket Lengkap Uji',
    });
    const [history] = await ctx.database.db.select().from(examHistory).where(eq(examHistory.userId, userId));
    expect(history!.answers).toHaveLength(140);
    expect(history!.answers.find((a) => a.id === 30)!.answer).toBe('-1');
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ paketSoalIdAktif: null, paketTerakhir: 'Paket Lengkap Uji' });

    // Idempotent: the same score again, no second history row; the exam is over for this package.
    const again = await c.post('/api/soal/jawaban', { answers: [] });
    expect(again.json()).toEqual(score);
    expect(await ctx.database.db.select().from(examHistory).where(eq(examHistory.userId, userId))).toHaveLength(1);
    expect((await c.put('/api/soal/timers', { paketId: paket.id })).json()).toMatchObject({ sesi: 'finished' });
    expect((await c.get('/api/soal')).statusCode).toBe(403);
  });

  it('counts a double submission sent at once only once', async () => {
    const { c, userId } = await participant();
    await c.put('/api/soal/timers', {});
    await expire(userId, 'listeningEndsAt');
    await c.put('/api/soal/timers/next', {});
    await expire(userId, 'writtenEndsAt');
    await c.put('/api/soal/timers/next', {});
    const body = { answers: [{ id: 94, answer: paket.keys.get(94)! }] };
    const [a, b] = await Promise.all([c.post('/api/soal/jawaban', body), c.post('/api/soal/jawaban', body)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().historyId).toBe(b.json().historyId);
    expect(await ctx.database.db.select().from(examHistory).where(eq(examHistory.userId, userId))).toHaveLength(1);
  });

  it('finishes an abandoned attempt from its draft once reading time is long over', async () => {
    const { c, userId } = await participant();
    await c.put('/api/soal/timers', {});
    await c.put('/api/soal/jawaban/draft', { index: 2, answers: { '1': paket.keys.get(1)!, '2': paket.keys.get(2)! } });
    await expire(userId, 'listeningEndsAt');
    await c.put('/api/soal/timers/next', {});
    await expire(userId, 'writtenEndsAt');
    await c.put('/api/soal/timers/next', {});
    await expire(userId, 'readingEndsAt', 11 * 60_000);
    expect((await c.put('/api/soal/timers', {})).json()).toMatchObject({ sesi: 'finished' });
    const [history] = await ctx.database.db.select().from(examHistory).where(eq(examHistory.userId, userId));
    expect(history!.listeningCorrect).toBe(2);
    expect((await c.post('/api/soal/jawaban', { answers: [] })).json().historyId).toBe(history!.id);
  });

  it('makes a package paid for meanwhile the active one after the finish', async () => {
    const next = await insertCompletePackage(ctx.database.db, { nama: 'Paket Berikutnya', harga: 25000 });
    const { c, userId } = await participant();
    await ctx.database.db.insert(payments).values({
      userId,
      paketSoalId: next.id,
      namaPaket: 'Paket Berikutnya',
      bukti: 'x.png',
      amount: 25000,
      status: 'confirmed',
      decidedAt: new Date(),
    });
    await c.put('/api/soal/timers', {});
    await expire(userId, 'listeningEndsAt');
    await c.put('/api/soal/timers/next', {});
    await expire(userId, 'writtenEndsAt');
    await c.put('/api/soal/timers/next', {});
    expect((await c.post('/api/soal/jawaban', { answers: [] })).statusCode).toBe(200);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, userId));
    expect(user!.paketSoalIdAktif).toBe(next.id);
    // The old exam page cannot start the new package by refreshing its timer.
    expect((await c.put('/api/soal/timers', { paketId: paket.id })).json().sesi).toBe('finished');
    expect(
      await ctx.database.db
        .select()
        .from(examAttempts)
        .where(and(eq(examAttempts.userId, userId), eq(examAttempts.paketSoalId, next.id))),
    ).toHaveLength(0);
    // Starting it for real consumes the payment.
    expect((await c.put('/api/soal/timers', { paketId: next.id })).json().sesi).toBe('listening');
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.userId, userId));
    expect(payment!.consumedAt).not.toBeNull();
    const [started] = await ctx.database.db
      .select()
      .from(examAttempts)
      .where(and(eq(examAttempts.userId, userId), eq(examAttempts.paketSoalId, next.id)));
    expect(started!.paymentId).toBe(payment!.id);
  });

  it('refuses malformed submissions with 400', async () => {
    const { c } = await participant();
    expect((await c.post('/api/soal/jawaban', { answers: [{ id: 'abc', answer: '1' }] })).statusCode).toBe(400);
    expect((await c.post('/api/soal/jawaban', { answers: [{ id: 94, answer: 'A' }] })).statusCode).toBe(400);
    expect((await c.post('/api/soal/jawaban', {})).statusCode).toBe(400);
    expect((await c.post('/api/soal/jawaban', { answers: [] })).statusCode).toBe(409);
  });
});
