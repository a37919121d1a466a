import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  closeBrowser,
  expectNoSidewaysScroll,
  loginCookie,
  newContext,
  registerAndSignIn,
  type RunningServer,
  screenshot,
  startServer,
  submitLogin,
  watchPageErrors,
} from './harness.ts';

let server: RunningServer;
let paketId: number;
let paketName: string;

const fixture = (name: string) => path.resolve(import.meta.dirname, '..', 'fixtures', name);
const PHONE = '081277775555';
const PASSWORD = 'rahasia-bayar-1';
const REASON = 'Nominal transfer tidak sesuai';

/** The admin's session cookie from an API login. */
const adminCookie = () => loginCookie(server.baseUrl, ADMIN.nohp, ADMIN.password);

beforeAll(async () => {
  server = await startServer();
  const cookie = await adminCookie();
  // The seeded demo package is complete and siap but free: give it a price so it must be paid for.
  const list = (await (await fetch(`${server.baseUrl}/api/paket-soal`)).json()) as { data: { id: number; nama_paket: string }[] };
  const demo = list.data[0]!;
  paketId = demo.id;
  paketName = demo.nama_paket;
  const put = await fetch(`${server.baseUrl}/api/admin/paket-soal/${paketId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ nama_paket: paketName, harga: 25000 }),
  });
  expect(put.status).toBe(200);
  const form = new FormData();
  form.append('qr', new Blob([await readFile(fixture('blue.jpg'))], { type: 'image/jpeg' }), 'qr.jpg');
  const qr = await fetch(`${server.baseUrl}/api/admin/settings/qr-payment`, { method: 'PUT', headers: { cookie }, body: form });
  expect(qr.status).toBe(200);
});
afterAll(async () => {
  await closeBrowser();
  await server?.dispose();
});

/** The one-time message about a decided payment, read and dismissed. */
async function readUpdate(page: Page, text: string) {
  const message = page.getByRole('dialog', { name: 'Kabar Pembayaran' });
  await message.getByText(text).waitFor();
  await message.getByRole('button', { name: 'Mengerti' }).click();
  await message.waitFor({ state: 'detached' });
}

async function kerjakan(page: Page, update?: string) {
  await page.goto('/paketsoal');
  if (update) await readUpdate(page, update);
  await page.getByRole('article', { name: paketName }).getByRole('button', { name: 'Kerjakan Soal' }).click();
}

async function uploadProof(page: Page) {
  await page.waitForURL(`**/bayar/${paketId}`);
  await page
    .getByTestId('bayar-harga')
    .getByText(/Rp\s25\.000/)
    .waitFor();
  await page.getByRole('img', { name: 'Kode QR pembayaran' }).waitFor();
  await page.getByRole('button', { name: 'Kirim Bukti Pembayaran' }).click();
  await page.getByText('Mohon unggah bukti pembayaran terlebih dahulu').waitFor();
  await page.locator('input[type=file]').setInputFiles(fixture('red.png'));
  await page.getByRole('img', { name: 'Pratinjau bukti pembayaran' }).waitFor();
  await page.getByRole('button', { name: 'Kirim Bukti Pembayaran' }).click();
  await page.getByText('Bukti pembayaran berhasil dikirim. Silakan tunggu konfirmasi admin.').waitFor();
  await page.waitForURL('**/paketsoal');
}

/** The first pending row's action in the admin table. */
async function pendingRow(admin: Page) {
  await admin.goto('/admin/payments');
  const row = admin.getByRole('row').filter({ hasText: 'Rina Paramitha' }).filter({ hasText: 'Menunggu' });
  await row.waitFor();
  return row;
}

describe('buying a package', () => {
  it('pays by QR, is rejected with a reason, pays again, is confirmed and opens the exam', async () => {
    const userContext = await newContext(server.baseUrl);
    const user = await userContext.newPage();
    const userErrors = watchPageErrors(user);
    const adminContext = await newContext(server.baseUrl);
    const admin = await adminContext.newPage();
    const adminErrors = watchPageErrors(admin);

    await registerAndSignIn(user, { nama: 'Rina Paramitha', nohp: PHONE, password: PASSWORD, email: 'rina@example.id' });
    await user.getByText('Belum ada skor. Kerjakan simulasi pertamamu untuk melihat skor di sini.').waitFor();
    await screenshot(user, 'payments-paketsoal-1280');

    // First proof.
    await kerjakan(user);
    await uploadProof(user);

    // While pending: the card says so instead of offering 'Kerjakan Soal'.
    await user.goto('/paketsoal');
    const card = user.getByRole('article', { name: paketName });
    await card.getByText('Pembayaran sedang diverifikasi admin').waitFor();
    expect(await card.getByRole('button', { name: 'Kerjakan Soal' }).count()).toBe(0);

    // The admin rejects in the browser, first without a reason.
    await admin.goto('/login');
    await submitLogin(admin, ADMIN.nohp, ADMIN.password);
    await admin.waitForURL('**/admin/payments');
    let row = await pendingRow(admin);
    await row.getByRole('button', { name: 'Perbesar bukti pembayaran Rina Paramitha' }).click();
    await admin.getByRole('dialog', { name: 'Bukti Pembayaran' }).getByRole('img', { name: 'Bukti pembayaran Rina Paramitha' }).waitFor();
    await screenshot(admin, 'payments-admin-proof');
    await admin.keyboard.press('Escape');
    await row.getByRole('button', { name: 'Tolak' }).click();
    const rejectDialog = admin.getByRole('dialog', { name: 'Tolak pembayaran' });
    await rejectDialog.getByRole('button', { name: 'Tolak Pembayaran' }).click();
    await rejectDialog.getByText('Alasan penolakan harus diisi.').waitFor();
    await rejectDialog.getByLabel('Alasan penolakan').fill(REASON);
    await rejectDialog.getByRole('button', { name: 'Tolak Pembayaran' }).click();
    await admin.getByText('Pembayaran ditolak.', { exact: true }).waitFor();
    await admin.getByText(`Alasan: ${REASON}`).waitFor();

    // The user reads the reason in Paket Saya and pays again.
    await user.getByRole('navigation', { name: 'Navigasi simulasi' }).getByRole('link', { name: 'Paket Saya' }).click();
    await user.waitForURL('**/paket-saya');
    await user.getByText(`Pembayaran ditolak. Alasan: ${REASON}`).waitFor();
    await screenshot(user, 'payments-paket-saya-1280');
    await kerjakan(user, `Pembayaran ${paketName} ditolak. Alasan: ${REASON}`);
    await user.getByText(`Pembayaran ditolak. Alasan: ${REASON}`).waitFor();
    await uploadProof(user);

    // The admin confirms.
    row = await pendingRow(admin);
    await row.getByRole('button', { name: 'Konfirmasi' }).click();
    await admin.getByRole('dialog', { name: 'Konfirmasi pembayaran?' }).getByRole('button', { name: 'Ya, Konfirmasi' }).click();
    await admin.getByText('Pembayaran berhasil dikonfirmasi.').waitFor();
    await admin.getByRole('row').filter({ hasText: 'Rina Paramitha' }).filter({ hasText: 'Diterima' }).waitFor();
    await screenshot(admin, 'payments-admin-list');

    // Access: the exam page opens.
    await user.goto('/paket-saya');
    await readUpdate(user, `Pembayaran ${paketName} diterima. Paket siap dikerjakan.`);
    await user.getByText('Pembayaran diterima').waitFor();
    await kerjakan(user);
    await user.waitForURL(`**/simulasi-toefl/${paketId}`);

    expect(userErrors).toEqual([]);
    expect(adminErrors).toEqual([]);
    await userContext.close();
    await adminContext.close();
  });

  it('lays the participant pages out on a 360 px phone', async () => {
    const context = await newContext(server.baseUrl, { viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/login');
    await submitLogin(page, PHONE, PASSWORD);
    await page.waitForURL('**/paketsoal');
    await page.getByRole('article', { name: paketName }).waitFor();
    await screenshot(page, 'payments-paketsoal-360');
    await page.goto(`/bayar/${paketId}`);
    await page.getByRole('img', { name: 'Kode QR pembayaran' }).waitFor();
    await screenshot(page, 'payments-bayar-360');
    await page.goto('/paket-saya');
    await page.getByRole('heading', { name: 'Paket Saya' }).waitFor();
    await page.getByRole('status').waitFor({ state: 'detached' });
    await screenshot(page, 'payments-paket-saya-360');
    // Nothing wider than the screen.
    await expectNoSidewaysScroll(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
