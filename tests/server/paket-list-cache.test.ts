import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paketSoal } from '../../server/db/schema.ts';
import { PaketListCache } from '../../server/services/paket-list-cache.service.ts';
import { adminClient, Client, createTestApp, insertCompletePackage, type TestContext } from './helpers.ts';

let ctx: TestContext;
let admin: Client;
let paket: { id: number };
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_PER_IP: '1000' });
  admin = await adminClient(ctx);
  paket = await insertCompletePackage(ctx.database.db, { harga: 50000 });
});
afterAll(async () => ctx.close());

const list = (headers?: Record<string, string>) => new Client(ctx.app).get('/api/paket-soal', headers);
const names = (res: { json: () => unknown }) => (res.json() as { data: { id: number; harga: number }[] }).data;

/** The list's ETag now, checked to be served and revalidated. */
async function current() {
  const res = await list();
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-cache');
  const etag = String(res.headers.etag);
  expect(etag).toMatch(/^W\/"paket-/);
  return { etag, data: names(res) };
}

describe('GET /api/paket-soal cached exactly', () => {
  it('answers 304 without a body for the current ETag, and the list for an old one', async () => {
    const { etag, data } = await current();
    expect(data.map((p) => p.id)).toContain(paket.id);
    const same = await list({ 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect(same.headers.etag).toBe(etag);
    // Strong spelling and lists of tags match as well.
    expect((await list({ 'if-none-match': `"x", ${etag.replace(/^W\//, '')}` })).statusCode).toBe(304);
    const other = await list({ 'if-none-match': 'W/"paket-old-1"' });
    expect(other.statusCode).toBe(200);
    expect(names(other)).toEqual(data);
  });

  it('repeated reads serve the same body and ETag while nothing changes', async () => {
    const a = await current();
    const b = await current();
    expect(b).toEqual(a);
  });

  it('while the database is not telling, reads the version row per request and the list once per version', async () => {
    const untold = new PaketListCache(() => false);
    const first = await untold.answer(ctx.database.db);
    const before = ctx.database.queryCount;
    expect(await untold.etag(ctx.database.db)).toBe(first.etag);
    expect(await untold.answer(ctx.database.db)).toBe(first);
    expect(ctx.database.queryCount - before).toBe(2);
    await ctx.database.db.update(paketSoal).set({ harga: 51000 }).where(eq(paketSoal.id, paket.id));
    const changed = await untold.answer(ctx.database.db);
    expect(changed.etag).not.toBe(first.etag);
    expect(changed.body).toContain('51000');
    await ctx.database.db.update(paketSoal).set({ harga: 50000 }).where(eq(paketSoal.id, paket.id));
  });

  it('reads nothing once read: the database tells of changes', async () => {
    const { etag } = await current();
    const before = ctx.database.queryCount;
    await current();
    expect(ctx.database.queryCount - before).toBe(0);
    const revalidated = ctx.database.queryCount;
    expect((await list({ 'if-none-match': etag })).statusCode).toBe(304);
    expect(ctx.database.queryCount - revalidated).toBe(0);
  });

  it('an admin edit, archive, restore and a package going back to belum each give a new ETag and the new list', async () => {
    const seen = new Set<string>();
    const step = async (change: () => Promise<unknown>, check: (data: { id: number; harga: number }[]) => void) => {
      const before = await current();
      seen.add(before.etag);
      await change();
      expect((await list({ 'if-none-match': before.etag })).statusCode).toBe(200);
      const after = await current();
      expect(seen.has(after.etag)).toBe(false);
      check(after.data);
    };
    await step(
      async () =>
        expect((await admin.put(`/api/admin/paket-soal/${paket.id}`, { nama_paket: 'Paket Cache', harga: 61000 })).statusCode).toBe(200),
      (data) => expect(data.find((p) => p.id === paket.id)?.harga).toBe(61000),
    );
    await step(
      async () => expect((await admin.delete(`/api/admin/paket-soal/${paket.id}`)).statusCode).toBe(200),
      (data) => expect(data.map((p) => p.id)).not.toContain(paket.id),
    );
    await step(
      async () => expect((await admin.post(`/api/admin/paket-soal/${paket.id}/restore`)).statusCode).toBe(200),
      (data) => expect(data.map((p) => p.id)).toContain(paket.id),
    );
    await step(
      async () =>
        expect((await admin.put(`/api/admin/paket-soal/${paket.id}`, { nama_paket: 'Paket Cache', status: 'belum' })).statusCode).toBe(200),
      (data) => expect(data.map((p) => p.id)).not.toContain(paket.id),
    );
    await step(
      // (The fixture has no audio files, so the admin route would refuse siap; the row changes directly.)
      () => ctx.database.db.update(paketSoal).set({ status: 'siap' }).where(eq(paketSoal.id, paket.id)),
      (data) => expect(data.map((p) => p.id)).toContain(paket.id),
    );
  });

  it('a new package (clone, import or another instance) and a change written by another instance invalidate too', async () => {
    const before = await current();
    const clone = await admin.post(`/api/admin/paket-soal/${paket.id}/clone`);
    expect(clone.statusCode).toBe(201);
    const afterClone = await current();
    expect(afterClone.etag).not.toBe(before.etag);

    // Another instance (or psql) changes the row behind this process's back.
    await ctx.database.db.update(paketSoal).set({ namaPaket: 'Diubah di tempat lain' }).where(eq(paketSoal.id, paket.id));
    const afterOther = await current();
    expect(afterOther.etag).not.toBe(afterClone.etag);
    expect((await list()).json()).toMatchObject({
      data: expect.arrayContaining([expect.objectContaining({ nama_paket: 'Diubah di tempat lain' })]),
    });

    const added = await insertCompletePackage(ctx.database.db, { harga: 1000 });
    const afterInsert = await current();
    expect(afterInsert.etag).not.toBe(afterOther.etag);
    expect(afterInsert.data.map((p) => p.id)).toContain(added.id);
  });

  it('a change rolled back leaves the list as it was', async () => {
    const before = await current();
    await ctx.database.db
      .transaction(async (tx) => {
        await tx.update(paketSoal).set({ harga: 1 }).where(eq(paketSoal.id, paket.id));
        throw new Error('rollback');
      })
      .catch(() => undefined);
    const after = await current();
    expect(after.data).toEqual(before.data);
    expect(after.data.some((p) => p.harga === 1)).toBe(false);
  });
});
