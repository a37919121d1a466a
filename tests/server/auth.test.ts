import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../server/db/schema.ts';
import { ensureAdmin } from '../../server/services/users.service.ts';
import { Client, createTestApp, uniquePhone, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_PER_IP: '1000' });
});
afterAll(async () => ctx.close());

const register = (c: Client, body: Record<string, unknown>) => c.post('/api/users/register', body);

describe('POST /api/users/register', () => {
  it('creates a user with an argon2id hash and the canonical 62... number', async () => {
    const c = new Client(ctx.app);
    const res = await register(c, { nohp: '0812-3456-7001', nama: 'Siti Rahayu', email: 'siti@example.id', password: 'rahasia123' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ data: { nohp: '6281234567001', nama: 'Siti Rahayu', role: 'User' } });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.nohp, '6281234567001'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain('rahasia123');
  });

  it('treats 0812..., +62812... and 62812... as one account (409 on the second)', async () => {
    const c = new Client(ctx.app);
    const first = await register(c, { nohp: '081234567002', nama: 'A', email: 'a@example.id', password: 'rahasia123' });
    expect(first.statusCode).toBe(201);
    for (const nohp of ['+6281234567002', '6281234567002', '+62 812 3456 7002']) {
      const again = await register(c, { nohp, nama: 'B', email: 'b@example.id', password: 'rahasia123' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Nomor HP sudah terdaftar. Silakan login.');
    }
  });

  it.each([
    ['not a phone', { nohp: 'abc', nama: 'A', email: 'a@example.id', password: 'rahasia123' }, 'nohp'],
    ['landline', { nohp: '0215551234', nama: 'A', email: 'a@example.id', password: 'rahasia123' }, 'nohp'],
    ['foreign number', { nohp: '+14155550100', nama: 'A', email: 'a@example.id', password: 'rahasia123' }, 'nohp'],
    ['too short', { nohp: '0812', nama: 'A', email: 'a@example.id', password: 'rahasia123' }, 'nohp'],
    ['number as a number', { nohp: 81234567003, nama: 'A', email: 'a@example.id', password: 'rahasia123' }, 'nohp'],
    ['missing name', { nohp: uniquePhone(), email: 'a@example.id', password: 'rahasia123' }, 'nama'],
    ['blank name', { nohp: uniquePhone(), nama: '   ', email: 'a@example.id', password: 'rahasia123' }, 'nama'],
    ['10 KB name', { nohp: uniquePhone(), nama: 'x'.repeat(10_240), email: 'a@example.id', password: 'rahasia123' }, 'nama'],
    ['bad email', { nohp: uniquePhone(), nama: 'A', email: 'not-an-email', password: 'rahasia123' }, 'email'],
    ['short password', { nohp: uniquePhone(), nama: 'A', email: 'a@example.id', password: 'pendek' }, 'password'],
    ['password as array', { nohp: uniquePhone(), nama: 'A', email: 'a@example.id', password: ['x'] }, 'password'],
  ])('refuses %s with 400 and an Indonesian field message', async (_label, body, field) => {
    const c = new Client(ctx.app);
    const before = await ctx.database.db.select().from(users);
    const res = await register(c, body);
    expect(res.statusCode).toBe(400);
    const json = res.json<{ message: string; errors: { path: string; msg: string }[] }>();
    expect(json.errors.map((e) => e.path)).toContain(field);
    expect(json.message).toBe(json.errors[0]!.msg);
    expect(json.message).not.toMatch(/expected|invalid input/i);
    expect(await ctx.database.db.select().from(users)).toHaveLength(before.length);
  });

  it('stores SQL-looking names as plain text', async () => {
    const c = new Client(ctx.app);
    const nama = "Robert'); DROP TABLE users;--";
    const res = await register(c, { nohp: '081234567004', nama, email: 'r@example.id', password: 'rahasia123' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.nama).toBe(nama);
    expect((await ctx.database.db.select().from(users)).length).toBeGreaterThan(1);
  });

  it('answers malformed JSON, a missing body and a wrong content type with 4xx, never 500', async () => {
    const c = new Client(ctx.app);
    const broken = await c.request({
      method: 'POST',
      url: '/api/users/register',
      payload: '{"nohp":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBeTruthy();
    const empty = await c.request({ method: 'POST', url: '/api/users/register' });
    expect(empty.statusCode).toBe(400);
    const text = await c.request({
      method: 'POST',
      url: '/api/users/register',
      payload: 'nohp=1',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
  });
});

describe('login, session and logout', () => {
  it('logs in with any spelling of the number, sets an httpOnly SameSite=Lax cookie, and getAuth answers the user', async () => {
    const c = new Client(ctx.app);
    await register(c, { nohp: '081234567010', nama: 'Dewi', email: 'd@example.id', password: 'rahasia123' });
    const res = await c.post('/api/users/login', { nohp: '+62 812-3456-7010', password: 'rahasia123' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ nohp: '6281234567010', nama: 'Dewi', role: 'User', profilePic: null });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/sid=[\w-]{40,}/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);

    const auth = await c.get('/api/users/getAuth');
    expect(auth.statusCode).toBe(200);
    expect(auth.json()).toEqual({ dataUser: { nohp: '6281234567010', nama: 'Dewi', role: 'User', profilePic: null } });
    const detail = await c.get('/api/users/detail-user');
    expect(detail.json()).toMatchObject({ email: 'd@example.id', nama: 'Dewi' });
  });

  it('stores only a hash of the token, and a new token at every login', async () => {
    const c = new Client(ctx.app);
    await c.signUpAndIn({ nohp: '081234567011' });
    const first = c.sessionCookie!;
    const stored = await ctx.database.db.select().from(sessions);
    expect(stored.some((s) => first.includes(s.tokenHash))).toBe(false);
    await c.post('/api/users/login', { nohp: '081234567011', password: 'rahasia123' });
    expect(c.sessionCookie).toBeDefined();
    expect(c.sessionCookie).not.toBe(first);
    // The replaced session no longer works.
    const old = await ctx.app.inject({ method: 'GET', url: '/api/users/getAuth', headers: { cookie: first } });
    expect(old.statusCode).toBe(401);
  });

  it('answers login failures as { error } with 401, the same for an unknown number', async () => {
    const c = new Client(ctx.app);
    await register(c, { nohp: '081234567012', nama: 'E', email: 'e@example.id', password: 'rahasia123' });
    const wrong = await c.post('/api/users/login', { nohp: '081234567012', password: 'salah-sekali' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('Nomor HP atau password salah.');
    const unknown = await c.post('/api/users/login', { nohp: '081299999999', password: 'rahasia123' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toBe('Nomor HP atau password salah.');
    const bad = await c.post('/api/users/login', { nohp: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBeTruthy();
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('logout ends the session on the server and clears the cookie', async () => {
    const c = new Client(ctx.app);
    await c.signUpAndIn({ nohp: '081234567013' });
    const cookie = c.sessionCookie!;
    const out = await c.get('/api/users/logout');
    expect(out.statusCode).toBe(200);
    expect(c.sessionCookie).toBeUndefined();
    const reused = await ctx.app.inject({ method: 'GET', url: '/api/users/getAuth', headers: { cookie } });
    expect(reused.statusCode).toBe(401);
  });

  it('refuses a forged or expired cookie with 401', async () => {
    const forged = await ctx.app.inject({ method: 'GET', url: '/api/users/getAuth', headers: { cookie: 'sid=forged' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('Silakan login terlebih dahulu.');
    const c = new Client(ctx.app);
    await c.signUpAndIn({ nohp: '081234567014' });
    await ctx.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await c.get('/api/users/getAuth')).statusCode).toBe(401);
  });

  it('refuses a state-changing request from a foreign Origin with 403, accepts its own origin', async () => {
    const c = new Client(ctx.app);
    const foreign = await c.post(
      '/api/users/register',
      { nohp: uniquePhone(), nama: 'X', email: 'x@example.id', password: 'rahasia123' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    const own = await c.post(
      '/api/users/register',
      { nohp: '081234567015', nama: 'X', email: 'x@example.id', password: 'rahasia123' },
      { origin: 'http://localhost:80', host: 'localhost:80' },
    );
    expect(own.statusCode).toBe(201);
  });
});

describe('login rate limits', () => {
  it('brakes a phone number after repeated failures with 429 and Retry-After', async () => {
    const local = await createTestApp({ LOGIN_MAX_FAILURES_PER_NOHP: '3', LOGIN_MAX_PER_IP: '1000' });
    try {
      const c = new Client(local.app);
      await c.signUpAndIn({ nohp: '081234567020' });
      for (let i = 0; i < 3; i++) {
        expect((await c.post('/api/users/login', { nohp: '081234567020', password: 'salah' })).statusCode).toBe(401);
      }
      const blocked = await c.post('/api/users/login', { nohp: '0812-3456-7020', password: 'rahasia123' });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json().error).toMatch(/Terlalu banyak percobaan login/);
      // Another number from the same address is not affected.
      expect((await c.post('/api/users/login', { nohp: '081234567021', password: 'x' })).statusCode).toBe(401);
    } finally {
      await local.close();
    }
  });

  it('brakes one address after too many attempts', async () => {
    const local = await createTestApp({ LOGIN_MAX_PER_IP: '4' });
    try {
      const c = new Client(local.app);
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) codes.push((await c.post('/api/users/login', { nohp: uniquePhone(), password: 'x' })).statusCode);
      expect(codes.slice(0, 4)).toEqual([401, 401, 401, 401]);
      expect(codes.slice(4)).toEqual([429, 429]);
    } finally {
      await local.close();
    }
  });
});

describe('role guards and the admin account', () => {
  it('creates the admin from ADMIN_NOHP/ADMIN_PASSWORD idempotently and lets it sign in', async () => {
    const first = await ensureAdmin(ctx.database.db, { nohp: '0811-1111-1111', password: 'admin-rahasia' });
    expect(first).toEqual({ created: true, nohp: '6281111111111' });
    const again = await ensureAdmin(ctx.database.db, { nohp: '+6281111111111', password: 'admin-rahasia' });
    expect(again).toEqual({ created: false, nohp: '6281111111111' });
    const admins = await ctx.database.db.select().from(users).where(eq(users.role, 'Admin'));
    expect(admins).toHaveLength(1);
    const c = new Client(ctx.app);
    const res = await c.post('/api/users/login', { nohp: '081111111111', password: 'admin-rahasia' });
    expect(res.json()).toMatchObject({ role: 'Admin' });
    // A changed ADMIN_PASSWORD takes effect at the next start.
    await ensureAdmin(ctx.database.db, { nohp: '081111111111', password: 'sandi-baru-admin' });
    expect((await c.post('/api/users/login', { nohp: '081111111111', password: 'sandi-baru-admin' })).statusCode).toBe(200);
  });

  it('creates one admin with a random password on a fresh install without settings, once', async () => {
    const local = await createTestApp();
    try {
      const first = await ensureAdmin(local.database.db, {});
      expect(first?.generatedPassword).toMatch(/^[\w-]{16}$/);
      expect(await ensureAdmin(local.database.db, {})).toBeNull();
      const c = new Client(local.app);
      const res = await c.post('/api/users/login', { nohp: first!.nohp, password: first!.generatedPassword });
      expect(res.json().role).toBe('Admin');
    } finally {
      await local.close();
    }
  });

  it('answers 401 without a session on every guarded call', async () => {
    for (const url of ['/api/users/getAuth', '/api/users/detail-user']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('system', () => {
  it('GET /api/health answers ok, unknown API paths 404 in Indonesian, errors carry a request id header', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect(health.headers['x-request-id']).toBeTruthy();
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/tidak-ada' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Alamat API tidak ditemukan.');
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const json = doc.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(json.paths)).toEqual(expect.arrayContaining(['/users/login', '/users/register']));
  });

  it('sends security headers on API answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('free static material', () => {
  it('serves the mini-test media and the sound-check clip to anyone, nothing else from content/', async () => {
    const clip = await ctx.app.inject({ method: 'GET', url: '/static/audio/mini-listening-1.mp3' });
    expect(clip.statusCode).toBe(200);
    expect(clip.headers['content-type']).toMatch(/^audio\/mpeg/);
    const image = await ctx.app.inject({ method: 'GET', url: '/static/images/mini-reading.png' });
    expect(image.headers['content-type']).toMatch(/^image\/png/);
    const check = await ctx.app.inject({ method: 'GET', url: '/static/sound-check.mp3' });
    expect(check.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/static/listening.json' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/static/../demo-package/listening.json' })).statusCode).toBe(404);
  });
});

describe('compression', () => {
  it('compresses large text answers for clients that accept it, and leaves small ones alone', async () => {
    const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(doc.headers['content-encoding']).toBe('br');
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const small = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
