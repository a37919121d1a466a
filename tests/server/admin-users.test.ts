import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, Client, createTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_PER_IP: '1000' });
  admin = await adminClient(ctx);
  for (let i = 0; i < 25; i++) {
    await new Client(ctx.app).post('/api/users/register', {
      nohp: `08123400${String(i).padStart(4, '0')}`,
      nama: i === 7 ? 'Rina Wulandari' : `Peserta ${i}`,
      email: `p${i}@example.id`,
      password: 'rahasia123',
    });
  }
});
afterAll(async () => ctx.close());

describe('GET /api/admin/user', () => {
  it('pages the participants with their exam status and packages', async () => {
    const res = await admin.get('/api/admin/user?page=2&limit=10');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 25, page: 2, limit: 10 });
    expect(body.data).toHaveLength(10);
    expect(body.data[0]).toMatchObject({ status_ujian: 'idle', paket_aktif: null, paket_terakhir: null });
    expect(body.data[0]).not.toHaveProperty('password');
    expect(body.data[0]).not.toHaveProperty('passwordHash');
  });

  it('searches by name and by any spelling of the number', async () => {
    const byName = await admin.get('/api/admin/user?q=wulan');
    expect(byName.json().data.map((u: { nama: string }) => u.nama)).toEqual(['Rina Wulandari']);
    const byPhone = await admin.get('/api/admin/user?q=081234000007');
    expect(byPhone.json().data.map((u: { nohp: string }) => u.nohp)).toEqual(['6281234000007']);
    const wildcard = await admin.get('/api/admin/user?q=%25');
    expect(wildcard.json().total).toBe(0);
  });

  it('refuses bad paging with 400 and Users with 403', async () => {
    expect((await admin.get('/api/admin/user?limit=1000')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/user?page=0')).statusCode).toBe(400);
    const user = new Client(ctx.app);
    await user.post('/api/users/login', { nohp: '081234000001', password: 'rahasia123' });
    expect((await user.get('/api/admin/user')).statusCode).toBe(403);
  });
});

describe('POST /api/admin/user/:nohp/reset-password', () => {
  it('sets a temporary password shown once, ends the old sessions, and the old password stops working', async () => {
    const user = new Client(ctx.app);
    expect((await user.post('/api/users/login', { nohp: '081234000003', password: 'rahasia123' })).statusCode).toBe(200);
    const res = await admin.post('/api/admin/user/6281234000003/reset-password');
    expect(res.statusCode).toBe(200);
    const { password } = res.json<{ password: string }>();
    expect(password).toMatch(/^[a-z2-9]{10}$/);
    expect((await user.get('/api/users/getAuth')).statusCode).toBe(401);
    const fresh = new Client(ctx.app);
    expect((await fresh.post('/api/users/login', { nohp: '081234000003', password: 'rahasia123' })).statusCode).toBe(401);
    expect((await fresh.post('/api/users/login', { nohp: '081234000003', password })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown number', async () => {
    expect((await admin.post('/api/admin/user/6289999999999/reset-password')).statusCode).toBe(404);
  });
});
