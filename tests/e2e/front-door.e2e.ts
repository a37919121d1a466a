import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINI_TEST_KEYS, scoreMiniTest } from '../../machines/mini-test.machine.ts';
import { t } from '../../src/i18n/id.ts';
import { ADMIN, closeBrowser, loginCookie, newContext, screenshot, startServer, watchPageErrors, type RunningServer } from './harness.ts';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ env: { ADMIN_WHATSAPP: '0812-3456-7890' } });
});

afterAll(async () => {
  await closeBrowser();
  await server?.dispose();
});

const SECTIONS = ['daftar', 'fasilitas', 'profile', 'testimoni', 'berlangganan'] as const;

async function openLanding(width: number, height = 800) {
  const context = await newContext(server.baseUrl, { viewport: { width, height } });
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await page.goto('/');
  await page.locator('#berlangganan').waitFor();
  return { context, page, errors };
}

const columnScrollTop = (page: Page) =>
  page
    .locator('[data-testid="testimonial-column"]')
    .first()
    .evaluate((el) => el.scrollTop);

describe('landing page', () => {
  it('shows every section, scrolls to each from the navigation and links the normalised contact', async () => {
    const { context, page, errors } = await openLanding(1280);
    for (const id of SECTIONS) {
      await expect(page.locator(`section#${id} h1, section#${id} h2`).first().isVisible()).resolves.toBe(true);
    }
    await screenshot(page, 'front-door-landing-1280');

    const nav = page.getByRole('group', { name: t.landing.nav.label });
    // From the bottom, so even the first section (at the top) needs a scroll.
    for (const id of [...SECTIONS].reverse()) {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await nav.getByRole('link', { name: t.landing.nav[id], exact: true }).click();
      // At the top below the sticky header, or as high as it gets when the page ends first.
      await expect
        .poll(
          () =>
            page.locator(`#${id}`).evaluate((el) => {
              const top = Math.round(el.getBoundingClientRect().top);
              const atBottom = Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1;
              return top >= -2 && (top <= 80 || atBottom);
            }),
          { timeout: 5000 },
        )
        .toBe(true);
      expect(await page.locator(`#${id}`).evaluate((el) => el.getBoundingClientRect().top < window.innerHeight / 2)).toBe(true);
    }

    const enrol = page.getByRole('link', { name: new RegExp(t.landing.enrol) }).first();
    const href = await enrol.getAttribute('href');
    expect(href).toMatch(/^https:\/\/wa\.me\/6281234567890\?text=/);
    const text = new URL(href!).searchParams.get('text');
    expect(text).toBe(t.landing.waEnrolText);
    expect(href).toContain(encodeURIComponent(t.landing.waEnrolText));
    expect(await enrol.getAttribute('target')).toBe('_blank');

    const chat = page.getByRole('link', { name: new RegExp(t.landing.chatButton) });
    expect(await chat.getAttribute('href')).toBe(`https://wa.me/6281234567890?text=${encodeURIComponent(t.landing.waChatText)}`);
    const box = await chat.boundingBox();
    expect(box!.x + box!.width).toBeGreaterThan(1280 - 40);

    // The package menu: ten packages, all leading to /paketsoal.
    await nav.getByRole('button', { name: t.landing.nav.simulasi }).click();
    const items = page.getByRole('menu').getByRole('menuitem');
    await expect.poll(() => items.count(), { timeout: 5000 }).toBe(10);
    for (const href of await items.evaluateAll((els) => els.map((e) => e.getAttribute('href')))) expect(href).toBe('/paketsoal');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves the testimonials only on screens wider than 768 px', async () => {
    const wide = await openLanding(1280);
    await wide.page.locator('#testimoni').scrollIntoViewIfNeeded();
    const before = await columnScrollTop(wide.page);
    await wide.page.waitForTimeout(600);
    const after = await columnScrollTop(wide.page);
    expect(after - before).toBeGreaterThanOrEqual(5);
    await wide.context.close();

    const narrow = await openLanding(375);
    await narrow.page.locator('#testimoni').scrollIntoViewIfNeeded();
    const nBefore = await columnScrollTop(narrow.page);
    await narrow.page.waitForTimeout(600);
    expect(await columnScrollTop(narrow.page)).toBe(nBefore);
    await screenshot(narrow.page, 'front-door-landing-375');
    expect(narrow.errors).toEqual([]);
    await narrow.context.close();
  });

  it('hides the chat buttons when no contact is configured', async () => {
    const context = await newContext(server.baseUrl, { viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    // What the server answers without ADMIN_WHATSAPP (tests/server/site.test.ts).
    await page.route('**/api/site', (route) => route.fulfill({ json: { appName: 'Simulasi TOEFL ITP', adminWhatsapp: null } }));
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/site'));
    await page.goto('/');
    await page.locator('#berlangganan').waitFor();
    await answered;
    await page.getByText(t.landing.noContact).waitFor();
    expect(await page.locator('a[href^="https://wa.me/"]').count()).toBe(0);
    await expect(page.getByRole('link', { name: t.landing.startSimulation }).first().isVisible()).resolves.toBe(true);
    await screenshot(page, 'front-door-landing-360-no-contact');
    await context.close();
  });
});

/** Listening 3 of 5, structure and written 10 of 10, reading 3 of 5 (two left unanswered). */
const PLAN = {
  listening: [2, 1, 0, 2, -1],
  structure: [...MINI_TEST_KEYS.structure],
  reading: [1, 3, 0, -1, 3],
};

/** Answers questions from..to-1 of a section of `answers.length` questions, moving on with Selanjutnya. */
async function answerSection(page: Page, answers: number[], from = 0, to = answers.length) {
  for (let i = from; i < to; i++) {
    await page.getByText(t.miniTest.question(i + 1, answers.length)).waitFor();
    const option = answers[i]!;
    if (option >= 0) await page.getByRole('radio').nth(option).check();
    if (i < answers.length - 1) await page.getByRole('button', { name: t.miniTest.next, exact: true }).click();
  }
}

async function finishSection(page: Page) {
  await page.getByRole('button', { name: t.miniTest.finish, exact: true }).click();
  await page.getByRole('button', { name: t.miniTest.confirmYes }).click();
}

const countdownSeconds = async (page: Page) => {
  const [m, s] = (await page.getByTestId('mini-countdown').innerText()).split(':').map(Number);
  return m! * 60 + s!;
};

describe('prerendered entry pages', () => {
  it('paint the landing, login and register pages from the HTML alone, with the forms closed until the script runs', async () => {
    const context = await newContext(server.baseUrl, { viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const page = await context.newPage();
    const landing = await page.goto('/');
    expect(landing?.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Kelas Intensif TOEFL');
    await expect(page.locator('#berlangganan').isVisible()).resolves.toBe(true);
    await screenshot(page, 'front-door-prerendered-landing-390');
    // The landing page hydrates without the store (decision 026): no preload of its chunks.
    await expect(page.locator('link[rel="modulepreload"][data-store]').count()).resolves.toBe(0);
    for (const [path, button] of [
      ['/login', 'Login'],
      ['/register', 'Daftar'],
    ] as const) {
      await page.goto(path);
      const form = page.locator('form[method="post"]');
      // Sent by the browser itself, the form would put the password in the address.
      await expect(form.getByRole('button', { name: button, exact: true }).isDisabled()).resolves.toBe(true);
      await expect(form.getByLabel('Nomor HP').isDisabled()).resolves.toBe(true);
      // Their routes wait for the store: its chunks come beside the entry.
      await expect(page.locator('link[rel="modulepreload"][data-store]').count()).resolves.toBeGreaterThan(0);
    }
    await context.close();
  });

  it('hydrate without a mismatch, ask nothing about a signed-out visitor, and open the form once the script ran', async () => {
    const context = await newContext(server.baseUrl, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const probes: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/users/getAuth')) probes.push(r.url());
    });
    // The scripts arrive late, as on a slow link: the page is on screen before them.
    let release!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    const nohp = page.getByLabel('Nomor HP');
    await nohp.waitFor();
    await expect(nohp.isDisabled()).resolves.toBe(true);
    release();
    await expect.poll(() => nohp.isEnabled(), { timeout: 15_000 }).toBe(true);
    await nohp.fill('081200000000');
    await page.getByLabel('Password', { exact: true }).fill('salah-sekali');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('dialog').waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.goto('/');
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(probes).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hydrate without a mismatch for a signed-in visitor whose identity arrives before the page code, then show who it is', async () => {
    const context = await newContext(server.baseUrl, { viewport: { width: 390, height: 844 } });
    const cookie = await loginCookie(server.baseUrl, ADMIN.nohp, ADMIN.password);
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name, value] = pair.split('=') as [string, string];
        return { name, value, url: server.baseUrl };
      }),
    );
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    // The landing page's own code arrives late: the store and the identity probe answer first, and
    // the header would differ from the prerendered one if hydration read them (React error #418).
    await page.route(/LandingScreen-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto('/');
    await page.getByRole('button', { name: new RegExp(`^${t.nav.accountMenu('')}`) }).waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('mini test', () => {
  it('runs listening, structure and reading, survives a reload and scores the known answers', async () => {
    const context = await newContext(server.baseUrl, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const nohp = `0812${randomInt(10_000_000, 99_999_999)}`;
    const reg = await context.request.post('/api/users/register', {
      data: { nohp, nama: 'Peserta Mini', email: `mini${nohp}@contoh.com`, password: 'rahasia-mini-1' },
    });
    expect(reg.status()).toBe(201);
    expect((await context.request.post('/api/users/login', { data: { nohp, password: 'rahasia-mini-1' } })).status()).toBe(200);

    await page.goto('/mini-test');
    await page.getByRole('link', { name: t.miniTest.start }).click();
    await page.waitForURL('**/listening');
    await page.getByText(`${t.miniTest.session}: ${t.miniTest.sessionTitle.listening.toUpperCase()}`).waitFor();
    expect(await countdownSeconds(page)).toBeGreaterThan(290);
    await expect(page.getByTestId('audio-once').isVisible()).resolves.toBe(true);
    await screenshot(page, 'front-door-listening-1280');
    await answerSection(page, PLAN.listening);
    // Listening has no Selanjutnya on its last question.
    expect(await page.getByRole('button', { name: t.miniTest.next, exact: true }).count()).toBe(0);
    await finishSection(page);

    await page.waitForURL('**/structure');
    await answerSection(page, PLAN.structure, 0, 4);
    const beforeReload = await countdownSeconds(page);
    await page.reload();
    await page.waitForURL('**/structure');
    await page.getByText(t.miniTest.question(1, 10)).waitFor();
    // The answers and the clock survived the reload.
    const afterReload = await countdownSeconds(page);
    expect(afterReload).toBeLessThanOrEqual(beforeReload);
    expect(afterReload).toBeGreaterThan(beforeReload - 15);
    for (const [i, option] of PLAN.structure.slice(0, 4).entries()) {
      await page.getByRole('button', { name: t.miniTest.gridItem(i + 1, true, i === 0) }).click();
      expect(await page.getByRole('radio').nth(option).isChecked()).toBe(true);
    }
    await page.getByRole('button', { name: t.miniTest.gridItem(5, false, false) }).click();
    await answerSection(page, PLAN.structure, 4);
    // Selanjutnya on the last structure question moves on to reading.
    await page.getByRole('button', { name: t.miniTest.next, exact: true }).click();

    await page.waitForURL('**/reading');
    await page.locator('.mini-passage-image img').waitFor();
    await answerSection(page, PLAN.reading);
    await screenshot(page, 'front-door-reading-1280');
    await page.getByRole('button', { name: t.miniTest.next, exact: true }).click();

    await page.waitForURL('**/finish');
    await page.getByText(t.miniTest.finishTitle).waitFor();
    const expected = scoreMiniTest(PLAN);
    expect(expected.totalScore).toBe(Math.round((16 / 20) * 100));
    expect(await page.getByTestId('mini-total-score').innerText()).toBe(String(expected.totalScore));
    expect(await page.getByTestId('mini-correct').allInnerTexts()).toEqual(['3 / 5', '10 / 10', '3 / 5']);
    expect(await page.getByRole('link', { name: t.landing.startSimulation }).getAttribute('href')).toBe('/paketsoal');
    const left = await page.evaluate(() =>
      ['listeningAnswers', 'structureAnswers', 'readingAnswers'].map((k) => window.localStorage.getItem(k)),
    );
    expect(left).toEqual([null, null, null]);
    await page.setViewportSize({ width: 360, height: 740 });
    await screenshot(page, 'front-door-finish-360');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('audio check', () => {
  it('plays the sample clip with the play-once player', async () => {
    const context = await newContext(server.baseUrl, { viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/testpage');
    const play = page.getByRole('button', { name: t.audioOnce.play });
    await expect.poll(() => play.isEnabled(), { timeout: 10_000 }).toBe(true);
    await play.click();
    const audio = page.getByTestId('audio-once-element');
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime > 0.3 || el.ended), { timeout: 10_000 }).toBe(true);
    await screenshot(page, 'front-door-testpage-360');
    await page.getByRole('button', { name: t.testPage.playAgain }).click();
    expect(errors).toEqual([]);
    await context.close();
  });
});
