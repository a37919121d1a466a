import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paketSoal, settings, soal } from '../../server/db/schema.ts';
import { loadDemoContent, seedDemoContent, tagSeededDemoContent } from '../../server/db/demo-content.ts';
import { createPaket } from '../../server/services/paket.service.ts';
import { adminClient, createTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

describe('demo content seeding', () => {
  it('seeds one complete, free, siap package with the default durations, exactly once', async () => {
    const id = await seedDemoContent(ctx.database.db, ctx.app.storage);
    expect(id).toEqual(expect.any(Number));
    const admin = await adminClient(ctx);
    const paket = (await admin.get(`/api/admin/paket-soal/${id}`)).json().data;
    expect(paket).toMatchObject({
      status: 'siap',
      harga: 0,
      level: 'itp',
      durasi_listening: 2100,
      durasi_written: 1500,
      durasi_reading: 3300,
      completeness: { listening: 50, structure: 15, written: 25, reading: 50, complete: true },
    });
    const withAudio = (await admin.get(`/api/admin/paket-soal/${id}/soal-listening`))
      .json()
      .data.filter((q: { audio: string | null }) => q.audio);
    expect(withAudio).toHaveLength(35);
    const clip = await admin.get(withAudio[0].audio);
    expect(clip.statusCode).toBe(200);
    expect(clip.headers['content-type']).toMatch(/^audio\/mpeg/);

    expect(await seedDemoContent(ctx.database.db, ctx.app.storage)).toBeNull();
    expect(await ctx.database.db.select().from(paketSoal)).toHaveLength(1);
    expect(await ctx.database.db.select().from(soal)).toHaveLength(140);
  });

  it('tags the demo questions with their skills and scripts, and re-tags an install seeded before skills once', async () => {
    const db = ctx.database.db;
    const content = await loadDemoContent();
    const rows = await db.select().from(soal);
    const first = rows.find((r) => r.section === 'listening' && r.noSoal === 1)!;
    expect(first).toMatchObject({ skill: content.listening[0]!.skill, spokenQuestion: 'What does the woman mean?' });
    expect(first.transcript).toContain('Man: Have you finished the lab report');
    const vocab = rows.filter((r) => r.section === 'reading' && r.skill === 'rd-vocabulary');
    expect(vocab).toHaveLength(9);

    // An install seeded before skills: the migration gave section defaults and no scripts.
    expect(await tagSeededDemoContent(db)).toBe(0);
    await db.update(soal).set({ skill: 'rd-detail', transcript: null, spokenQuestion: null }).where(eq(soal.section, 'reading'));
    await db.update(soal).set({ skill: 'la-paraphrase', transcript: null, spokenQuestion: null }).where(eq(soal.section, 'listening'));
    await db.delete(settings).where(eq(settings.key, 'demo_content_tagged'));
    expect(await tagSeededDemoContent(db)).toBe(140);
    const again = await db.select().from(soal);
    expect(again.filter((r) => r.section === 'reading' && r.skill === 'rd-vocabulary')).toHaveLength(9);
    expect(again.find((r) => r.section === 'listening' && r.noSoal === 34)!.transcript).toMatch(/^Questions 31 through 34/);
    expect(await tagSeededDemoContent(db)).toBe(0);
  });

  it('does not bring an archived demo package back', async () => {
    const [row] = await ctx.database.db.select().from(paketSoal);
    const admin = await adminClient(ctx);
    expect((await admin.delete(`/api/admin/paket-soal/${row!.id}`)).statusCode).toBe(200);
    expect(await seedDemoContent(ctx.database.db, ctx.app.storage)).toBeNull();
    const after = await ctx.database.db.select().from(paketSoal);
    expect(after).toHaveLength(1);
    expect(after[0]!.archivedAt).toBeInstanceOf(Date);
  });

  it('replaces a half-seeded package left by an interrupted start', async () => {
    const local = await createTestApp();
    try {
      const half = await createPaket(local.database.db, { nama_paket: 'Setengah' });
      await local.database.db.insert(settings).values({ key: 'demo_content_pending', value: String(half.id) });
      const id = await seedDemoContent(local.database.db, local.app.storage);
      const rows = await local.database.db.select().from(paketSoal);
      expect(rows.map((r) => r.id)).toEqual([id]);
      expect(await local.database.db.select().from(settings).where(eq(settings.key, 'demo_content_pending'))).toHaveLength(0);
    } finally {
      await local.close();
    }
  });
});
