import { eq } from 'drizzle-orm';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../server/clock.ts';
import { examAttempts, paketSoal, paymentDecisions, paymentOrders, users } from '../../server/db/schema.ts';
import { rememberInitialAdminPassword, UNIQUE_CODE_MAX, UNIQUE_CODE_MIN } from '../../server/services/payment-orders.service.ts';
import { composeStaticQris, readQrisAmount } from '../../server/services/qris.service.ts';
import { receiptPixels, scaledDown, screenshotPixels, screenshotPng } from '../fixtures/proof-images.ts';
import { adminClient, Client, createTestApp, fixture, multipart, uniquePhone, type TestContext } from './helpers.ts';

const STATIC = composeStaticQris({ merchantName: 'TOEFL PREP JAKARTA', merchantCity: 'JAKARTA', nmid: 'ID1020030040050' });
const DAY = 24 * 3_600_000;

let ctx: TestContext;
let admin: Client;
const clock = new FakeClock(new Date('2026-11-24T03:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_PER_IP: '1000' }, { clock });
  admin = await adminClient(ctx);
});
afterAll(async () => ctx.close());

async function makePaket(harga = 150_000, nama = 'Paket ITP Uji'): Promise<number> {
  const [row] = await ctx.database.db
    .insert(paketSoal)
    .values({ namaPaket: nama, harga, status: 'siap', level: 'itp' })
    .returning({ id: paketSoal.id });
  return row!.id;
}

async function newUser(nama = 'Peserta Uji'): Promise<{ client: Client; id: number; nohp: string }> {
  const client = new Client(ctx.app);
  const nohp = uniquePhone();
  await client.signUpAndIn({ nohp, nama });
  const [row] = await ctx.database.db
    .select()
    .from(users)
    .where(eq(users.nohp, `62${nohp.slice(1)}`));
  return { client, id: row!.id, nohp: row!.nohp };
}

const putQris = (client: Client, payload: unknown) => client.put('/api/admin/settings/qris', payload);
const order = (client: Client, paketId: number) => client.post('/api/payment/order', { paket_soal_id: paketId });
const upload = (client: Client, paketId: number, content: Buffer, type = 'image/png') => {
  const body = multipart({ paket_soal_id: paketId }, { bukti: { filename: 'bukti', content, type } });
  return client.request({ method: 'POST', url: '/api/payment/upload', payload: body.payload, headers: body.headers });
};
const adminList = async (query = '') => (await admin.get(`/api/admin/payments?limit=100${query}`)).json().data as Record<string, unknown>[];

describe('merchant QRIS setting', () => {
  it('refuses a malformed payload with a clear message and keeps the stored one', async () => {
    const { client } = await newUser();
    expect((await putQris(client, { payload: STATIC })).statusCode).toBe(403);
    expect((await client.get('/api/settings/qr-payment')).json()).toMatchObject({ url: null, orders: false, gateway: false });
    expect((await order(client, await makePaket())).json().message).toMatch(/belum disiapkan admin/);

    const ok = await putQris(admin, { payload: STATIC });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ payload: STATIC, merchantName: 'TOEFL PREP JAKARTA', merchantCity: 'JAKARTA' });

    for (const [bad, message] of [
      [`${STATIC.slice(0, -4)}0000`, /CRC QRIS tidak cocok/],
      ['bukan qris', /bukan payload QRIS/],
      ['', /Payload QRIS wajib diisi/],
    ] as const) {
      const res = await putQris(admin, { payload: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await admin.get('/api/admin/settings/qris')).json().payload).toBe(STATIC);
    expect((await client.get('/api/settings/qr-payment')).json()).toMatchObject({ orders: true });
  });

  it('reads the payload from an uploaded QR image, and refuses an image without a QR', async () => {
    const png = await QRCode.toBuffer(STATIC, { type: 'png', margin: 2, width: 400 });
    const form = multipart({}, { image: { filename: 'qris.png', content: png, type: 'image/png' } });
    const res = await admin.request({ method: 'PUT', url: '/api/admin/settings/qris', payload: form.payload, headers: form.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.payload).toBe(STATIC);

    const noQr = multipart({}, { image: { filename: 'x.png', content: fixture('red.png'), type: 'image/png' } });
    const refused = await admin.request({ method: 'PUT', url: '/api/admin/settings/qris', payload: noQr.payload, headers: noQr.headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/Kode QR tidak terbaca/);
  });

  it('is removed on request: new orders are refused, an order already made keeps its QR', async () => {
    expect((await putQris(admin, { payload: STATIC })).statusCode).toBe(200);
    const paketId = await makePaket(40_000);
    const { client } = await newUser();
    const made = (await order(client, paketId)).json().data;
    expect((await client.delete('/api/admin/settings/qris')).statusCode).toBe(403);

    const removed = await admin.delete('/api/admin/settings/qris');
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual({ payload: null, merchantName: null, merchantCity: null });
    expect((await admin.get('/api/admin/settings/qris')).json().payload).toBeNull();
    expect((await client.get('/api/settings/qr-payment')).json()).toMatchObject({ orders: false });
    expect((await order((await newUser()).client, paketId)).json().message).toMatch(/belum disiapkan admin/);
    expect((await client.get(`/api/payment/order/${made.id}`)).json().data).toMatchObject({ status: 'open', qris: made.qris });
    expect((await putQris(admin, { payload: STATIC })).statusCode).toBe(200);
  });
});

describe('exact-amount orders', () => {
  it('answers 201 with price + a unique code, a dynamic QRIS carrying that amount, and 24 h to pay', async () => {
    const paketId = await makePaket(150_000);
    const { client } = await newUser();
    const res = await order(client, paketId);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data.uniqueCode).toBeGreaterThanOrEqual(UNIQUE_CODE_MIN);
    expect(data.uniqueCode).toBeLessThanOrEqual(UNIQUE_CODE_MAX);
    expect(data.amount).toBe(150_000 + data.uniqueCode);
    expect(readQrisAmount(data.qris)).toEqual({ amount: data.amount, crcValid: true, initiation: '12' });
    expect(data.expiresAt).toBe(new Date(clock.now().getTime() + DAY).toISOString());
    expect(data.status).toBe('open');

    // Asking again answers the same open order.
    expect((await order(client, paketId)).json().data.id).toBe(data.id);
    expect((await client.get(`/api/payment/order/${data.id}`)).json().data.amount).toBe(data.amount);
    const stranger = await newUser();
    expect((await stranger.client.get(`/api/payment/order/${data.id}`)).statusCode).toBe(404);
  });

  it('gives every open order its own code', async () => {
    const paketId = await makePaket(100_000);
    const codes = new Set<number>();
    for (let i = 0; i < 25; i++) {
      const { client } = await newUser();
      codes.add((await order(client, paketId)).json().data.uniqueCode as number);
    }
    expect(codes.size).toBe(25);
  });

  it('expires after 24 hours on the server clock and is renewed with a new order', async () => {
    const paketId = await makePaket(120_000);
    const { client } = await newUser();
    const first = (await order(client, paketId)).json().data;
    clock.advance(DAY - 1000);
    expect((await client.get(`/api/payment/order/${first.id}`)).json().data.status).toBe('open');
    clock.advance(1000);
    expect((await client.get(`/api/payment/order/${first.id}`)).json().data.status).toBe('expired');
    const renewed = (await order(client, paketId)).json().data;
    expect(renewed.id).not.toBe(first.id);
    expect(renewed.status).toBe('open');
    expect(renewed.expiresAt).toBe(new Date(clock.now().getTime() + DAY).toISOString());
    expect(readQrisAmount(renewed.qris).amount).toBe(renewed.amount);
  });

  it('refuses an unknown, free or unpublished package', async () => {
    const { client } = await newUser();
    expect((await order(client, 999_999)).statusCode).toBe(404);
    expect((await order(client, await makePaket(0))).statusCode).toBe(400);
    expect((await client.post('/api/payment/order', { paket_soal_id: 'x' })).statusCode).toBe(400);
  });
});

describe('proofs against orders', () => {
  it('records the order amount with the proof and shows the code to the admin', async () => {
    const paketId = await makePaket(90_000, 'Paket Kode');
    const { client } = await newUser('Pemilik Kode');
    const o = (await order(client, paketId)).json().data;
    const res = await upload(client, paketId, screenshotPng(101));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.amount).toBe(o.amount);
    const row = (await adminList('&q=Pemilik%20Kode'))[0]!;
    expect(row).toMatchObject({ amount: o.amount, uniqueCode: o.uniqueCode, proofChecked: true, viaGateway: false });
    // The order now has a payment waiting; a second order for the package is refused.
    expect((await order(client, paketId)).statusCode).toBe(409);
  });

  it('flags a proof that looks like an earlier one (any learner) and links it', async () => {
    const paketId = await makePaket(50_000);
    const a = await newUser('Asli Bukti');
    const b = await newUser('Penyalin Bukti');
    const first = (await upload(a.client, paketId, screenshotPng(7))).json().data;
    // The same screenshot, scaled down by the second learner's phone.
    const copy = (await upload(b.client, paketId, screenshotPng(7, 120, 240))).json().data;
    const other = (await upload((await newUser()).client, paketId, screenshotPng(8))).json().data;
    const rows = await adminList();
    expect(rows.find((r) => r.id === copy.id)).toMatchObject({ duplicateOf: { id: first.id, nama: 'Asli Bukti' } });
    expect(rows.find((r) => r.id === first.id)).toMatchObject({ duplicateOf: null, proofChecked: true });
    expect(rows.find((r) => r.id === other.id)).toMatchObject({ duplicateOf: null, proofChecked: true });
  });

  it("does not flag another learner's receipt of the same banking app, and finds a resent copy", async () => {
    const paketId = await makePaket(25_000);
    const receipt = (amount: string, name: string) =>
      receiptPixels(amount, ['Tanggal 27 Nov 2026 09:12', 'No. Ref 2611270912451234', `Penerima ${name}`, 'Metode QRIS']);
    const satu = receipt('Rp 25.235', 'PESERTA SATU');
    const first = (await upload((await newUser('Pembayar Satu')).client, paketId, PNG.sync.write(satu))).json().data;
    const second = await upload((await newUser('Pembayar Dua')).client, paketId, PNG.sync.write(receipt('Rp 25.364', 'PESERTA DUA')));
    const small = scaledDown(satu, 0.5);
    const resent = Buffer.from(jpeg.encode({ width: small.width, height: small.height, data: small.data }, 50).data);
    const copy = await upload((await newUser('Pembayar Tiga')).client, paketId, resent, 'image/jpeg');
    const rows = await adminList();
    expect(rows.find((r) => r.id === second.json().data.id)).toMatchObject({ proofChecked: true, duplicateOf: null });
    expect(rows.find((r) => r.id === copy.json().data.id)).toMatchObject({ duplicateOf: { id: first.id, nama: 'Pembayar Satu' } });
  });

  it('refuses a picture too large to decode before storing anything', async () => {
    const paketId = await makePaket(25_000);
    const { client } = await newUser('Pengirim Raksasa');
    // A small PNG whose header claims 12,000 x 12,000 pixels (decoded: over half a gigabyte).
    const claim = Buffer.from(PNG.sync.write(screenshotPixels(20, 20, 1)));
    claim.writeUInt32BE(12_000, 16);
    claim.writeUInt32BE(12_000, 20);
    const res = await upload(client, paketId, claim);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Gambar terlalu besar/);
    expect(await adminList('&q=Pengirim%20Raksasa')).toEqual([]);
  });

  it('keeps an order and its code while its proof waits, past the order expiry', async () => {
    const paketId = await makePaket(33_000);
    const u = await newUser('Penunggu Keputusan');
    const made = (await order(u.client, paketId)).json().data;
    const paid = (await upload(u.client, paketId, screenshotPng(41))).json().data;
    clock.advance(DAY + 60_000);
    // Another learner's order runs the expiry sweep; the waiting one keeps its code.
    await order((await newUser()).client, paketId);
    const [row] = await ctx.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, made.id));
    expect(row!.status).toBe('open');
    expect((await u.client.get(`/api/payment/order/${made.id}`)).json().data.status).toBe('open');
    // Decided, the order is no longer held, and the next sweep closes it.
    await admin.put(`/api/admin/payments/${paid.id}/status`, { status: 'rejected', alasanPenolakan: 'Nominal tidak masuk.' });
    await order((await newUser()).client, paketId);
    const [after] = await ctx.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, made.id));
    expect(after!.status).toBe('expired');
  });

  it('stores a WebP proof or a flat picture unchecked and says so', async () => {
    const paketId = await makePaket(50_000);
    const { client } = await newUser('Pengirim WebP');
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(32)]);
    const res = await upload(client, paketId, webp, 'image/webp');
    expect(res.statusCode).toBe(201);
    expect((await adminList('&q=Pengirim%20WebP'))[0]).toMatchObject({ proofChecked: false, duplicateOf: null });
    const flat = await newUser('Pengirim Polos');
    await upload(flat.client, paketId, fixture('red.png'));
    expect((await adminList('&q=Pengirim%20Polos'))[0]).toMatchObject({ proofChecked: false, duplicateOf: null });
  });
});

describe('decisions: who and when, reversal, reopening', () => {
  it('records who confirmed, reverses an unused confirmation with a reason, and frees the package', async () => {
    const paketId = await makePaket(75_000);
    const u = await newUser('Peserta Balik');
    const paid = (await upload(u.client, paketId, fixture('blue.jpg'), 'image/jpeg')).json().data;
    const confirmed = await admin.put(`/api/admin/payments/${paid.id}/status`, { status: 'confirmed' });
    expect(confirmed.json().data.decisions).toEqual([{ action: 'confirmed', byNama: 'Admin', reason: null, at: expect.any(String) }]);
    expect(confirmed.json().data.reversible).toBe(true);
    const [active] = await ctx.database.db.select({ a: users.paketSoalIdAktif }).from(users).where(eq(users.id, u.id));
    expect(active!.a).toBe(paketId);

    expect((await admin.post(`/api/admin/payments/${paid.id}/reverse`, { alasan: '  ' })).statusCode).toBe(400);
    const reversed = await admin.post(`/api/admin/payments/${paid.id}/reverse`, { alasan: 'Dana tidak masuk ke rekening.' });
    expect(reversed.statusCode).toBe(200);
    expect(reversed.json().data).toMatchObject({ status: 'rejected', alasanPenolakan: 'Dana tidak masuk ke rekening.', reversible: false });
    expect(reversed.json().data.decisions.map((d: { action: string }) => d.action)).toEqual(['confirmed', 'reversed']);
    const [after] = await ctx.database.db.select({ a: users.paketSoalIdAktif }).from(users).where(eq(users.id, u.id));
    expect(after!.a).toBeNull();
    expect((await u.client.get(`/api/users/cek-akses/${paketId}`)).json()).toMatchObject({ bolehAkses: false, status: 'ditolak' });

    // A rejection can be reopened, and decided again.
    const reopened = await admin.post(`/api/admin/payments/${paid.id}/reopen`);
    expect(reopened.json().data).toMatchObject({ status: 'pending', alasanPenolakan: null });
    expect((await admin.post(`/api/admin/payments/${paid.id}/reopen`)).statusCode).toBe(409);
    const rows = await ctx.database.db.select().from(paymentDecisions).where(eq(paymentDecisions.paymentId, paid.id));
    expect(rows.map((r) => r.action)).toEqual(['confirmed', 'reversed', 'reopened']);
  });

  it('refuses to reverse a confirmation whose attempt has started', async () => {
    const paketId = await makePaket(75_000);
    const u = await newUser();
    const paid = (await upload(u.client, paketId, fixture('blue.jpg'), 'image/jpeg')).json().data;
    await admin.put(`/api/admin/payments/${paid.id}/status`, { status: 'confirmed' });
    const { consumePayment } = await import('../../server/services/payments.service.ts');
    await consumePayment(ctx.database.db, u.id, paketId);
    await ctx.database.db.insert(examAttempts).values({ userId: u.id, paketSoalId: paketId, paymentId: paid.id, sesi: 'listening' });
    const res = await admin.post(`/api/admin/payments/${paid.id}/reverse`, { alasan: 'Salah konfirmasi' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/belum mulai dikerjakan/);
    expect((await admin.post('/api/admin/payments/999999/reverse', { alasan: 'x' })).statusCode).toBe(404);
  });

  it('refuses to reopen a rejection while a newer proof for the package waits', async () => {
    const paketId = await makePaket(75_000);
    const u = await newUser();
    const first = (await upload(u.client, paketId, fixture('blue.jpg'), 'image/jpeg')).json().data;
    await admin.put(`/api/admin/payments/${first.id}/status`, { status: 'rejected', alasanPenolakan: 'Buram' });
    await upload(u.client, paketId, fixture('red.png'));
    const res = await admin.post(`/api/admin/payments/${first.id}/reopen`);
    expect(res.statusCode).toBe(409);
  });

  it('searches by name or phone number as people type it', async () => {
    const paketId = await makePaket(60_000);
    const u = await newUser('Siti Cari Nurhaliza');
    await upload(u.client, paketId, fixture('blue.jpg'), 'image/jpeg');
    expect((await adminList('&q=cari%20nur')).map((r) => (r.User as { nama: string }).nama)).toEqual(['Siti Cari Nurhaliza']);
    const local = `0${u.nohp.slice(2)}`;
    expect((await adminList(`&q=${local.slice(0, 4)}-${local.slice(4)}`)).map((r) => r.userNohp)).toEqual([u.nohp]);
    expect(await adminList('&q=tidak%20ada%20orang%20ini')).toEqual([]);
    expect((await admin.get('/api/admin/payments?q=%25')).statusCode).toBe(200);
  });
});

describe('the learner hears back', () => {
  it('lists unseen decisions until the learner has seen them', async () => {
    const paketId = await makePaket(40_000);
    const u = await newUser();
    const paid = (await upload(u.client, paketId, fixture('blue.jpg'), 'image/jpeg')).json().data;
    expect((await u.client.get('/api/users/payment/updates')).json().data).toEqual([]);
    await admin.put(`/api/admin/payments/${paid.id}/status`, { status: 'rejected', alasanPenolakan: 'Nominal kurang' });
    const updates = (await u.client.get('/api/users/payment/updates')).json().data;
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ id: paid.id, status: 'rejected', alasanPenolakan: 'Nominal kurang' });
    expect((await u.client.post('/api/users/payment/updates/seen')).statusCode).toBe(200);
    expect((await u.client.get('/api/users/payment/updates')).json().data).toEqual([]);
  });
});

describe('first-run checklist', () => {
  it('tracks the admin password, the payment QR and a ready package', { timeout: 120_000 }, async () => {
    const fresh = await createTestApp({ LOGIN_MAX_PER_IP: '1000' });
    try {
      const a = await adminClient(fresh, '081100000077');
      await rememberInitialAdminPassword(fresh.database.db, '6281100000077');
      expect((await a.get('/api/admin/setup-status')).json()).toEqual({ adminPasswordChanged: false, qrSet: false, paketReady: false });
      await a.put('/api/users/update-password', { oldPassword: 'admin-rahasia-uji', newPassword: 'Rahasia-Baru-123' });
      await a.put('/api/admin/settings/qris', { payload: STATIC });
      // An archived package is not for sale, however ready.
      await fresh.database.db
        .insert(paketSoal)
        .values({ namaPaket: 'Arsip', harga: 0, status: 'siap', level: 'itp', archivedAt: new Date() });
      expect((await a.get('/api/admin/setup-status')).json()).toMatchObject({ paketReady: false });
      await fresh.database.db.insert(paketSoal).values({ namaPaket: 'Siap', harga: 0, status: 'siap', level: 'itp' });
      expect((await a.get('/api/admin/setup-status')).json()).toEqual({ adminPasswordChanged: true, qrSet: true, paketReady: true });
      const learner = new Client(fresh.app);
      await learner.signUpAndIn({ nohp: uniquePhone() });
      expect((await learner.get('/api/admin/setup-status')).statusCode).toBe(403);
    } finally {
      await fresh.close();
    }
  });
});
