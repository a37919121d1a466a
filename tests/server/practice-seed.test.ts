import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPracticeContent, seedPracticeBank } from '../../server/db/practice-content.ts';
import { practiceClips, practiceItems, practicePassages, settings } from '../../server/db/schema.ts';
import { createTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

describe('practice bank seeding', () => {
  it('seeds every item once, each talk clip once, and does nothing on the next start', async () => {
    const db = ctx.database.db;
    const { content } = await loadPracticeContent();
    const total = content.listening.length + content.structure.length + content.written.length + content.reading.questions.length;
    expect(total).toBeGreaterThanOrEqual(300);

    expect(await seedPracticeBank(db)).toBe(total);
    expect(await db.select().from(practiceItems)).toHaveLength(total);
    const distinctClips = new Set(content.listening.map((q) => q.audio)).size;
    expect(distinctClips).toBeLessThan(content.listening.length);
    expect(await db.select().from(practiceClips)).toHaveLength(distinctClips);
    expect(await db.select().from(practicePassages)).toHaveLength(content.reading.passages.length);

    const [talkItem] = await db.select().from(practiceItems).where(eq(practiceItems.id, 'pr-lb-001'));
    expect(talkItem).toMatchObject({ section: 'listening', part: 'B', clip: 'pr-lb-talk-01.mp3' });
    const sharing = await db.select().from(practiceItems).where(eq(practiceItems.clip, 'pr-lb-talk-01.mp3'));
    expect(sharing.length).toBeGreaterThan(1);

    expect(await seedPracticeBank(db)).toBe(0);
    expect(await db.select().from(practiceItems)).toHaveLength(total);
  });

  it('writes a changed bank again over the same ids (a corrected key reaches an existing install)', async () => {
    const db = ctx.database.db;
    await db.update(practiceItems).set({ jawaban: '4' }).where(eq(practiceItems.id, 'pr-st-001'));
    await db.update(settings).set({ value: 'stale' }).where(eq(settings.key, 'practice_bank_digest'));
    expect(await seedPracticeBank(db)).toBeGreaterThan(0);
    const [item] = await db.select().from(practiceItems).where(eq(practiceItems.id, 'pr-st-001'));
    expect(item?.jawaban).toBe('1');
  });

  it('serves a practice clip as free static media', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/static/audio/pr-la-001.mp3' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^audio\/mpeg/);
  });
});
