import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  closeBrowser,
  firstPublicPaket,
  newContext,
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
const NAMA = "Siti Nur'aini Wiryaningsih";
const PHONE = '081233334444';
const NEW_PHONE = '081255556666';
const PASSWORD = 'rahasia-hasil-1';
const NEW_PASSWORD = 'sandi-baru-hasil-2';

beforeAll(async () => {
  server = await startServer();
  const login = await fetch(`${server.baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nohp: ADMIN.nohp, password: ADMIN.password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const first = await firstPublicPaket(server.baseUrl);
  paketId = first.id;
  paketName = first.nama_paket;
  // Five-second sections, so the exam can be sat for real in a test.
  const put = await fetch(`${server.baseUrl}/api/admin/paket-soal/${paketId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ nama_paket: paketName, durasi_listening: 5, durasi_written: 5, durasi_reading: 5 }),
  });
  expect(put.status).toBe(200);
});
afterAll(async () => {
  await closeBrowser();
  await server?.dispose();
});

/** Sits the demo package through the API with the browser's own cookies; every answer is option A. */
async function sitExam(api: APIRequestContext) {
  const ok = async (p: Promise<{ status(): number; text(): Promise<string> }>) => {
    const res = await p;
    expect(res.status(), await res.text()).toBe(200);
    return res;
  };
  const access = await ok(api.get(`/api/users/cek-akses/${paketId}`));
  expect(JSON.parse(await access.text())).toMatchObject({ bolehAkses: true });
  await ok(api.put('/api/soal/timers', { data: { paketId } }));
  const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
  await ok(
    api.put('/api/soal/jawaban/draft', { data: { index: 50, answers: Object.fromEntries(range(1, 50).map((p) => [String(p), '1'])) } }),
  );
  // Listening runs out for real (5 s), written is ended early with timers-to-zero.
  await new Promise((r) => setTimeout(r, 5_500));
  await ok(api.put('/api/soal/timers/next', { data: { paketId } }));
  await ok(
    api.put('/api/soal/jawaban/draft', {
      data: { index: 92, answers: Object.fromEntries([...range(52, 66), ...range(68, 92)].map((p) => [String(p), '2'])) },
    }),
  );
  await ok(api.put('/api/soal/timers-to-zero', { data: { paketId } }));
  await ok(api.put('/api/soal/timers/next', { data: { paketId } }));
  const submit = await ok(api.post('/api/soal/jawaban', { data: { answers: range(94, 143).map((p) => ({ id: p, answer: '3' })) } }));
  return JSON.parse(await submit.text()) as { historyId: number; certificateCode: string; toeflScore: number };
}

/** On a failed step, the page as it was (URL and a screenshot) goes with the error. */
async function step<T>(page: Page, name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    await screenshot(page, `results-failed-${name}`).catch(() => undefined);
    throw new Error(`${name} failed at ${page.url()}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Signs in and waits until the app shows the signed-in learner (where it lands: tests/e2e/auth.e2e.ts). */
async function signIn(page: Page, nohp: string, password: string, nama = NAMA) {
  await step(page, 'sign-in', async () => {
    await page.goto('/login');
    await submitLogin(page, nohp, password);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.getByRole('button', { name: `Menu akun ${nama}` }).waitFor();
  });
}

/**
 * Signs out as a person does and waits until the sign-out is done: the server answered the logout
 * and the header shows Login. Going on before that (a new page load) could cancel the logout
 * mid-flight, and its late answer could clear the next session's cookie.
 */
async function signOut(page: Page, nama: string) {
  await step(page, 'sign-out', async () => {
    await page.getByRole('button', { name: `Menu akun ${nama}` }).click();
    const loggedOut = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/users/logout');
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    expect((await loggedOut).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
  });
}

describe('results that last', () => {
  it('certificate, verification, review, progress, then profile photo, number and password', async () => {
    const context = await newContext(server.baseUrl);
    const page = await context.newPage();
    const errors = watchPageErrors(page);

    const register = await context.request.post('/api/users/register', {
      data: { nohp: PHONE, nama: NAMA, email: 'siti@example.id', password: PASSWORD },
    });
    expect(register.status()).toBe(201);
    await signIn(page, PHONE, PASSWORD);
    const score = await sitExam(context.request);

    // History with a certificate download.
    await page.goto('/riwayat-ujian');
    const table = page.getByRole('table', { name: 'Riwayat Ujian' });
    const row = table.getByRole('row').filter({ hasText: paketName });
    await row.waitFor();
    expect(await row.textContent()).toContain(String(score.toeflScore));
    await screenshot(page, 'results-riwayat-1280');
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /^Unduh sertifikat/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^sertifikat-siti-nuraini-wiryaningsih-\d{4}-\d{2}-\d{2}\.pdf$/);
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // The certificate's code verifies on the public page, for anyone.
    const visitor = await (await newContext(server.baseUrl)).newPage();
    const visitorErrors = watchPageErrors(visitor);
    await visitor.goto(`/verifikasi/${score.certificateCode}`);
    await visitor.getByText('Sertifikat ini sah dan diterbitkan oleh platform ini.').waitFor();
    await visitor.getByText(NAMA).waitFor();
    await screenshot(visitor, 'results-verifikasi-1280');
    await visitor.setViewportSize({ width: 360, height: 740 });
    await screenshot(visitor, 'results-verifikasi-360');
    await visitor.goto('/verifikasi/0000000000000000');
    await visitor.getByText('Sertifikat tidak ditemukan', { exact: true }).waitFor();
    expect(visitorErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);

    // Review: only the wrong answers, with keys, grouped by section.
    await row.getByRole('link', { name: /^Pembahasan/ }).click();
    await page.waitForURL(`**/riwayat-ujian/${score.historyId}/pembahasan`);
    await page.getByRole('region', { name: 'Listening Comprehension' }).waitFor();
    const all = await page.getByRole('article').count();
    expect(all).toBe(140);
    await page.getByText('Salah saja').click();
    await page.waitForFunction(() => document.querySelectorAll('article[data-correct="true"]').length === 0);
    const wrongCount = await page.getByRole('article').count();
    expect(wrongCount).toBeGreaterThan(0);
    expect(wrongCount).toBeLessThan(140);
    await page
      .getByRole('region', { name: 'Reading Comprehension' })
      .getByText(/^Bacaan: /)
      .first()
      .waitFor();
    await screenshot(page, 'results-review-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await screenshot(page, 'results-review-360');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Progress from the history page.
    await page.goto('/riwayat-ujian');
    await page.getByRole('link', { name: 'Lihat Progres' }).click();
    // The total has its own chart; the three sections share a second one.
    for (const name of [
      'Grafik garis skor TOEFL total per simulasi',
      'Grafik garis skor Listening, Structure & Written dan Reading per simulasi',
    ]) {
      await page.getByRole('img', { name }).locator('.recharts-surface').first().waitFor();
    }
    await page.getByText('Saran latihan:').waitFor();
    await screenshot(page, 'results-progress-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await screenshot(page, 'results-progress-360');
    await page.goto('/riwayat-ujian');
    // Phones get cards with the certificate button in reach instead of the wide table.
    await page
      .getByRole('list', { name: 'Riwayat Ujian' })
      .getByRole('button', { name: /^Unduh sertifikat/ })
      .waitFor();
    await screenshot(page, 'results-riwayat-360');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Profile: a new photo and a new number.
    await page.goto('/profile');
    await page.getByRole('img', { name: 'Foto profil bawaan' }).waitFor();
    await page.locator('input[type=file]').setInputFiles(fixture('red.png'));
    await page.getByText(/^Foto baru dipilih: /).waitFor();
    await page.getByLabel('Nomor HP').fill(NEW_PHONE);
    await page.getByRole('button', { name: 'Simpan Perubahan' }).click();
    await page.getByText('Perubahan berhasil disimpan.').waitFor();
    await page.getByText('Nomor saat ini: 6281255556666').waitFor();
    const photo = page.getByRole('img', { name: `Foto profil ${NAMA}` });
    await photo.waitFor();
    expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await screenshot(page, 'results-profile-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await screenshot(page, 'results-profile-360');
    await page.setViewportSize({ width: 1280, height: 800 });

    await signOut(page, NAMA);
    await signIn(page, NEW_PHONE, PASSWORD);

    // Password change, then sign in with it.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Ubah Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ubah Password' });
    await dialog.getByLabel('Password Lama').fill(PASSWORD);
    await dialog.getByLabel('Password Baru').fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Simpan Password' }).click();
    await page.getByText('Password berhasil diperbarui.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await signOut(page, NAMA);
    await signIn(page, NEW_PHONE, NEW_PASSWORD);

    expect(errors).toEqual([]);
  }, 120_000);
});
