import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  closeBrowser,
  firstPublicPaket,
  moveTo,
  newContext,
  registerAndSignIn,
  type RunningServer,
  screenshot,
  startServer,
} from './harness.ts';

/**
 * Offline past the end (390 px): an answer given offline before the listening section ends still
 * counts when the phone reconnects after that end (within the 3-minute late window), and the exam
 * goes on from the server's clock.
 */

let server: RunningServer;
let paketId: number;
let paketName: string;
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'rahasia-luring-4';
const LISTENING_SECONDS = 30;

beforeAll(async () => {
  server = await startServer();
  const free = await firstPublicPaket(server.baseUrl);
  paketId = free.id;
  paketName = free.nama_paket;
  const login = await fetch(`${server.baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nohp: ADMIN.nohp, password: ADMIN.password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await fetch(`${server.baseUrl}/api/admin/paket-soal/${paketId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ nama_paket: paketName, durasi_listening: LISTENING_SECONDS, durasi_written: 600, durasi_reading: 600 }),
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await closeBrowser();
  await server?.dispose();
});

describe('offline past the end of a section', () => {
  it('counts an answer given offline before the end once the phone reconnects within the window', async () => {
    const phone = '081277770041';
    const context = await newContext(server.baseUrl, { viewport: PHONE });
    const page = await context.newPage();
    await registerAndSignIn(page, { nama: 'Dewi Sinyal Lemah', nohp: phone, password: PASSWORD });
    await page.getByRole('article', { name: paketName }).getByRole('button', { name: 'Kerjakan Soal' }).click();
    await page.waitForURL(`**/simulasi-toefl/${paketId}`);
    await page.getByRole('button', { name: 'Mulai Simulasi TOEFL' }).click();
    await page.getByRole('dialog', { name: 'Mulai Simulasi TOEFL?' }).getByRole('button', { name: 'Ya, Mulai' }).click();
    await page.getByTestId('exam-run').waitFor();
    await page.getByTestId('exam-sync').getByText('Tersimpan', { exact: true }).waitFor({ timeout: 15_000 });

    // The connection drops; the learner answers question 3 before the section ends.
    await context.setOffline(true);
    await moveTo(
      page,
      () =>
        page
          .getByRole('navigation', { name: 'Nomor soal' })
          .getByRole('button', { name: /^Soal 3,/ })
          .click(),
      page.locator('[data-page="3"]'),
    );
    await page.locator('[data-page="3"]').getByRole('radio', { name: /^C\. / }).check();
    await screenshot(page, 'exam-offline-390-answered');

    // Still offline, the section runs out on the phone's clock.
    await page
      .getByRole('heading', { name: 'Sesi LISTENING COMPREHENSION Telah Berakhir' })
      .waitFor({ timeout: (LISTENING_SECONDS + 20) * 1000 });
    await screenshot(page, 'exam-offline-390-ended');

    // Back online after the end, inside the 3-minute window: the answer is taken.
    await context.setOffline(false);
    await expect
      .poll(
        async () => {
          const res = await page.request.get('/api/soal/jawaban/draft');
          return res.ok() ? ((await res.json()) as { answers: Record<string, string> }).answers['3'] : undefined;
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe('3');
    expect(await page.getByTestId('exam-notice').count(), 'nothing was refused, so nothing is reported').toBe(0);
    await context.close();
  });
});
