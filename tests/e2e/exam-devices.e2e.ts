import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmIn,
  ADMIN,
  closeBrowser,
  firstPublicPaket,
  moveTo,
  newContext,
  registerAndSignIn,
  type RunningServer,
  screenshot,
  startServer,
  submitLogin,
  loginCookie,
} from './harness.ts';

/**
 * Two phones on one attempt (390 px): an answer changed on the second phone is not put back by
 * the first one's next save, the first one shows the newer answer and says so, and finishing on
 * the second phone ends the exam on the first at its next save.
 */

let server: RunningServer;
let paketId: number;
let paketName: string;
const PHONE = { width: 390, height: 844 };

const adminCookie = () => loginCookie(server.baseUrl, ADMIN.nohp, ADMIN.password);

beforeAll(async () => {
  server = await startServer();
  const free = await firstPublicPaket(server.baseUrl);
  paketId = free.id;
  paketName = free.nama_paket;
  await fetch(`${server.baseUrl}/api/admin/paket-soal/${paketId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie: await adminCookie() },
    body: JSON.stringify({ nama_paket: paketName, durasi_listening: 600, durasi_written: 600, durasi_reading: 600 }),
  });
});
afterAll(async () => {
  await closeBrowser();
  await server?.dispose();
});

const PASSWORD = 'rahasia-ujian-2';

async function openExam(page: Page) {
  await page.goto('/paketsoal');
  await page.getByRole('article', { name: paketName }).getByRole('button', { name: 'Kerjakan Soal' }).click();
  await page.waitForURL(`**/simulasi-toefl/${paketId}`);
}
async function waitSaved(page: Page) {
  await page.getByTestId('exam-sync').getByText('Tersimpan', { exact: true }).waitFor({ timeout: 15_000 });
}
/** Opens question `n` (a listening number, so its exam page is `n` too). */
async function gotoNumber(page: Page, n: number) {
  await moveTo(
    page,
    () =>
      page
        .getByRole('navigation', { name: 'Nomor soal' })
        .getByRole('button', { name: new RegExp(`^Soal ${n},`) })
        .click(),
    page.locator(`[data-page="${n}"]`),
  );
}
async function choose(page: Page, examPage: number, letter: 'A' | 'B' | 'C' | 'D') {
  await page
    .locator(`[data-page="${examPage}"]`)
    .getByRole('radio', { name: new RegExp(`^${letter}\\. `) })
    .check();
}

describe('one attempt on two phones', () => {
  it('never puts back an older answer, shows the newer one, and ends on both when one finishes', async () => {
    const phone = '081277770021';
    const a = await (await newContext(server.baseUrl, { viewport: PHONE })).newPage();
    await registerAndSignIn(a, { nama: 'Rina Dua Ponsel', nohp: phone, password: PASSWORD });
    await openExam(a);
    await confirmIn(a, 'Mulai Simulasi TOEFL?', 'Ya, Mulai', a.getByRole('button', { name: 'Mulai Simulasi TOEFL' }));
    await a.getByTestId('exam-run').waitFor();

    // Phone A answers question 2 = B.
    await gotoNumber(a, 2);
    await choose(a, 2, 'B');
    await waitSaved(a);
    await screenshot(a, 'exam-phone-390-top');
    expect(await a.evaluate(() => window.scrollY)).toBe(0);
    await a.mouse.wheel(0, 600);
    await a.waitForTimeout(300);
    await screenshot(a, 'exam-phone-390-scrolled');
    const bar = await a.getByTestId('exam-bar').boundingBox();
    expect(bar!.y, 'the bar stays at the top while the page scrolls').toBeLessThan(5);

    // Phone B resumes the same attempt and changes question 2 to D.
    const b = await (await newContext(server.baseUrl, { viewport: PHONE })).newPage();
    await b.goto('/login');
    await submitLogin(b, phone, PASSWORD);
    await b.waitForURL('**/paketsoal');
    await openExam(b);
    await b.getByTestId('exam-run').waitFor();
    await gotoNumber(b, 2);
    await expect.poll(() => b.locator('[data-page="2"]').getByRole('radio', { name: /^B\. / }).isChecked()).toBe(true);
    await choose(b, 2, 'D');
    await waitSaved(b);

    // Phone A, still open, answers question 5: question 2 stays D on the server and on A's screen.
    await gotoNumber(a, 5);
    await choose(a, 5, 'A');
    await waitSaved(a);
    const draft = (await (await a.request.get('/api/soal/jawaban/draft')).json()) as { answers: Record<string, string> };
    expect(draft.answers['2']).toBe('4');
    expect(draft.answers['5']).toBe('1');
    await expect.poll(() => a.getByTestId('exam-notice').innerText()).toContain('Soal 2 dijawab lebih baru di perangkat lain');
    await screenshot(a, 'exam-phone-390-newer-answer');
    await gotoNumber(a, 2);
    expect(await a.locator('[data-page="2"]').getByRole('radio', { name: /^D\. / }).isChecked()).toBe(true);

    // Phone B finishes the whole attempt.
    for (const section of ['LISTENING COMPREHENSION', 'STRUCTURE AND WRITTEN EXPRESSION']) {
      await confirmIn(b, 'Selesaikan Sesi Ini?', 'Ya, Selesaikan', b.getByRole('button', { name: 'Selesai' }));
      await b.getByRole('heading', { name: `Sesi ${section} Telah Berakhir` }).waitFor();
      await confirmIn(b, 'Yakin ingin lanjut?', 'Ya, Lanjut', b.getByRole('button', { name: 'Lanjut ke Sesi Berikutnya' }));
    }
    await b.getByTestId('exam-run').and(b.locator('[data-section="reading"]')).waitFor();
    await confirmIn(b, 'Yakin ingin menyelesaikan?', 'Ya, Selesai', b.getByRole('button', { name: 'Selesai' }));
    await b.getByTestId('exam-total-score').waitFor({ timeout: 20_000 });

    // Phone A learns it at its next save (or its next timer refresh, whichever comes first) and
    // ends too, saying why.
    if (await a.getByTestId('exam-run').isVisible()) {
      await moveTo(
        a,
        () =>
          a
            .getByRole('navigation', { name: 'Nomor soal' })
            .getByRole('button', { name: /^Soal 6,/ })
            .click({ timeout: 5_000 })
            .catch(() => undefined),
        a.locator('[data-page="6"]').or(a.getByTestId('exam-finished-elsewhere')),
      ).catch(() => undefined);
      await a
        .locator('[data-page="6"]')
        .getByRole('radio', { name: /^C\. / })
        .check({ timeout: 5_000 })
        .catch(() => undefined);
    }
    await a.getByTestId('exam-finished-elsewhere').waitFor({ timeout: 20_000 });
    await a.getByTestId('exam-total-score').waitFor({ timeout: 20_000 });
    expect(await a.getByTestId('exam-total-score').innerText()).toBe(await b.getByTestId('exam-total-score').innerText());
    await screenshot(a, 'exam-phone-390-finished-elsewhere');
  }, 180_000);
});
