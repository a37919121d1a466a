import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SILENCE_LIMIT_MS } from '../../src/lib/until-silent.ts';
import { REFRESH_WAIT_MS } from '../../machines/exam.machine.ts';
import {
  closeBrowser,
  firstPublicPaket,
  newContext,
  registerAndSignIn,
  type RunningServer,
  screenshot,
  setPageVisible,
  startExamAtQuestionOne,
  startServer,
} from './harness.ts';

/**
 * A phone's link that dies mid-request without a word (390 px): the request gets no answer and no
 * error. A draft save into it is given up and made again, so the answer reaches the server; the
 * timer asked when the page comes back holds the exam only a few seconds, then the learner answers
 * on by the page's own clock.
 */

let server: RunningServer;
let paketName: string;
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'rahasia-sinyal-5';

beforeAll(async () => {
  server = await startServer();
  paketName = (await firstPublicPaket(server.baseUrl)).nama_paket;
});
afterAll(async () => {
  await closeBrowser();
  await server?.dispose();
});

type Draft = { answers: Record<string, string> };

describe('a connection that dies without a word', () => {
  it('saves the answer again, and lets the learner go on when the timer gets no answer', async () => {
    const phone = '081277770051';
    const context = await newContext(server.baseUrl, { viewport: PHONE });
    const page = await context.newPage();
    await registerAndSignIn(page, { nama: 'Sinta Sinyal Putus', nohp: phone, password: PASSWORD });
    await startExamAtQuestionOne(page, paketName);
    const sync = page.getByTestId('exam-sync');
    await sync.getByText('Tersimpan', { exact: true }).waitFor({ timeout: 15_000 });
    const serverAnswers = async () => ((await (await page.request.get('/api/soal/jawaban/draft')).json()) as Draft).answers;

    // The first save after this goes into the dead connection.
    let swallowed = 0;
    await page.route('**/api/soal/jawaban/draft', async (route) => {
      if (route.request().method() === 'PUT' && swallowed === 0) {
        swallowed += 1;
        return; // neither answered nor failed
      }
      await route.fallback();
    });
    const answeredAt = Date.now();
    await page.keyboard.press('2');
    await sync.getByText('Menyimpan...', { exact: true }).waitFor();
    await sync.getByText('Tersimpan', { exact: true }).waitFor({ timeout: SILENCE_LIMIT_MS + 15_000 });
    expect(swallowed).toBe(1);
    expect(Date.now() - answeredAt).toBeGreaterThanOrEqual(SILENCE_LIMIT_MS);
    expect((await serverAnswers())['1']).toBe('2');

    // Back from another app: the timer's answer never comes.
    await page.route('**/api/soal/timers', () => undefined);
    await setPageVisible(page, false);
    await setPageVisible(page, true);
    const refreshing = page.getByRole('dialog', { name: 'Memperbarui timer...' });
    await refreshing.waitFor();
    const returnedAt = Date.now();
    await screenshot(page, 'exam-dead-link-390-refreshing');
    await refreshing.waitFor({ state: 'hidden', timeout: REFRESH_WAIT_MS + 5_000 });
    expect(Date.now() - returnedAt).toBeLessThan(REFRESH_WAIT_MS + 5_000);
    // The exam goes on: the clock runs and the next answer is saved.
    const timer = page.getByTestId('exam-timer');
    const shown = await timer.innerText();
    await expect.poll(() => timer.innerText(), { timeout: 5_000 }).not.toBe(shown);
    await page.keyboard.press('3');
    await expect.poll(async () => (await serverAnswers())['1'], { timeout: 15_000 }).toBe('3');
    await context.close();
  });
});
