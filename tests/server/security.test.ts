import { readdir } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema.ts';
import { adminClient, Client, createTestApp, fixture, insertCompletePackage, multipart, type TestContext } from './helpers.ts';

type Role = 'anon' | 'user' | 'other' | 'admin';
/**
 * public: nobody is refused; user: signed-in users; admin: admins only; owner: the user who owns
 * the thing (others get 403); learner: signed-in participants only (admins get 403).
 */
type Access = 'public' | 'user' | 'admin' | 'owner' | 'learner';

/**
 * Every API route and who may call it. A route added to the app without a line here fails the
 * test, so each new route gets an explicit access decision.
 */
const ACCESS: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/site': 'public',
  'POST /api/users/register': 'public',
  'POST /api/users/login': 'public',
  'GET /api/users/logout': 'public',
  'GET /api/users/getAuth': 'user',
  'GET /api/users/detail-user': 'user',
  'GET /api/paket-soal': 'public',
  'GET /api/paket-soal/{paketId}': 'public',
  'GET /api/media/{key}': 'owner',
  'GET /api/soal': 'user',
  'GET /api/soal/cek-endtime': 'user',
  'PUT /api/soal/timers': 'user',
  'GET /api/soal/timers': 'user',
  'PUT /api/soal/timers-to-zero': 'user',
  'PUT /api/soal/timers/next': 'user',
  'PUT /api/soal/jawaban/draft': 'user',
  'GET /api/soal/jawaban/draft': 'user',
  'POST /api/soal/jawaban': 'user',
  'POST /api/payment/upload': 'user',
  'GET /api/users/payment': 'user',
  'POST /api/payment/order': 'user',
  'GET /api/payment/order/{id}': 'user',
  'GET /api/users/payment/updates': 'user',
  'POST /api/users/payment/updates/seen': 'user',
  // Trusted only through the gateway's signature (checked by tests/server/payment-gateway.test.ts).
  'POST /api/payment/webhook/midtrans': 'public',
  'GET /api/users/cek-akses': 'user',
  'GET /api/users/cek-akses/{paketId}': 'user',
  'GET /api/users/lastScore': 'user',
  'GET /api/users/lastScore/sertif': 'user',
  'GET /api/users/certificate/{id}': 'user',
  'GET /api/sertifikat/verify/{code}': 'public',
  'GET /api/users/riwayat-ujian': 'user',
  'GET /api/users/riwayat-ujian/{id}/review': 'user',
  'GET /api/users/progress': 'user',
  'GET /api/users/diagnosis': 'user',
  'GET /api/practice/home': 'learner',
  'GET /api/practice/notebook': 'learner',
  'GET /api/practice/plan': 'learner',
  'PUT /api/practice/plan': 'learner',
  'GET /api/practice/reviews': 'learner',
  'POST /api/practice/answers': 'learner',
  'POST /api/practice/drills': 'learner',
  'POST /api/practice/mini': 'learner',
  'PUT /api/users/profile': 'user',
  'PUT /api/users/update-password': 'user',
  'GET /api/admin/riwayat-ujian': 'admin',
  'GET /api/admin/riwayat-ujian.csv': 'admin',
  'GET /api/settings/qr-payment': 'user',
  'PUT /api/admin/settings/qr-payment': 'admin',
  'GET /api/admin/payments': 'admin',
  'PUT /api/admin/payments/{id}/status': 'admin',
  'POST /api/admin/payments/{id}/reverse': 'admin',
  'POST /api/admin/payments/{id}/reopen': 'admin',
  'GET /api/admin/setup-status': 'admin',
  'GET /api/admin/audit-log': 'admin',
  'GET /api/admin/audit-log.csv': 'admin',
  'GET /api/admin/paket-soal/import-template': 'admin',
  'GET /api/admin/paket-soal/{id}/export': 'admin',
  'POST /api/admin/paket-soal/{id}/import': 'admin',
  'GET /api/admin/settings/qris': 'admin',
  'PUT /api/admin/settings/qris': 'admin',
  'DELETE /api/admin/settings/qris': 'admin',
  'GET /api/admin/user': 'admin',
  'POST /api/admin/user/{nohp}/reset-password': 'admin',
  'GET /api/admin/paket-soal': 'admin',
  'POST /api/admin/paket-soal': 'admin',
  'GET /api/admin/paket-soal/{id}': 'admin',
  'PUT /api/admin/paket-soal/{id}': 'admin',
  'DELETE /api/admin/paket-soal/{id}': 'admin',
  'GET /api/admin/paket-soal/{id}/statistik': 'admin',
  'POST /api/admin/paket-soal/{id}/clone': 'admin',
  'POST /api/admin/paket-soal/{id}/restore': 'admin',
  'PUT /api/admin/paket-soal/soal-written/{soalId}': 'admin',
  'PUT /api/admin/user/{nohp}/faktor-waktu': 'admin',
  'GET /api/admin/ujian/berjalan': 'admin',
  'POST /api/admin/ujian/{attemptId}/perpanjang': 'admin',
  'POST /api/admin/ujian/{attemptId}/buka-ulang': 'admin',
  'GET /api/admin/paket-soal/{paketId}/listening/last': 'admin',
  'GET /api/admin/paket-soal/{paketId}/structure/last': 'admin',
  'GET /api/admin/paket-soal/{paketId}/written/last': 'admin',
  'GET /api/admin/paket-soal/{paketId}/reading/last': 'admin',
  'GET /api/admin/paket-soal/{paketId}/soal-listening': 'admin',
  'GET /api/admin/paket-soal/{paketId}/soal-structure': 'admin',
  'GET /api/admin/paket-soal/{paketId}/soal-written': 'admin',
  'GET /api/admin/paket-soal/{paketId}/soal-reading': 'admin',
  'POST /api/admin/paket-soal/{paketId}/soal-listening': 'admin',
  'PUT /api/admin/paket-soal/{soalId}/soal-listening': 'admin',
  'POST /api/admin/paket-soal/{paketId}/soal-structure': 'admin',
  'POST /api/admin/paket-soal/{paketId}/soal-written': 'admin',
  'POST /api/admin/paket-soal/{paketId}/soal-reading': 'admin',
  'PUT /api/admin/paket-soal/soal-structure/{soalId}': 'admin',
  'PUT /api/admin/paket-soal/soal-reading/{soalId}': 'admin',
  'GET /api/admin/paket-soal/soal/{soalId}': 'admin',
  'DELETE /api/admin/paket-soal/soal/{soalId}': 'admin',
  'GET /api/admin/paket-soal/question-reading/{paketId}': 'admin',
  'POST /api/admin/paket-soal/{paketId}/question-reading': 'admin',
  'PUT /api/admin/paket-soal/question-reading/{id}': 'admin',
  'DELETE /api/admin/paket-soal/soal-reading/{id}': 'admin',
};

let ctx: TestContext;
let paketId: number;
let proofKey: string;
const clients = {} as Record<Exclude<Role, 'anon'>, Client>;
let seq = 0;

async function participant(): Promise<Client> {
  seq += 1;
  const nohp = `0817${String(seq).padStart(8, '0')}`;
  const c = new Client(ctx.app);
  await c.signUpAndIn({ nohp });
  await ctx.database.db
    .update(users)
    .set({ paketSoalIdAktif: paketId })
    .where(eq(users.nohp, `62${nohp.slice(1)}`));
  return c;
}

beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_PER_IP: '10000' });
  paketId = (await insertCompletePackage(ctx.database.db, { harga: 0 })).id;
  const paid = await insertCompletePackage(ctx.database.db, { harga: 25_000, nama: 'Paket Berbayar' });
  clients.user = await participant();
  clients.other = await participant();
  clients.admin = await adminClient(ctx);
  await ctx.database.db.update(users).set({ paketSoalIdAktif: paketId }).where(eq(users.nohp, '6281100000099'));
  // A proof of payment of `user`: only they and admins may read it.
  await ctx.database.db.update(users).set({ paketSoalIdAktif: null }).where(eq(users.nohp, '6281700000001'));
  const body = multipart({ paket_soal_id: paid.id }, { bukti: { filename: 'bukti.png', content: fixture('red.png'), type: 'image/png' } });
  const up = await clients.user.post('/api/payment/upload', body.payload, body.headers);
  expect(up.statusCode).toBe(201);
  proofKey = /[a-f0-9]{32}\.png/.exec(up.body)![0];
  await ctx.database.db.update(users).set({ paketSoalIdAktif: paketId }).where(eq(users.nohp, '6281700000001'));
});
afterAll(async () => ctx?.close());

function routesOfApp(): string[] {
  const spec = (ctx.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
  const out: string[] = [];
  for (const [p, methods] of Object.entries(spec.paths)) {
    const full = p.startsWith('/api') ? p : `/api${p}`;
    for (const m of Object.keys(methods)) if (m !== 'head') out.push(`${m.toUpperCase()} ${full}`);
  }
  return out.sort();
}

function concrete(route: string): { method: string; url: string } {
  const [method, template] = route.split(' ') as [string, string];
  const url = template
    .replace('{key}', proofKey)
    .replace('{nohp}', '081999999999')
    .replace('{code}', 'ABCDEF0123456789')
    .replace(/\{(id|soalId)\}/g, '999999')
    .replace('{paketId}', method === 'GET' ? String(paketId) : '999999');
  return { method, url };
}

function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  const scriptSrc = /script-src([^;]*)/.exec(csp)?.[1] ?? /default-src([^;]*)/.exec(csp)?.[1] ?? '';
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(scriptSrc, what).not.toContain('unsafe-inline');
  expect(scriptSrc, what).not.toContain('unsafe-eval');
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
}

describe('access matrix', () => {
  it('names every route of the app', () => {
    expect(routesOfApp()).toEqual(Object.keys(ACCESS).sort());
  });

  it('refuses anonymous visitors, users and other users exactly where the table says, with security headers on every answer', async () => {
    const failures: string[] = [];
    for (const [route, access] of Object.entries(ACCESS)) {
      if (route === 'GET /api/users/logout') continue;
      const { method, url } = concrete(route);
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      for (const role of ['anon', 'user', 'other', 'admin'] as const) {
        const client = role === 'anon' ? new Client(ctx.app) : clients[role];
        const res = await client.request({ method: method, url, ...(body ? { payload: body } : {}) });
        expectSecurityHeaders(res, `${route} as ${role}`);
        expect(res.statusCode, `${route} as ${role}`).toBeLessThan(500);
        const refused = res.statusCode === 401 || res.statusCode === 403;
        const expected =
          access === 'public'
            ? 'allowed'
            : role === 'anon'
              ? 401
              : access === 'admin'
                ? role === 'admin'
                  ? 'allowed'
                  : 403
                : access === 'learner' && role === 'admin'
                  ? 403
                  : access === 'owner' && role === 'other'
                    ? 403
                    : 'allowed';
        const ok = expected === 'allowed' ? !refused : res.statusCode === expected;
        if (!ok) failures.push(`${route} as ${role}: ${res.statusCode} (expected ${expected})`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('signs out with GET /users/logout and the old session no longer works', async () => {
    const c = await participant();
    const cookie = c.sessionCookie!;
    expect((await c.get('/api/users/logout')).statusCode).toBe(200);
    const reuse = await ctx.app.inject({ method: 'GET', url: '/api/users/getAuth', headers: { cookie } });
    expect(reuse.statusCode).toBe(401);
  });
});

describe('security headers', () => {
  /** Headers that mean something only on a page (helmet's isolation and legacy headers). */
  const PAGE_ONLY = [
    'origin-agent-cluster',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
  ];

  it('sends a JSON answer the short policy that allows nothing, and no page-only headers', async () => {
    for (const url of ['/api/site', '/api/paket-soal', '/api/tidak-ada']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['x-request-id'], url).toBeTruthy();
      for (const name of PAGE_ONLY) expect(res.headers[name], `${url} ${name}`).toBeUndefined();
    }
  });

  it('sends pages, uploaded files and the API documentation the page policy', async () => {
    for (const url of ['/', '/login', '/api/media/tidak-ada.png', '/api/docs']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain('script-src');
      // The documentation page sends swagger-ui's own policy, which replaces the app's.
      if (url !== '/api/docs') expect(csp, url).toContain("frame-ancestors 'none'");
      expect(res.headers['origin-agent-cluster'], url).toBe('?1');
    }
  });

  it('keeps the headers on an answer the app refuses before the route runs', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/soal/timers',
      headers: { origin: 'http://evil.localhost', host: 'localhost' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('sessions and requests from elsewhere', () => {
  it('issues a new session token at every login and drops a token planted before it', async () => {
    const c = await participant();
    const first = c.sessionCookie!;
    const nohp = `0817${String(seq).padStart(8, '0')}`;
    const again = await c.post('/api/users/login', { nohp, password: 'rahasia123' });
    expect(again.statusCode).toBe(200);
    expect(c.sessionCookie).not.toBe(first);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/getAuth', headers: { cookie: first } })).statusCode).toBe(401);
    const setCookie = String(again.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  it('refuses state changes from a foreign Origin and accepts its own', async () => {
    const foreign = await clients.user.put('/api/soal/timers', {}, { origin: 'https://penipu.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toMatch(/asal permintaan tidak dikenal/);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { nohp: '081700000001', password: 'rahasia123' },
      headers: { origin: 'http://evil.localhost', host: 'localhost' },
    });
    expect(login.statusCode).toBe(403);
    const own = await clients.user.get('/api/users/getAuth', { origin: 'https://penipu.example' });
    expect(own.statusCode).toBe(200);
    const same = await ctx.app.inject({
      method: 'PUT',
      url: '/api/soal/timers',
      payload: {},
      headers: { cookie: clients.other.sessionCookie!, origin: 'http://localhost:80', host: 'localhost' },
    });
    expect(same.statusCode).not.toBe(403);
  });

  it('brakes password guessing with 429 and Retry-After', async () => {
    const c = await participant();
    const nohp = `0817${String(seq).padStart(8, '0')}`;
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 8; i++) {
      last = await c.post('/api/users/login', { nohp, password: `salah-${i}-sekali` });
      if (last.statusCode === 429) break;
      expect(last.statusCode).toBe(401);
    }
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json().error).toMatch(/Terlalu banyak percobaan login/);
    // Even the right password waits until the brake releases.
    expect((await c.post('/api/users/login', { nohp, password: 'rahasia123' })).statusCode).toBe(429);
  });
});

/** A valid PNG that declares width x height but carries almost no pixel data (a decompression bomb). */
function bombPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  // One row of zeros compressed: a decoder would have to inflate width*height*3 bytes.
  const idat = deflateSync(Buffer.alloc(width * 3 + 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('upload abuse', () => {
  const uploadQr = (filename: string, content: Buffer, type = 'image/png') => {
    const body = multipart({}, { qr: { filename, content, type } });
    return clients.admin.put('/api/admin/settings/qr-payment', body.payload, body.headers);
  };

  it('refuses a text file named .png and an HTML page disguised as an image', async () => {
    const text = await uploadQr('gambar.png', fixture('not-image.png'));
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toMatch(/harus berupa gambar/);
    const html = await uploadQr('foto.jpg', Buffer.from('<html><script>alert(1)</script></html>'), 'image/jpeg');
    expect(html.statusCode).toBe(400);
    const svg = await uploadQr('logo.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/svg+xml');
    expect(svg.statusCode).toBe(400);
  });

  it('refuses an image over 5 MB with 413', async () => {
    const big = Buffer.concat([fixture('red.png'), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await uploadQr('besar.png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/terlalu besar/);
  });

  it('never uses the client file name: a traversal name is stored under a random key inside the upload folder', async () => {
    const before = new Set(await readdir(ctx.config.dataDir + '/uploads').catch(() => []));
    const res = await uploadQr('../../etc/passwd.png', fixture('red.png'));
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^\/api\/media\/[a-f0-9]{32}\.png$/);
    const added = (await readdir(ctx.config.dataDir + '/uploads')).filter((f) => !before.has(f));
    expect(added).toEqual([res.json().url.split('/').pop()]);
  });

  it('stores a decompression-bomb PNG without decoding it, and memory stays bounded', async () => {
    const bomb = bombPng(60_000, 60_000);
    expect(bomb.length).toBeLessThan(10_000);
    const rssBefore = process.memoryUsage().rss;
    const res = await uploadQr('bom.png', bomb);
    expect([200, 400]).toContain(res.statusCode);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
