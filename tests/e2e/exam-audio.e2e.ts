import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_WAIT_MS } from '../../machines/exam.machine.ts';
import { SILENCE_LIMIT_MS } from '../../src/lib/until-silent.ts';
import {
  closeBrowser,
  firstPublicPaket,
  moveTo,
  newContext,
  registerAndSignIn,
  type RunningServer,
  screenshot,
  setPageVisible,
  startExamAtQuestionOne,
  startServer,
} from './harness.ts';

/**
 * Listening on a 390 px phone: flipping through questions 1-10 at 200 ms each locks no clip (a
 * clip counts only once it is heard), a clip left half-way resumes where it stopped, and a reload
 * keeps that position instead of locking the clip. Coming back from another app moves nothing on
 * the page. And a link that dies mid-request without a word (the request gets no answer and no
 * error): a draft save into it is given up and made again, so the answer reaches the server; the
 * timer asked when the page comes back holds the exam only a few seconds, then the learner answers
 * on by the page's own clock; a clip whose download stops is downloaded again and played from its
 * start, not locked.
 */

let server: RunningServer;
let paketName: string;
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'rahasia-audio-3';

beforeAll(async () => {
  server = await startServer();
  paketName = (await firstPublicPaket(server.baseUrl)).nama_paket;
});
afterAll(async () => {
  await closeBrowser();
  await server?.dispose();
});

type Draft = { answers: Record<string, string>; audio: { played: number[]; positions: Record<string, number> } };

const status = (page: Page) => page.getByTestId('audio-once').getAttribute('data-status');
const position = (page: Page) => page.getByTestId('audio-once-element').evaluate((el: HTMLAudioElement) => el.currentTime);

/** Moves on from question `to - 1` to `to`, answering the leave question when a clip is playing. */
async function next(page: Page, to: number) {
  const numbered = page.getByTestId('exam-question-number').getByText(`Soal ${to}`, { exact: true });
  await moveTo(page, () => page.getByRole('button', { name: 'Selanjutnya' }).click(), numbered);
}

describe('listening on a phone', () => {
  it('locks no clip while flipping, resumes a clip where it stopped, and keeps it through a reload', async () => {
    const page = await (await newContext(server.baseUrl, { viewport: PHONE })).newPage();
    await registerAndSignIn(page, { nama: 'Sari Dengar Sekali', nohp: '081277770031', password: PASSWORD });
    await startExamAtQuestionOne(page, paketName);

    // Flip through questions 1-10, 200 ms on each.
    for (let n = 1; n <= 10; n++) {
      await page.getByTestId('exam-question-number').getByText(`Soal ${n}`, { exact: true }).waitFor();
      await page.waitForTimeout(200);
      await next(page, n + 1);
    }
    await page.getByTestId('exam-sync').getByText('Tersimpan', { exact: true }).waitFor({ timeout: 15_000 });
    const flipped = (await (await page.request.get('/api/soal/jawaban/draft')).json()) as Draft;
    expect(flipped.audio.played, 'no clip is locked by flipping through it').toEqual([]);

    // Back to question 1: its clip is not locked, and plays on from where it stopped.
    await moveTo(
      page,
      () =>
        page
          .getByRole('navigation', { name: 'Nomor soal' })
          .getByRole('button', { name: /^Soal 1,/ })
          .click(),
      page.locator('[data-page="1"]'),
    );
    await page.getByTestId('exam-question-number').getByText('Soal 1', { exact: true }).waitFor();
    await expect.poll(() => status(page), { timeout: 15_000 }).toBe('playing');
    await expect.poll(() => position(page), { timeout: 10_000 }).toBeGreaterThan(1.5);
    await screenshot(page, 'exam-audio-390-playing');

    // Leaving asks first; staying keeps it playing.
    const ask = page.getByRole('dialog', { name: 'Audio sedang diputar' });
    await page.getByRole('button', { name: 'Selanjutnya' }).click();
    await ask.waitFor();
    await screenshot(page, 'exam-audio-390-leave');
    await ask.getByRole('button', { name: 'Tetap di sini' }).click();
    expect(await status(page)).toBe('playing');

    // A reload mid-clip keeps the clip and its position: it resumes, it is not locked.
    const before = await position(page);
    await page.reload();
    await page.getByTestId('exam-run').waitFor();
    await expect.poll(() => status(page), { timeout: 15_000 }).not.toBe('loading');
    expect(await status(page)).not.toBe('played');
    await expect.poll(() => position(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(Math.max(0, before - 1.5));
    const reloaded = (await (await page.request.get('/api/soal/jawaban/draft')).json()) as Draft;
    expect(reloaded.audio.played).toEqual([]);

    // Heard to its end, it is locked on the server too.
    await expect.poll(() => status(page), { timeout: 40_000 }).toBe('played');
    await page.getByTestId('exam-sync').getByText('Tersimpan', { exact: true }).waitFor({ timeout: 15_000 });
    await expect
      .poll(async () => ((await (await page.request.get('/api/soal/jawaban/draft')).json()) as Draft).audio.played, { timeout: 15_000 })
      .toHaveLength(1);
  });

  it('keeps the options where they are while the clip stops, waits for the timer and goes on', async () => {
    const page = await (await newContext(server.baseUrl, { viewport: { width: 360, height: 740 } })).newPage();
    await registerAndSignIn(page, { nama: 'Tono Tetap Di Tempat', nohp: '081277770032', password: PASSWORD });
    await startExamAtQuestionOne(page, paketName);
    await expect.poll(() => status(page), { timeout: 15_000 }).toBe('playing');
    // Scrolled a little, as a thumb leaves a page: coming back keeps the place.
    await page.evaluate(() => window.scrollTo(0, 120));
    // Every frame from here on: where option A and the question grid are, and the page's
    // unexpected layout shifts (only those on screen count).
    await page.evaluate(() => {
      const w = window as unknown as { optionTops: Set<number>; gridTops: Set<number>; shifted: number };
      w.optionTops = new Set();
      w.gridTops = new Set();
      w.shifted = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!e.hadRecentInput) w.shifted += e.value;
        }
      }).observe({ type: 'layout-shift' });
      const watch = () => {
        const option = document.querySelector('input[type="radio"]');
        if (option) w.optionTops.add(Math.round(option.getBoundingClientRect().top));
        const grid = document.querySelector('nav[aria-label="Nomor soal"]');
        if (grid) w.gridTops.add(Math.round(grid.getBoundingClientRect().top));
        requestAnimationFrame(watch);
      };
      watch();
    });
    // On a slow link the timer takes a while to answer when the learner comes back.
    await page.route('**/api/soal/timers', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fallback();
    });

    await setPageVisible(page, false);
    await expect.poll(() => status(page)).toBe('interrupted');
    await page.waitForTimeout(300);
    await setPageVisible(page, true);
    await page.getByRole('dialog', { name: 'Memperbarui timer...' }).waitFor();
    expect(await page.getByTestId('audio-once').count(), 'the clip keeps its place while the timer is re-read').toBe(1);
    await screenshot(page, 'exam-audio-360-refreshing');
    await expect.poll(() => status(page), { timeout: 15_000 }).toBe('playing');
    await page.waitForTimeout(300);

    const seen = await page.evaluate(() => {
      const w = window as unknown as { optionTops: Set<number>; gridTops: Set<number>; shifted: number };
      return { tops: [...w.optionTops], gridTops: [...w.gridTops], shifted: w.shifted };
    });
    expect(seen.tops, 'option A never moved').toHaveLength(1);
    expect(await page.evaluate(() => window.scrollY)).toBe(120);
    expect(seen.gridTops, 'the question grid never moved').toHaveLength(1);
    expect(seen.shifted, 'nothing else on the page moved either').toBeLessThan(0.005);
  });
});

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

  it('gives up a clip whose download stops, downloads it again and plays it whole, not locked', async () => {
    const context = await newContext(server.baseUrl, { viewport: PHONE });
    const page = await context.newPage();
    await registerAndSignIn(page, { nama: 'Dedi Unduhan Macet', nohp: '081277770052', password: PASSWORD });
    // The first clip download goes into the dead connection; the ones after it are served.
    const clipRequests: string[] = [];
    await page.route('**/api/media/**', async (route) => {
      if (route.request().resourceType() !== 'fetch') return route.fallback();
      clipRequests.push(route.request().url());
      if (clipRequests.length === 1) return; // neither answered nor failed
      await route.fallback();
    });
    const openedAt = Date.now();
    await startExamAtQuestionOne(page, paketName);
    const player = page.getByTestId('audio-once');
    await player.getByText('Loading audio...', { exact: true }).waitFor();
    await screenshot(page, 'exam-stalled-clip-390-loading');

    await expect.poll(() => status(page), { timeout: SILENCE_LIMIT_MS + 15_000 }).toBe('playing');
    expect(Date.now() - openedAt, 'the stalled download was waited for until the silence limit').toBeGreaterThanOrEqual(SILENCE_LIMIT_MS);
    expect(clipRequests).toHaveLength(2);
    expect(clipRequests[1]).toBe(clipRequests[0]);
    // Played from its start: the stall cost the learner none of the clip.
    expect(await position(page)).toBeLessThan(5);
    await page.getByTestId('exam-sync').getByText('Tersimpan', { exact: true }).waitFor({ timeout: 15_000 });
    const draft = (await (await page.request.get('/api/soal/jawaban/draft')).json()) as Draft;
    expect(draft.audio.played, 'a clip that could not be heard is not locked').toEqual([]);
    await context.close();
  });
});
