import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayNotifications, paketSoal, paymentOrders, payments, users } from '../../server/db/schema.ts';
import { readQrisAmount } from '../../server/services/qris.service.ts';
import { FakeMidtrans } from './fake-midtrans.ts';
import { adminClient, Client, createTestApp, uniquePhone, type TestContext } from './helpers.ts';

const SERVER_KEY = 'SB-Mid-server-uji-rahasia';
const gateway = new FakeMidtrans(SERVER_KEY);
const mails: { to: string; subject: string; body: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    stream.on('end', () => {
      mails.push({
        to: session.envelope.rcptTo.map((r) => r.address).join(','),
        subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '',
        body: raw,
      });
      callback();
    });
  },
});

let ctx: TestContext;
beforeAll(async () => {
  const baseUrl = await gateway.start();
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  ctx = await createTestApp({
    LOGIN_MAX_PER_IP: '1000',
    MIDTRANS_SERVER_KEY: SERVER_KEY,
    MIDTRANS_BASE_URL: baseUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Simulasi TOEFL <bayar@contoh.id>',
  });
});
afterAll(async () => {
  await ctx.close();
  await gateway.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function makePaket(harga = 200_000): Promise<number> {
  const [row] = await ctx.database.db
    .insert(paketSoal)
    .values({ namaPaket: 'Paket Gateway', harga, status: 'siap', level: 'itp' })
    .returning({ id: paketSoal.id });
  return row!.id;
}

async function learnerWithOrder(harga = 200_000) {
  const paketId = await makePaket(harga);
  const client = new Client(ctx.app);
  const nohp = uniquePhone();
  await client.signUpAndIn({ nohp, email: `peserta${nohp}@contoh.id` });
  const res = await client.post('/api/payment/order', { paket_soal_id: paketId });
  expect(res.statusCode).toBe(201);
  const order = res.json().data;
  const [row] = await ctx.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
  const [user] = await ctx.database.db.select().from(users).where(eq(users.id, row!.userId));
  return { client, paketId, order, providerOrderId: row!.providerOrderId!, user: user! };
}

const notify = (body: unknown) => ctx.app.inject({ method: 'POST', url: '/api/payment/webhook/midtrans', payload: body as object });
const outcomes = async (providerOrderId: string) =>
  (await ctx.database.db.select().from(gatewayNotifications).where(eq(gatewayNotifications.providerOrderId, providerOrderId))).map(
    (r) => r.outcome,
  );
const paymentsOf = (userId: number) => ctx.database.db.select().from(payments).where(eq(payments.userId, userId));

describe('orders through the gateway', () => {
  it('charges the exact price under our own order id, with the server key, and answers its QRIS', async () => {
    const { order, providerOrderId } = await learnerWithOrder(200_000);
    const charge = gateway.charges.find((c) => c.orderId === providerOrderId)!;
    expect(charge.grossAmount).toBe(200_000);
    expect(charge.authorization).toBe(`Basic ${Buffer.from(`${SERVER_KEY}:`).toString('base64')}`);
    expect(order).toMatchObject({ provider: 'midtrans', amount: 200_000, uniqueCode: null, status: 'open', payment: null });
    expect(readQrisAmount(order.qris)).toEqual({ amount: 200_000, crcValid: true, initiation: '12' });
  });
});

describe('POST /payment/webhook/midtrans', () => {
  it('confirms on a signed settlement with nobody acting, opens the package, and tells the learner', async () => {
    const { client, paketId, order, providerOrderId, user } = await learnerWithOrder();
    expect((await client.get(`/api/users/cek-akses/${paketId}`)).json().bolehAkses).toBe(false);
    const res = await notify(gateway.notification(providerOrderId, '200000.00'));
    expect(res.statusCode).toBe(200);
    expect((await client.get(`/api/payment/order/${order.id}`)).json().data).toMatchObject({
      status: 'paid',
      payment: { status: 'confirmed' },
    });
    expect((await client.get(`/api/users/cek-akses/${paketId}`)).json()).toMatchObject({ bolehAkses: true });
    const [payment] = await paymentsOf(user.id);
    expect(payment).toMatchObject({ status: 'confirmed', decidedBy: null, bukti: null, amount: 200_000 });
    expect((await client.get('/api/users/payment/updates')).json().data).toHaveLength(1);

    await expect.poll(() => mails.find((m) => m.to === user.email), { timeout: 5000 }).toBeTruthy();
    const mail = mails.find((m) => m.to === user.email)!;
    expect(mail.subject).toContain('Pembayaran diterima');

    const admin = await adminClient(ctx);
    const row = (await admin.get('/api/admin/payments?limit=100')).json().data.find((p: { id: number }) => p.id === payment!.id);
    expect(row).toMatchObject({ viaGateway: true, decisions: [{ action: 'confirmed', byNama: null }] });
  });

  it('acknowledges a replay without confirming twice, even when two arrive at once', async () => {
    const { providerOrderId, user } = await learnerWithOrder();
    const body = gateway.notification(providerOrderId, '200000.00');
    const [a, b] = await Promise.all([notify(body), notify(body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const again = await notify(body);
    expect(again.json().message).toBe('Notifikasi ini sudah diproses sebelumnya.');
    expect(await paymentsOf(user.id)).toHaveLength(1);
    expect((await outcomes(providerOrderId)).sort()).toEqual(['confirmed', 'replay', 'replay']);
  });

  it('refuses and logs a bad signature, a wrong amount, an unknown order and a malformed body', async () => {
    const { providerOrderId, user } = await learnerWithOrder();
    const forged = await notify(gateway.notification(providerOrderId, '200000.00', 'settlement', 'kunci-palsu'));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('Tanda tangan notifikasi tidak valid.');
    const tampered = { ...gateway.notification(providerOrderId, '200000.00'), gross_amount: '2000.00' };
    expect((await notify(tampered)).statusCode).toBe(401);
    // Correctly signed, but not the order's amount.
    const cheap = await notify(gateway.notification(providerOrderId, '2000.00'));
    expect(cheap.statusCode).toBe(400);
    expect(cheap.json().message).toBe('Nominal notifikasi tidak sama dengan nominal pesanan.');
    const unknown = await notify(gateway.notification('toefl-tidak-ada', '200000.00'));
    expect(unknown.statusCode).toBe(404);
    const { signature_key: _dropped, ...unsigned } = gateway.notification(providerOrderId, '200000.00');
    expect((await notify(unsigned)).statusCode).toBe(400);

    expect(await paymentsOf(user.id)).toEqual([]);
    expect((await outcomes(providerOrderId)).sort()).toEqual(['bad_signature', 'bad_signature', 'malformed', 'wrong_amount']);
    expect(await outcomes('toefl-tidak-ada')).toEqual(['unknown_order']);

    // The order is still payable: the real settlement goes through afterwards.
    expect((await notify(gateway.notification(providerOrderId, '200000.00'))).statusCode).toBe(200);
    expect(await paymentsOf(user.id)).toHaveLength(1);
  });

  it('closes an order the gateway expired, and ignores a pending notice', async () => {
    const { client, order, providerOrderId, user } = await learnerWithOrder();
    expect((await notify(gateway.notification(providerOrderId, '200000.00', 'pending'))).statusCode).toBe(200);
    expect((await client.get(`/api/payment/order/${order.id}`)).json().data.status).toBe('open');
    expect((await notify(gateway.notification(providerOrderId, '200000.00', 'expire'))).statusCode).toBe(200);
    expect((await client.get(`/api/payment/order/${order.id}`)).json().data.status).toBe('expired');
    expect(await paymentsOf(user.id)).toEqual([]);
  });
});
