import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examAttempts, examHistory, files, paketSoal, payments, users } from '../../server/db/schema.ts';
import { activateNextPayment, consumePayment } from '../../server/services/payments.service.ts';
import { adminClient, Client, createTestApp, fixture, multipart, uniquePhone, type TestContext } from './helpers.ts';

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_PER_IP: '1000' });
  admin = await adminClient(ctx);
});
afterAll(async () => ctx.close());

const SUCCESS = 'Bukti pembayaran berhasil dikirim. Silakan tunggu konfirmasi admin.';
const PENDING_CONFLICT = 'Pembayaran untuk paket ini masih menunggu verifikasi admin.';

/** A package row written directly (the demo seeding does not run here); status siap is set in the table. */
async function makePaket(values: { nama?: string; harga?: number; status?: 'siap' | 'belum' } = {}): Promise<number> {
  const [row] = await ctx.database.db
    .insert(paketSoal)
    .values({ namaPaket: values.nama ?? 'Paket ITP Uji', harga: values.harga ?? 25000, status: values.status ?? 'siap', level: 'itp' })
    .returning({ id: paketSoal.id });
  return row!.id;
}

async function newUser(): Promise<{ client: Client; id: number; nohp: string }> {
  const client = new Client(ctx.app);
  const nohp = uniquePhone();
  await client.signUpAndIn({ nohp });
  const me = (await client.get('/api/users/getAuth')).json<{ dataUser: { nohp: string } }>().dataUser;
  const [row] = await ctx.database.db.select().from(users).where(eq(users.nohp, me.nohp));
  return { client, id: row!.id, nohp: me.nohp };
}

function upload(client: Client, fields: Record<string, string | number>, file?: { content: Buffer; filename?: string; type?: string }) {
  const body = multipart(
    fields,
    file ? { bukti: { filename: file.filename ?? 'bukti.png', content: file.content, type: file.type ?? 'image/png' } } : {},
  );
  return client.request({ method: 'POST', url: '/api/payment/upload', payload: body.payload, headers: body.headers });
}

const uploadProof = (client: Client, paketId: number) =>
  upload(client, { paket_soal_id: paketId, namaPaket: 'Nama dari klien' }, { content: fixture('red.png') });

async function activeOf(userId: number): Promise<number | null> {
  const [row] = await ctx.database.db.select({ a: users.paketSoalIdAktif }).from(users).where(eq(users.id, userId));
  return row!.a;
}

const decide = (client: Client, id: number, body: unknown) => client.put(`/api/admin/payments/${id}/status`, body);

describe('POST /payment/upload', () => {
  it('needs a session', async () => {
    const paketId = await makePaket();
    const res = await upload(new Client(ctx.app), { paket_soal_id: paketId }, { content: fixture('red.png') });
    expect(res.statusCode).toBe(401);
  });

  it('records a pending payment with the server-side name and price, and refuses a second pending one', async () => {
    const paketId = await makePaket({ nama: 'Paket ITP A', harga: 25000 });
    const { client, id } = await newUser();
    const res = await uploadProof(client, paketId);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(SUCCESS);
    expect(res.json().data).toMatchObject({
      paket_soal_id: paketId,
      nama_paket: 'Paket ITP A',
      amount: 25000,
      status: 'pending',
      alasanPenolakan: null,
    });
    const key = String(res.json().data.buktiBayar).split('/').pop()!;
    const [file] = await ctx.database.db.select().from(files).where(eq(files.key, key));
    expect(file).toMatchObject({ kind: 'proof', ownerUserId: id, mime: 'image/png' });

    const again = await uploadProof(client, paketId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PENDING_CONFLICT);
    const rows = await ctx.database.db.select().from(payments).where(eq(payments.userId, id));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['no file', {}, undefined, 400, 'Mohon unggah bukti pembayaran terlebih dahulu'],
    [
      'a text file named .png',
      {},
      { content: fixture('not-image.png') },
      400,
      'Bukti pembayaran harus berupa gambar (jpg, png atau webp).',
    ],
    [
      'a 10 MB image',
      {},
      { content: Buffer.concat([fixture('red.png'), Buffer.alloc(10 * 1024 * 1024)]) },
      413,
      'Ukuran file terlalu besar (maksimal 5 MB).',
    ],
  ])('refuses %s', async (_name, _extra, file, status, message) => {
    const paketId = await makePaket();
    const { client, id } = await newUser();
    const res = await upload(client, { paket_soal_id: paketId }, file);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await ctx.database.db.select().from(payments).where(eq(payments.userId, id))).toHaveLength(0);
    expect(await ctx.database.db.select().from(files).where(eq(files.ownerUserId, id))).toHaveLength(0);
  });

  it('refuses a missing, unpublished or free package and a malformed id', async () => {
    const { client } = await newUser();
    const missing = await upload(client, { paket_soal_id: 999_999 }, { content: fixture('red.png') });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Paket soal tidak ditemukan.');

    const belum = await upload(client, { paket_soal_id: await makePaket({ status: 'belum' }) }, { content: fixture('red.png') });
    expect(belum.statusCode).toBe(400);
    expect(belum.json().message).toMatch(/belum tersedia/);

    const free = await upload(client, { paket_soal_id: await makePaket({ harga: 0 }) }, { content: fixture('red.png') });
    expect(free.statusCode).toBe(400);
    expect(free.json().message).toMatch(/gratis/);

    const bad = await upload(client, { paket_soal_id: 'abc' }, { content: fixture('red.png') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('ID paket tidak valid.');

    const none = await upload(client, {}, { content: fixture('red.png') });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Paket soal wajib dipilih.');

    const json = await client.post('/api/payment/upload', { paket_soal_id: 1 });
    expect(json.statusCode).toBe(400);
  });
});

describe('proof access', () => {
  it('shows a proof to its owner and admins only', async () => {
    const paketId = await makePaket();
    const owner = await newUser();
    const other = await newUser();
    const url = (await uploadProof(owner.client, paketId)).json().data.buktiBayar as string;
    expect((await owner.client.get(url)).statusCode).toBe(200);
    expect((await admin.get(url)).statusCode).toBe(200);
    expect((await other.client.get(url)).statusCode).toBe(403);
    expect((await new Client(ctx.app).get(url)).statusCode).toBe(401);
  });
});

describe('admin decisions', () => {
  it('guards the admin calls: anonymous 401, User 403', async () => {
    const paketId = await makePaket();
    const { client } = await newUser();
    const paymentId = (await uploadProof(client, paketId)).json().data.id as number;
    expect((await new Client(ctx.app).get('/api/admin/payments')).statusCode).toBe(401);
    expect((await client.get('/api/admin/payments')).statusCode).toBe(403);
    const self = await decide(client, paymentId, { status: 'confirmed' });
    expect(self.statusCode).toBe(403);
    expect((await decide(new Client(ctx.app), paymentId, { status: 'confirmed' })).statusCode).toBe(401);
    const [row] = await ctx.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row!.status).toBe('pending');
  });

  it('lists with participant and proof, filters by status and pages', async () => {
    const paketId = await makePaket({ nama: 'Paket Daftar' });
    const { client, nohp } = await newUser();
    const paymentId = (await uploadProof(client, paketId)).json().data.id as number;
    const res = await admin.get('/api/admin/payments?status=pending&page=1&limit=100');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: { id: number; status: string }[]; total: number; page: number; limit: number }>();
    expect(body.data.every((p) => p.status === 'pending')).toBe(true);
    expect(body.data.find((p) => p.id === paymentId)).toMatchObject({
      nama_paket: 'Paket Daftar',
      userNohp: nohp,
      User: { nama: 'Peserta Uji', nohp },
      amount: 25000,
      buktiBayar: expect.stringMatching(/^\/api\/media\/[a-f0-9]{32}\.png$/),
    });
    expect(body.total).toBeGreaterThanOrEqual(1);

    const paged = (await admin.get('/api/admin/payments?page=1&limit=1')).json<{ data: unknown[]; total: number }>();
    expect(paged.data).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(body.total);
    const all = (await admin.get('/api/admin/payments?status=')).json<{ total: number }>();
    expect(all.total).toBe(paged.total);

    expect((await admin.get('/api/admin/payments?status=lunas')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/payments?limit=1000')).json().message).toBe('Maksimal 100 baris per halaman.');
    expect((await admin.get('/api/admin/payments?page=0')).statusCode).toBe(400);
  });

  it('needs a reason to reject, shows it to the user, refuses a second decision, then confirms a new upload', async () => {
    const paketId = await makePaket({ nama: 'Paket Tolak' });
    const { client, id } = await newUser();
    const first = (await uploadProof(client, paketId)).json().data.id as number;

    const pending = await client.get(`/api/users/cek-akses/${paketId}`);
    expect(pending.json()).toMatchObject({ bolehAkses: false, pending: true, alasan: 'Pembayaran Anda sedang diverifikasi admin.' });

    for (const body of [
      { status: 'rejected' },
      { status: 'rejected', alasanPenolakan: '' },
      { status: 'rejected', alasanPenolakan: '   ' },
    ]) {
      const res = await decide(admin, first, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Alasan penolakan harus diisi.');
    }
    expect((await decide(admin, first, { status: 'lunas' })).statusCode).toBe(400);
    expect((await decide(admin, 999_999, { status: 'confirmed' })).statusCode).toBe(404);
    expect((await decide(admin, 'abc' as unknown as number, { status: 'confirmed' })).statusCode).toBe(400);
    expect((await ctx.database.db.select().from(payments).where(eq(payments.id, first)))[0]!.status).toBe('pending');

    const rejected = await decide(admin, first, { status: 'rejected', alasanPenolakan: 'Nominal tidak sesuai' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      alasanPenolakan: 'Nominal tidak sesuai',
      decidedByNama: expect.any(String),
    });
    const twice = await decide(admin, first, { status: 'confirmed' });
    expect(twice.statusCode).toBe(409);
    expect((await ctx.database.db.select().from(payments).where(eq(payments.id, first)))[0]!.status).toBe('rejected');
    expect(await activeOf(id)).toBeNull();

    const check = (await client.get(`/api/users/cek-akses/${paketId}`)).json();
    expect(check).toMatchObject({ bolehAkses: false, pending: false, status: 'ditolak' });
    expect(check.alasan).toContain('Nominal tidak sesuai');
    const mine = (await client.get('/api/users/payment')).json().data;
    expect(mine[0]).toMatchObject({
      id: first,
      status: 'rejected',
      alasanPenolakan: 'Nominal tidak sesuai',
      alasan_penolakan: 'Nominal tidak sesuai',
    });

    const second = (await uploadProof(client, paketId)).json().data.id as number;
    const list = (await client.get('/api/users/payment')).json().data as { id: number }[];
    expect(list.map((p) => p.id)).toEqual([second, first]);
    const confirmed = await decide(admin, second, { status: 'confirmed', alasanPenolakan: 'diabaikan' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({ status: 'confirmed', alasanPenolakan: null });
    expect((await decide(admin, second, { status: 'rejected', alasanPenolakan: 'x' })).statusCode).toBe(409);

    expect(await activeOf(id)).toBe(paketId);
    expect((await client.get(`/api/users/cek-akses/${paketId}`)).json()).toMatchObject({ bolehAkses: true, pending: false, alasan: null });
    expect((await client.get('/api/users/cek-akses')).json()).toEqual({ bolehAkses: true, paketId });
  });
});

describe('access', () => {
  it('answers bolehAkses false for a package not paid for and for anonymous 401', async () => {
    const paketId = await makePaket();
    const { client } = await newUser();
    expect((await client.get(`/api/users/cek-akses/${paketId}`)).json()).toMatchObject({
      bolehAkses: false,
      pending: false,
      alasan: null,
      status: 'belum_bayar',
    });
    expect((await client.get('/api/users/cek-akses')).json()).toEqual({ bolehAkses: false, paketId: null });
    expect((await client.get('/api/users/cek-akses/999999')).statusCode).toBe(404);
    expect((await client.get('/api/users/cek-akses/abc')).statusCode).toBe(400);
    expect((await new Client(ctx.app).get(`/api/users/cek-akses/${paketId}`)).statusCode).toBe(401);
  });

  it('activates the oldest waiting package first when several wait', async () => {
    const a = await makePaket({ nama: 'Paket Antre A' });
    const b = await makePaket({ nama: 'Paket Antre B' });
    const c = await makePaket({ nama: 'Paket Antre C' });
    const { client, id } = await newUser();
    for (const paket of [a, b, c]) {
      await decide(admin, (await uploadProof(client, paket)).json().data.id as number, { status: 'confirmed' });
    }
    expect(await activeOf(id)).toBe(a);
    const db = ctx.database.db;
    await consumePayment(db, id, a);
    await db.update(users).set({ paketSoalIdAktif: null }).where(eq(users.id, id));
    expect(await activateNextPayment(db, id)).toBe(b);
    await consumePayment(db, id, b);
    await db.update(users).set({ paketSoalIdAktif: null }).where(eq(users.id, id));
    expect(await activateNextPayment(db, id)).toBe(c);
  });

  it('queues a second confirmed package behind the active one; consume and activateNextPayment move on', async () => {
    const a = await makePaket({ nama: 'Paket Pertama' });
    const b = await makePaket({ nama: 'Paket Kedua' });
    const { client, id } = await newUser();
    const payA = (await uploadProof(client, a)).json().data.id as number;
    const payB = (await uploadProof(client, b)).json().data.id as number;
    await decide(admin, payA, { status: 'confirmed' });
    await decide(admin, payB, { status: 'confirmed' });
    expect(await activeOf(id)).toBe(a);

    const waiting = (await client.get(`/api/users/cek-akses/${b}`)).json();
    expect(waiting).toMatchObject({ bolehAkses: false, pending: true, status: 'menunggu_giliran', paketAktifId: a });
    expect(waiting.alasan).toContain('Paket Pertama');

    // What the exam does: start (consume), finish (clear active), then activate the next.
    const db = ctx.database.db;
    expect(await consumePayment(db, id, a)).toBe(payA);
    expect(await consumePayment(db, id, a)).toBeNull();
    const [attempt] = await db
      .insert(examAttempts)
      .values({ userId: id, paketSoalId: a, paymentId: payA, startedAt: new Date() })
      .returning();
    expect((await client.get(`/api/users/cek-akses/${a}`)).json().bolehAkses).toBe(true);
    await db.update(examAttempts).set({ finishedAt: new Date() }).where(eq(examAttempts.id, attempt!.id));
    await db.update(users).set({ paketSoalIdAktif: null }).where(eq(users.id, id));
    expect(await activateNextPayment(db, id)).toBe(b);
    expect(await activeOf(id)).toBe(b);
    expect((await client.get(`/api/users/cek-akses/${b}`)).json()).toMatchObject({ bolehAkses: true });
    expect((await client.get(`/api/users/cek-akses/${a}`)).json()).toMatchObject({
      bolehAkses: false,
      pending: false,
      status: 'belum_bayar',
    });

    expect(await consumePayment(db, id, b)).toBe(payB);
    await db.update(users).set({ paketSoalIdAktif: null }).where(eq(users.id, id));
    expect(await activateNextPayment(db, id)).toBeNull();
    expect(await activeOf(id)).toBeNull();
  });

  it('does not activate a confirmed package while an attempt is open; the open attempt grants its own package', async () => {
    const running = await makePaket({ nama: 'Paket Berjalan' });
    const next = await makePaket({ nama: 'Paket Berikut' });
    const { client, id } = await newUser();
    const db = ctx.database.db;
    await db.insert(examAttempts).values({ userId: id, paketSoalId: running, startedAt: new Date() });
    expect((await client.get(`/api/users/cek-akses/${running}`)).json()).toMatchObject({ bolehAkses: true, status: 'aktif' });
    expect((await client.get('/api/users/cek-akses')).json()).toEqual({ bolehAkses: true, paketId: running });

    const pay = (await uploadProof(client, next)).json().data.id as number;
    await decide(admin, pay, { status: 'confirmed' });
    expect(await activeOf(id)).toBeNull();
    const waiting = (await client.get(`/api/users/cek-akses/${next}`)).json();
    expect(waiting).toMatchObject({ bolehAkses: false, pending: true });
    expect(waiting.alasan).toContain('Paket Berjalan');

    // Once the attempt is over, a missed activation heals itself at the next check.
    await db
      .update(examAttempts)
      .set({ finishedAt: new Date() })
      .where(and(eq(examAttempts.userId, id)));
    expect((await client.get(`/api/users/cek-akses/${next}`)).json()).toMatchObject({ bolehAkses: true });
    expect(await activeOf(id)).toBe(next);
  });

  it('grants a free package directly when idle, and asks to finish the active one otherwise', async () => {
    const free = await makePaket({ nama: 'Paket Gratis', harga: 0 });
    const paid = await makePaket({ nama: 'Paket Berbayar' });
    const idle = await newUser();
    expect((await idle.client.get(`/api/users/cek-akses/${free}`)).json()).toMatchObject({
      bolehAkses: true,
      pending: false,
      status: 'gratis',
    });
    expect(await activeOf(idle.id)).toBe(free);

    const busy = await newUser();
    const pay = (await uploadProof(busy.client, paid)).json().data.id as number;
    await decide(admin, pay, { status: 'confirmed' });
    const res = (await busy.client.get(`/api/users/cek-akses/${free}`)).json();
    expect(res).toMatchObject({ bolehAkses: false, pending: true });
    expect(res.alasan).toContain('Paket Berbayar');
    expect(await activeOf(busy.id)).toBe(paid);

    const unpublished = await makePaket({ harga: 0, status: 'belum' });
    expect((await idle.client.get(`/api/users/cek-akses/${unpublished}`)).json().bolehAkses).toBe(false);
  });
});

describe('GET /users/lastScore', () => {
  it('answers -1 without history, then the newest result', async () => {
    const { client, id } = await newUser();
    expect((await client.get('/api/users/lastScore')).json()).toMatchObject({ lastScore: -1, lastPaket: null, toeflScore: -1 });
    const db = ctx.database.db;
    const paketId = await makePaket({ nama: 'Paket Skor' });
    const row = (n: number, attemptId: number) => ({
      attemptId,
      userId: id,
      paketSoalId: paketId,
      namaPaket: `Paket Skor ${n}`,
      listeningScore: 50 + n,
      structureScore: 48 + n,
      readingScore: 52 + n,
      totalScore: 500 + n,
      listeningCorrect: 30 + n,
      writtenCorrect: 25 + n,
      readingCorrect: 35 + n,
      cefr: 'B1',
      tableVersion: 'v1',
      certificateCode: `C${id}X${n}`,
      answers: [],
      createdAt: new Date(Date.now() - (3 - n) * 60_000),
    });
    for (const n of [1, 2]) {
      const [attempt] = await db.insert(examAttempts).values({ userId: id, paketSoalId: paketId, finishedAt: new Date() }).returning();
      await db.insert(examHistory).values(row(n, attempt!.id));
    }
    expect((await client.get('/api/users/lastScore')).json()).toMatchObject({
      lastScore: 502,
      toeflScore: 502,
      lastPaket: 'Paket Skor 2',
      scoreListening: 52,
      scoreWritten: 50,
      scoreReading: 54,
      listeningCorrect: 32,
      writtenCorrect: 27,
      readingCorrect: 37,
    });
    expect((await new Client(ctx.app).get('/api/users/lastScore')).statusCode).toBe(401);
  });
});

describe('QR-payment setting', () => {
  const putQr = (client: Client, content?: Buffer) => {
    const body = multipart({}, content ? { qr: { filename: 'qr.png', content, type: 'image/png' } } : {});
    return client.request({ method: 'PUT', url: '/api/admin/settings/qr-payment', payload: body.payload, headers: body.headers });
  };

  it('starts empty, is set by admins only, replaces the old image and is readable by signed-in users', async () => {
    const { client } = await newUser();
    expect((await new Client(ctx.app).get('/api/settings/qr-payment')).statusCode).toBe(401);
    expect((await client.get('/api/settings/qr-payment')).json()).toMatchObject({ url: null });
    expect((await putQr(client, fixture('red.png'))).statusCode).toBe(403);
    expect((await putQr(new Client(ctx.app), fixture('red.png'))).statusCode).toBe(401);

    const none = await putQr(admin);
    expect(none.statusCode).toBe(400);
    const text = await putQr(admin, fixture('not-image.png'));
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Gambar QR harus berupa gambar (jpg, png atau webp).');
    expect((await client.get('/api/settings/qr-payment')).json()).toMatchObject({ url: null });

    const first = await putQr(admin, fixture('red.png'));
    expect(first.statusCode).toBe(200);
    const firstUrl = first.json().url as string;
    expect((await client.get('/api/settings/qr-payment')).json()).toMatchObject({ url: firstUrl });
    expect((await client.get(firstUrl)).statusCode).toBe(200);

    const second = await putQr(admin, fixture('blue.jpg'));
    const secondUrl = second.json().url as string;
    expect(secondUrl).not.toBe(firstUrl);
    expect((await client.get('/api/settings/qr-payment')).json()).toMatchObject({ url: secondUrl });
    expect((await client.get(firstUrl)).statusCode).toBe(404);
    expect(await ctx.database.db.select().from(files).where(eq(files.kind, 'qr'))).toHaveLength(1);
  });
});
