import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examHistory, users } from '../../server/db/schema.ts';
import { Client, createTestApp, insertCompletePackage, toReading, type TestContext } from './helpers.ts';

let ctx: TestContext;
let paket: { id: number; keys: Map<number, string> };
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_PER_IP: '10000' });
  paket = await insertCompletePackage(ctx.database.db, { durasi: [600, 600, 600] });
});
afterAll(async () => ctx.close());

/** A participant moved to reading (listening and written ended early with Selesai). */
async function inReading(n: number): Promise<Client> {
  const nohp = `0815${String(n).padStart(8, '0')}`;
  const c = new Client(ctx.app);
  await c.signUpAndIn({ nohp });
  await ctx.database.db
    .update(users)
    .set({ paketSoalIdAktif: paket.id })
    .where(eq(users.nohp, `62${nohp.slice(1)}`));
  await c.put('/api/soal/timers', {});
  await toReading(c);
  return c;
}

describe('final submissions at the same moment', () => {
  it('all succeed, each stored once with all 140 answers', async () => {
    const participants = await Promise.all(Array.from({ length: 30 }, (_, i) => inReading(i + 1)));
    const answers = [...paket.keys.keys()].map((page, i) => ({ id: page, answer: String((i % 4) + 1) }));
    const results = await Promise.all(participants.map((c) => c.post('/api/soal/jawaban', { answers })));
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    const rows = await ctx.database.db.select().from(examHistory).where(eq(examHistory.paketSoalId, paket.id));
    expect(rows).toHaveLength(30);
    for (const row of rows) expect(row.answers).toHaveLength(140);
  });
});
