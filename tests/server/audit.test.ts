import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, payments, users } from '../../server/db/schema.ts';
import { eq } from 'drizzle-orm';
import { adminClient, Client, createTestApp, fixture, multipart, uniquePhone, type TestContext } from './helpers.ts';

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_PER_IP: '1000' });
  admin = await adminClient(ctx);
});
afterAll(async () => ctx.close());

interface Entry {
  action: string;
  entity: string;
  entityId: string | null;
  actor: { nama: string; nohp: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
  at: string;
}
const entries = async (query = '') =>
  (await admin.get(`/api/admin/audit-log${query}`)).json<{ data: Entry[]; total: number; actions: string[] }>();

describe('the audit hook', () => {
  it('covers every mutating admin route', () => {
    const routes = ctx.app.adminMutatingRoutes;
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((r) => !r.audited)).toEqual([]);
  });

  it('records who created, changed and deleted a package, with the state before and after', async () => {
    const created = await admin.post('/api/admin/paket-soal', { nama_paket: 'Paket Audit', harga: 10000 });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    expect((await admin.put(`/api/admin/paket-soal/${id}`, { nama_paket: 'Paket Audit Baru', status: 'belum' })).statusCode).toBe(200);
    expect((await admin.delete(`/api/admin/paket-soal/${id}`)).statusCode).toBe(200);

    const log = (await entries()).data.filter((e) => e.entity === 'paket' && e.entityId === String(id));
    expect(log.map((e) => e.action)).toEqual(['paket.delete', 'paket.update', 'paket.create']);
    const [deleted, updated, create] = log;
    expect(create).toMatchObject({
      before: null,
      after: { namaPaket: 'Paket Audit', harga: 10000 },
      actor: { nama: 'Admin', nohp: '6281100000099' },
    });
    expect(updated).toMatchObject({ before: { namaPaket: 'Paket Audit' }, after: { namaPaket: 'Paket Audit Baru' } });
    expect(deleted!.before).toMatchObject({ namaPaket: 'Paket Audit Baru' });
  });

  it('writes nothing for a refused change', async () => {
    const before = (await entries()).total;
    expect((await admin.put('/api/admin/paket-soal/999999', { nama_paket: 'X', status: 'belum' })).statusCode).toBe(404);
    expect((await admin.post('/api/admin/paket-soal', { nama_paket: '' })).statusCode).toBe(400);
    expect((await entries()).total).toBe(before);
  });

  it('never stores a password, its hash or a token', async () => {
    const learner = new Client(ctx.app);
    const nohp = uniquePhone();
    await learner.signUpAndIn({ nohp, password: 'rahasia-lama-1' });
    const res = await admin.post(`/api/admin/user/${nohp}/reset-password`);
    expect(res.statusCode).toBe(200);
    const { password } = res.json<{ password: string }>();
    const rows = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'pengguna.reset-password'));
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain(password);
    expect(stored).not.toContain('rahasia-lama-1');
    expect(stored).not.toMatch(/argon2|passwordHash|password_hash/);
    expect(rows[0]!.before).toMatchObject({ nama: 'Peserta Uji' });
  });

  it('records a payment decision with the rejection reason', async () => {
    const nohp = uniquePhone();
    await new Client(ctx.app).signUpAndIn({ nohp });
    const [learner] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.nohp, `62${nohp.slice(1)}`));
    const paket = await admin.post('/api/admin/paket-soal', { nama_paket: 'Paket Bayar', harga: 5000 });
    const [payment] = await ctx.database.db
      .insert(payments)
      .values({ userId: learner!.id, paketSoalId: paket.json().data.id, namaPaket: 'Paket Bayar', bukti: 'bukti-uji', amount: 5000 })
      .returning();
    const paymentId = payment!.id;
    const decided = await admin.put(`/api/admin/payments/${paymentId}/status`, { status: 'rejected', alasanPenolakan: 'Nominal kurang' });
    expect(decided.statusCode).toBe(200);
    const [entry] = (await entries('?action=pembayaran.decide')).data;
    expect(entry).toMatchObject({
      entityId: String(paymentId),
      reason: 'Nominal kurang',
      before: { status: 'pending' },
      after: { status: 'rejected' },
    });
    const [row] = await ctx.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row!.status).toBe('rejected');
  });

  it('records the QR setting with its before and after', async () => {
    const send = () => {
      const body = multipart({}, { qr: { filename: 'qr.png', content: fixture('red.png'), type: 'image/png' } });
      return admin.request({ method: 'PUT', url: '/api/admin/settings/qr-payment', payload: body.payload, headers: body.headers });
    };
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    const [second, first] = (await entries('?action=pengaturan.qr')).data;
    expect(first).toMatchObject({ before: null, entityId: 'qr_payment_image' });
    expect(second!.before).toEqual(first!.after);
    expect(second!.after).not.toEqual(first!.after);
  });
});

describe('GET /api/admin/audit-log', () => {
  it('filters by action, actor and Jakarta day, and lists the actions present', async () => {
    const second = await adminClient(ctx, '081100000098');
    const [row] = await ctx.database.db.select().from(users).where(eq(users.nohp, '6281100000098'));
    await ctx.database.db.update(users).set({ nama: 'Admin Kedua' }).where(eq(users.id, row!.id));
    await second.post('/api/admin/paket-soal', { nama_paket: 'Paket Admin Kedua' });

    const all = await entries();
    expect(all.actions).toEqual(expect.arrayContaining(['paket.create', 'paket.update', 'paket.delete', 'pengguna.reset-password']));
    expect((await entries('?actor=kedua')).data.map((e) => e.after?.namaPaket)).toEqual(['Paket Admin Kedua']);
    expect((await entries('?actor=081100000098')).total).toBe(1);
    const creations = await entries('?action=paket.create');
    expect(creations.data.every((e) => e.action === 'paket.create')).toBe(true);
    expect(creations.total).toBeGreaterThanOrEqual(3);

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
    expect((await entries(`?from=${today}&to=${today}`)).total).toBe(all.total);
    expect((await entries('?to=2020-01-01')).data).toEqual([]);
  });

  it('exports the same filter as CSV without secrets', async () => {
    const res = await admin.get('/api/admin/audit-log.csv?action=paket.create');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Waktu,Nama Admin,No HP Admin,Aksi,Kode Aksi,Data,ID Data,Alasan,Sebelum,Sesudah');
    expect(lines.length).toBe((await entries('?action=paket.create')).total + 1);
    expect(lines[1]).toContain('Tambah paket');
    const all = await admin.get('/api/admin/audit-log.csv');
    expect(all.body).not.toMatch(/argon2|passwordHash/);
  });

  it('answers bad filters with 400 and learners with 403', async () => {
    const bad = await admin.get('/api/admin/audit-log?from=kemarin');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Tanggal awal harus berformat YYYY-MM-DD.');
    const learner = new Client(ctx.app);
    await learner.signUpAndIn({ nohp: uniquePhone() });
    expect((await learner.get('/api/admin/audit-log')).statusCode).toBe(403);
    expect((await learner.get('/api/admin/audit-log.csv')).statusCode).toBe(403);
  });
});
