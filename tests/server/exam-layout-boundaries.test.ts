import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examAttempts, examHistory, users } from '../../server/db/schema.ts';
import { Client, createTestApp, insertCompletePackage, type TestContext } from './helpers.ts';

/*
 * The spec's boundary pages written as literals (spec section 9), not read from the layout: an
 * answer on each is saved by the draft and counted by the final score. A shifted range in
 * machines/exam-layout.ts (the one owner) fails here.
 */
const BOUNDARIES = { listening: [1, 50], written: [52, 66, 68, 92], reading: [94, 143] } as const;

let ctx: TestContext;
let paket: { id: number; keys: Map<number, string> };
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_PER_IP: '1000' });
  paket = await insertCompletePackage(ctx.database.db, { durasi: [600, 500, 900] });
});
afterAll(async () => ctx.close());

describe('layout boundary pages 1, 50, 52, 66, 68, 92, 94, 143', () => {
  it('are saved by the draft while their section runs and scored by the final submission', async () => {
    const c = new Client(ctx.app);
    const nohp = '081677770001';
    await c.signUpAndIn({ nohp });
    await ctx.database.db.update(users).set({ paketSoalIdAktif: paket.id }).where(eq(users.nohp, '6281677770001'));
    const [user] = await ctx.database.db.select().from(users).where(eq(users.nohp, '6281677770001'));
    const key = (page: number) => paket.keys.get(page)!;
    const endNow = (column: 'listeningEndsAt' | 'writtenEndsAt') =>
      ctx.database.db
        .update(examAttempts)
        .set({ [column]: new Date(Date.now() - 60_000) })
        .where(eq(examAttempts.userId, user!.id));

    await c.put('/api/soal/timers', {});
    for (const [section, pages] of [
      ['listening', BOUNDARIES.listening],
      ['written', BOUNDARIES.written],
    ] as const) {
      const res = (
        await c.put('/api/soal/jawaban/draft', { index: pages[0], answers: pages.map((id) => ({ id, answer: key(id) })) })
      ).json();
      expect(res.ignored, section).toEqual([]);
      for (const page of pages) expect(res.answers[String(page)], `page ${page}`).toBe(key(page));
      await endNow(section === 'listening' ? 'listeningEndsAt' : 'writtenEndsAt');
      await c.put('/api/soal/timers/next', {});
    }
    const readingDraft = (
      await c.put('/api/soal/jawaban/draft', { index: 94, answers: BOUNDARIES.reading.map((id) => ({ id, answer: key(id) })) })
    ).json();
    expect(readingDraft.ignored).toEqual([]);

    const score = await c.post('/api/soal/jawaban', { answers: [] });
    expect(score.statusCode).toBe(200);
    expect(score.json()).toMatchObject({ listeningCorrect: 2, writtenCorrect: 4, readingCorrect: 2 });
    const [history] = await ctx.database.db.select().from(examHistory).where(eq(examHistory.userId, user!.id));
    const answered = history!.answers.filter((a) => a.answer !== '-1').map((a) => a.id);
    expect(answered).toEqual([...BOUNDARIES.listening, ...BOUNDARIES.written, ...BOUNDARIES.reading]);
  });
});
