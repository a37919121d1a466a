import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeStaticQris, readQrisAmount } from '../../server/services/qris.service.ts';
import { screenshotPng } from '../fixtures/proof-images.ts';
import { FakeMidtrans } from '../server/fake-midtrans.ts';
import {
  ADMIN,
  closeBrowser,
  expectNoSidewaysScroll,
  firstPublicPaket,
  loginCookie,
  newContext,
  type RunningServer,
  screenshot,
  startServer,
  submitLogin,
  watchPageErrors,
} from './harness.ts';

const PRICE = 25_000;
const PASSWORD = 'rahasia-qris-1';
const MERCHANT_QRIS = composeStaticQris({ merchantName: 'TOEFL SIMULASI', merchantCity: 'BANDUNG', nmid: 'ID1020012345678' });
const PHONE_VIEWPORT = { width: 390, height: 844 };

const cookieOf = (server: RunningServer, nohp: string, password: string) => loginCookie(server.baseUrl, nohp, password);

async function register(server: RunningServer, nama: string, nohp: string): Promise<void> {
  const res = await fetch(`${server.baseUrl}/api/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nama, nohp, email: `${nohp}@example.id`, password: PASSWORD }),
  });
  expect(res.status).toBe(201);
}

/** The demo package with a price, so it must be paid for. */
async function pricedPaket(server: RunningServer, adminCookie: string): Promise<{ id: number; nama_paket: string }> {
  const paket = await firstPublicPaket(server.baseUrl);
  const put = await fetch(`${server.baseUrl}/api/admin/paket-soal/${paket.id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie: adminCookie },
    body: JSON.stringify({ nama_paket: paket.nama_paket, harga: PRICE }),
  });
  expect(put.status).toBe(200);
  return paket;
}

/** Reads the QR the page drew back from its PNG, as a banking app would. */
async function readPageQr(page: Page): Promise<string> {
  const img = page.getByTestId('order-qr');
  await expect.poll(async () => (await img.getAttribute('src')) ?? '', { timeout: 20_000 }).toMatch(/^data:image\/png;base64,/);
  const src = (await img.getAttribute('src'))!;
  const png = PNG.sync.read(Buffer.from(src.slice(src.indexOf(',') + 1), 'base64'));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(code).not.toBeNull();
  return code!.data;
}

/** Signs in and opens the package from its card, as a learner does. */
async function openPaket(page: Page, nohp: string, paketName: string): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, nohp, PASSWORD);
  await page.waitForURL('**/paketsoal');
  await page.getByRole('article', { name: paketName }).getByRole('button', { name: 'Kerjakan Soal' }).click();
  await page.waitForURL('**/bayar/*');
}

const gateway = new FakeMidtrans('SB-Mid-server-e2e-key');
/** One server with the gateway, one without (manual QRIS); both start at once to keep the file short. */
let gatewayServer: RunningServer | undefined;
let manualServer: RunningServer | undefined;

beforeAll(async () => {
  const gatewayUrl = await gateway.start();
  [gatewayServer, manualServer] = await Promise.all([
    startServer({ env: { MIDTRANS_SERVER_KEY: gateway.serverKey, MIDTRANS_BASE_URL: gatewayUrl } }),
    startServer(),
  ]);
});
afterAll(async () => {
  await closeBrowser();
  await Promise.all([gatewayServer?.dispose(), manualServer?.dispose()]);
  await gateway.stop();
});

describe('a payment through the gateway confirms itself', () => {
  let server: RunningServer;
  beforeAll(() => {
    server = gatewayServer!;
  });

  it('admin stores the QRIS; the learner scans the exact amount, the gateway settles, the exam opens with no admin', async () => {
    const paket = await pricedPaket(server, await cookieOf(server, ADMIN.nohp, ADMIN.password));
    await register(server, 'Bima Gateway', '081277770001');

    // The admin pastes the merchant's static QRIS on a phone.
    const adminContext = await newContext(server.baseUrl, { viewport: PHONE_VIEWPORT });
    const admin = await adminContext.newPage();
    const adminErrors = watchPageErrors(admin);
    await admin.goto('/login');
    await submitLogin(admin, ADMIN.nohp, ADMIN.password);
    await admin.waitForURL('**/admin/**');
    await admin.goto('/admin/settings');
    const qris = admin.getByRole('region', { name: 'QRIS Nominal Pasti' });
    await qris.getByText('Belum ada QRIS.', { exact: false }).waitFor();
    await qris.getByLabel('Tempel payload QRIS').fill(`${MERCHANT_QRIS.slice(0, -1)}0`);
    await qris.getByRole('button', { name: 'Simpan Payload' }).click();
    await qris.getByRole('alert').filter({ hasText: 'QRIS ditolak' }).waitFor();
    await qris.getByLabel('Tempel payload QRIS').fill(MERCHANT_QRIS);
    await qris.getByRole('button', { name: 'Simpan Payload' }).click();
    await qris.getByText('QRIS tersimpan').waitFor();
    await qris.getByText('Merchant: TOEFL SIMULASI, BANDUNG').waitFor();
    await screenshot(admin, 'payments-qris-admin-settings-390');
    await expectNoSidewaysScroll(admin);

    // The learner's phone: the order's QR carries the exact amount, and its CRC holds.
    const context = await newContext(server.baseUrl, { viewport: PHONE_VIEWPORT });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await openPaket(page, '081277770001', paket.nama_paket);
    const payload = await readPageQr(page);
    expect(readQrisAmount(payload)).toMatchObject({ amount: PRICE, crcValid: true, initiation: '12' });
    await page
      .getByTestId('order-amount')
      .getByText(/Rp\s25\.000/)
      .waitFor();
    await page.getByText('Menunggu pembayaran... Status diperbarui otomatis.').waitFor();
    expect(await page.getByRole('button', { name: 'Kirim Bukti Pembayaran' }).count()).toBe(0);
    const save = page.getByRole('link', { name: 'Simpan QR sebagai Gambar' });
    expect(await save.getAttribute('download')).toBe(`qris-${PRICE}.png`);
    await screenshot(page, 'payments-qris-gateway-open-390');
    await expectNoSidewaysScroll(page);

    // The gateway's signed settlement reaches the webhook; the open page notices by itself.
    expect(gateway.charges).toHaveLength(1);
    const { orderId, grossAmount } = gateway.charges[0]!;
    expect(grossAmount).toBe(PRICE);
    const hook = await fetch(`${server.baseUrl}/api/payment/webhook/midtrans`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(gateway.notification(orderId, `${PRICE}.00`)),
    });
    expect(hook.status).toBe(200);
    await page.getByText('Pembayaran diterima').waitFor({ timeout: 30_000 });
    await screenshot(page, 'payments-qris-gateway-paid-390');
    await page.getByRole('link', { name: 'Mulai Simulasi' }).click();
    await page.waitForURL(`**/simulasi-toefl/${paket.id}`);
    await page.getByRole('button', { name: 'Mulai Simulasi TOEFL' }).click();
    await page.getByRole('dialog', { name: 'Mulai Simulasi TOEFL?' }).getByRole('button', { name: 'Ya, Mulai' }).click();
    await page.getByTestId('exam-intro-listening').waitFor();

    // The decision reaches the learner once: the message, then no badge.
    await page.goto('/paket-saya');
    const message = page.getByRole('dialog', { name: 'Kabar Pembayaran' });
    await message.getByText(`Pembayaran ${paket.nama_paket} diterima. Paket siap dikerjakan.`).waitFor();
    await page.getByRole('link', { name: '1 kabar pembayaran baru' }).waitFor();
    await screenshot(page, 'payments-qris-update-message-390');
    await message.getByRole('button', { name: 'Mengerti' }).click();
    await message.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByText('Pembayaran diterima').waitFor();
    expect(await page.getByRole('dialog', { name: 'Kabar Pembayaran' }).count()).toBe(0);

    expect(errors).toEqual([]);
    // The broken payload's refusal is the one failed request the admin's page may log.
    expect(adminErrors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    await context.close();
    await adminContext.close();
  });
});

describe('a manual exact-amount payment', () => {
  let server: RunningServer;
  let proofDir: string;

  beforeAll(async () => {
    server = manualServer!;
    proofDir = await mkdtemp(path.join(os.tmpdir(), 'toefl-proof-'));
  });
  afterAll(async () => {
    await rm(proofDir, { recursive: true, force: true });
  });

  it('the learner pays price plus code with a proof; the admin sees a reused proof flagged', async () => {
    const adminCookie = await cookieOf(server, ADMIN.nohp, ADMIN.password);
    const paket = await pricedPaket(server, adminCookie);
    const stored = await fetch(`${server.baseUrl}/api/admin/settings/qris`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: adminCookie },
      body: JSON.stringify({ payload: MERCHANT_QRIS }),
    });
    expect(stored.status).toBe(200);
    await register(server, 'Citra Asli', '081277770002');
    await register(server, 'Dodi Penyalin', '081277770003');
    const proof = path.join(proofDir, 'bukti.png');
    await writeFile(proof, screenshotPng(11));

    // The learner's phone: price + unique code in the QR, the proof sent beside that amount.
    const context = await newContext(server.baseUrl, { viewport: PHONE_VIEWPORT });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await openPaket(page, '081277770002', paket.nama_paket);
    const { amount, crcValid } = readQrisAmount(await readPageQr(page));
    expect(crcValid).toBe(true);
    expect(amount).toBeGreaterThan(PRICE);
    expect(amount).toBeLessThan(PRICE + 1000);
    const shown = new Intl.NumberFormat('id-ID').format(amount!);
    await page.getByTestId('order-amount').getByText(shown, { exact: false }).waitFor();
    await page.getByTestId('proof-amount').getByText(shown, { exact: false }).waitFor();
    await screenshot(page, 'payments-qris-manual-390');
    await expectNoSidewaysScroll(page);
    await page.locator('input[type=file]').setInputFiles(proof);
    await page.getByRole('img', { name: 'Pratinjau bukti pembayaran' }).waitFor();
    await page.getByRole('button', { name: 'Kirim Bukti Pembayaran' }).click();
    await page.waitForURL('**/paketsoal');
    // While it waits, the card says so instead of 'Kerjakan Soal'.
    const card = page.getByRole('article', { name: paket.nama_paket });
    await card.getByText('Pembayaran sedang diverifikasi admin').waitFor();
    expect(await card.getByRole('button', { name: 'Kerjakan Soal' }).count()).toBe(0);
    await screenshot(page, 'payments-qris-waiting-card-390');
    await expectNoSidewaysScroll(page);

    // Another learner sends the same screenshot.
    const copyForm = new FormData();
    copyForm.append('paket_soal_id', String(paket.id));
    copyForm.append('bukti', new Blob([new Uint8Array(screenshotPng(11, 120, 240))], { type: 'image/png' }), 'bukti.png');
    const copy = await fetch(`${server.baseUrl}/api/payment/upload`, {
      method: 'POST',
      headers: { cookie: await cookieOf(server, '081277770003', PASSWORD) },
      body: copyForm,
    });
    expect(copy.status).toBe(201);

    // The admin, on a phone, sees the amount and code beside the first proof and the copy flagged.
    const adminContext = await newContext(server.baseUrl, { viewport: PHONE_VIEWPORT });
    const admin = await adminContext.newPage();
    const adminErrors = watchPageErrors(admin);
    await admin.goto('/login');
    await submitLogin(admin, ADMIN.nohp, ADMIN.password);
    await admin.waitForURL('**/admin/payments');
    const original = admin.getByRole('article', { name: `Pembayaran Citra Asli, ${paket.nama_paket}` });
    await original.getByText(`Kode unik ${amount! - PRICE}`).waitFor();
    await original.getByText(shown, { exact: false }).first().waitFor();
    const copied = admin.getByRole('article', { name: `Pembayaran Dodi Penyalin, ${paket.nama_paket}` });
    await copied.getByText('Bukti pernah dipakai').waitFor();
    await copied.getByRole('link', { name: /Sama dengan bukti Citra Asli/ }).waitFor();
    expect(await original.getByText('Bukti pernah dipakai').count()).toBe(0);
    await screenshot(admin, 'payments-qris-admin-flag-390');
    await expectNoSidewaysScroll(admin);
    // Confirmed by mistake: taken back with a reason while unused, then reopened.
    await original.getByRole('button', { name: 'Konfirmasi' }).click();
    await admin.getByRole('dialog', { name: 'Konfirmasi pembayaran?' }).getByRole('button', { name: 'Ya, Konfirmasi' }).click();
    await original.getByText('Diterima oleh Admin', { exact: false }).waitFor();
    await original.getByRole('button', { name: 'Batalkan Konfirmasi' }).click();
    const reverse = admin.getByRole('dialog', { name: 'Batalkan konfirmasi pembayaran' });
    await reverse.getByRole('button', { name: 'Ya, Batalkan Konfirmasi' }).click();
    await reverse.getByText('Alasan pembatalan harus diisi.').waitFor();
    await reverse.getByLabel('Alasan pembatalan').fill('Dana tidak masuk ke rekening');
    await screenshot(admin, 'payments-qris-admin-reverse-390');
    await reverse.getByRole('button', { name: 'Ya, Batalkan Konfirmasi' }).click();
    await reverse.waitFor({ state: 'detached' });
    await original.getByText('Alasan: Dana tidak masuk ke rekening').waitFor();
    await original.getByRole('button', { name: 'Buka Kembali' }).click();
    await admin.getByRole('dialog', { name: 'Buka kembali pembayaran?' }).getByRole('button', { name: 'Ya, Buka Kembali' }).click();
    await original.getByRole('button', { name: 'Konfirmasi' }).waitFor();
    await original.getByText('Dibuka kembali oleh Admin', { exact: false }).waitFor();
    await expectNoSidewaysScroll(admin);

    // The link finds the earlier payment.
    await copied.getByRole('link', { name: /Sama dengan bukti Citra Asli/ }).click();
    await expect.poll(() => new URL(admin.url()).searchParams.get('q')).toBe('Citra Asli');
    await admin.getByRole('article').first().waitFor();
    await expect.poll(() => admin.getByRole('article').count()).toBe(1);

    expect(errors).toEqual([]);
    expect(adminErrors).toEqual([]);
    await context.close();
    await adminContext.close();
  });
});
