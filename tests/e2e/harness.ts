import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { chromiumArgs, chromiumPath } from '../chromium.ts';
import { pageOf } from '../../machines/exam-layout.ts';
import { serverNodeFlags, serverProcessEnv } from '../../server/node-flags.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
export const serverEntry = path.join(root, 'dist', 'server', 'server', 'index.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  env: Record<string, string>;
  /** Everything the server printed (for the admin password line and for failures). */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Stops the process and removes its data folder. */
  dispose(): Promise<void>;
}

export const ADMIN = { nohp: '081100000001', password: 'admin-e2e-rahasia' };

const STARTUP_LIMIT_MS = 150_000;

/**
 * Waits until the server answers /api/health, or fails with what the process printed once it has
 * ended or the limit has passed. A fresh DATA_DIR is migrated and seeded (demo package, practice
 * bank) before /api/health answers: a few seconds alone, much longer when two journeys start side
 * by side on a busy machine.
 */
export async function untilHealthy(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited early (${child.exitCode ?? child.signalCode}):\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server not healthy within ${STARTUP_LIMIT_MS / 1000} s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts the compiled server exactly as `npm start` does after its build step, on a free port and
 * a temporary DATA_DIR (or the given one, to test restarts), and waits for /api/health.
 *
 * A temporary DATA_DIR starts as a copy of a first start made once for the run
 * (data-templates.setup.ts), with or without the demo package as DEMO_CONTENT says; `fresh` (or a
 * DATABASE_URL, whose database the copy would not match) starts on an empty one instead.
 */
export async function startServer(
  options: { dataDir?: string; env?: Record<string, string>; fresh?: boolean } = {},
): Promise<RunningServer> {
  const port = await freePort();
  let dataDir = options.dataDir;
  if (!dataDir) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'toefl-e2e-'));
    if (!options.fresh && !options.env?.DATABASE_URL) {
      const templates = inject('e2eDataTemplates');
      await cp(options.env?.DEMO_CONTENT === '0' ? templates.empty : templates.demo, dataDir, { recursive: true });
    }
  }
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_NOHP: ADMIN.nohp,
    ADMIN_PASSWORD: ADMIN.password,
    // Two journeys, two Chromiums and two servers share two cores here, so the event loop lags
    // for reasons that are not the server's load; shedding on it would refuse the journey's own
    // steps. tests/server/overload.test.ts checks the shedding; the deadline and queue limits stay on.
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    ...serverProcessEnv(),
    ...options.env,
  };
  const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags(), serverEntry], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await untilHealthy(baseUrl, child, () => out);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }

  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return {
    baseUrl,
    port,
    dataDir,
    env,
    output: () => out,
    stop,
    dispose: async () => {
      await stop();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let browser: Browser | undefined;

/** The browser contexts a journey has open, each with its latest API calls (for failures). */
const openContexts = new Map<BrowserContext, string[]>();
const API_CALLS_KEPT = 25;

/** One headless Debian Chromium per test file; each test gets a fresh context (no shared cookies). */
export async function newContext(
  baseURL: string,
  options: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean } = {},
): Promise<BrowserContext> {
  browser ??= await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  const context = await browser.newContext({
    baseURL,
    locale: 'id-ID',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  const calls: string[] = [];
  openContexts.set(context, calls);
  context.on('close', () => openContexts.delete(context));
  context.on('response', (res) => {
    const url = new URL(res.url());
    if (!url.pathname.startsWith('/api/')) return;
    calls.push(`${new Date().toISOString().slice(11, 23)} ${res.request().method()} ${url.pathname}${url.search} ${res.status()}`);
    if (calls.length > API_CALLS_KEPT) calls.shift();
  });
  return context;
}

/**
 * What each open page shows when a journey fails (tests/e2e/explain-failures.ts): its address, its
 * alerts and notifications, a screenshot in .artifacts, and the page's latest API calls with their
 * status. A step that waits in vain (a button that never comes back) otherwise says only that it
 * waited, not whether the call behind it was refused.
 */
export async function explainOpenPages(testName: string): Promise<string> {
  const slug = testName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60);
  const lines: string[] = [];
  let n = 0;
  for (const [context, calls] of openContexts) {
    for (const page of context.pages()) {
      n += 1;
      const name = `failed-${slug}-${n}`;
      lines.push(`page ${n} at ${page.url()} (.artifacts/${name}.png); on screen: ${JSON.stringify(await explainScreen(page, name))}`);
    }
    lines.push(`  latest API calls of its context:`, ...calls.map((c) => `    ${c}`));
  }
  return lines.join('\n');
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = undefined;
}

/**
 * Fails the test on any uncaught page error, console error or content-security-policy violation,
 * which otherwise pass silently (a blocked `new Function` that the code catches logs nothing, but
 * the browser still reports it, and Lighthouse counts it against best practices).
 */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  void page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} (${e.blockedURI}) at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`),
    ),
  );
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource: the server responded with a status of 40[13]/.test(m.text())) {
      errors.push(`console: ${m.text()}`);
    }
  });
  return errors;
}

/**
 * The serious and critical axe findings (WCAG 2.1 AA) of the page as it is once its finite
 * animations and transitions have run: a dialog fading in or a button changing colour measured
 * halfway gave a colour-contrast finding that came and went. Endless ones (a loader) are not
 * waited for.
 */
export async function seriousAxeFindings(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.join(root, 'tests', 'e2e', '.artifacts');
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/**
 * `page.waitForURL`, but a timeout says where the page stayed and what it showed (alerts and
 * notifications), with a screenshot in .artifacts: a navigation that never happens is otherwise a
 * bare timeout, with nothing to tell a refused call from a click that went nowhere.
 */
export async function waitForUrlOrExplain(page: Page, url: string, name: string, timeout = 30_000): Promise<void> {
  try {
    await page.waitForURL(url, { timeout });
  } catch (error) {
    const shown = await explainScreen(page, `stuck-${name}`);
    throw new Error(`expected ${url}, still at ${page.url()}; on screen: ${JSON.stringify(shown)} (${String(error)})`);
  }
}

/**
 * What a page that went wrong shows: a screenshot in .artifacts under `name`, and the texts of its
 * alerts, dialogs and notifications (a refused call's message is one of them).
 */
async function explainScreen(page: Page, name: string): Promise<string[]> {
  await screenshot(page, name).catch(() => undefined);
  return page
    .locator('[role="alert"], [role="dialog"], .mantine-Notification-root')
    .allInnerTexts()
    .catch(() => []);
}

/**
 * The page does not scroll sideways once it has laid out. Polled for up to 3 s: a resize or a late
 * answer lays the page out again (a check 300 ms after a resize once read 4 px on a loaded
 * machine). A failure names the first elements that end past the right edge.
 */
export async function expectNoSidewaysScroll(page: Page, what = page.url()): Promise<void> {
  const measure = () =>
    page.evaluate(() => {
      const root = document.documentElement;
      const over = root.scrollWidth - root.clientWidth;
      const past =
        over > 0
          ? [...document.body.querySelectorAll('*')]
              .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 0.5)
              .slice(0, 5)
              .map((el) => el.outerHTML.slice(0, 100))
          : [];
      return { over, past };
    });
  let last = await measure();
  const deadline = Date.now() + 3_000;
  while (last.over > 0 && Date.now() < deadline) {
    await page.waitForTimeout(100);
    last = await measure();
  }
  expect(last.over, `${what} scrolls sideways by ${last.over} px; past the right edge: ${last.past.join(' | ')}`).toBeLessThanOrEqual(0);
}

/**
 * The element lies wholly inside, from left to right, the visible part of every box that clips it
 * sideways: a table that scrolls sideways inside its box hides its last column, which the
 * page-wide check cannot see.
 */
export async function expectShownWhole(target: Locator): Promise<void> {
  await target.waitFor();
  const cut = await target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    for (let p = el.parentElement; p; p = p.parentElement) {
      if (!/auto|scroll|hidden|clip/.test(getComputedStyle(p).overflowX)) continue;
      const shown = p.getBoundingClientRect();
      if (box.left < shown.left - 0.5 || box.right > shown.right + 0.5) {
        return `${Math.round(Math.max(shown.left - box.left, box.right - shown.right))} px outside ${p.className.slice(0, 80)}`;
      }
    }
    return null;
  });
  expect(cut, `${target.toString()} is cut off`).toBeNull();
}

/**
 * Submits the login form once it is the form on screen. Register and login share the labels
 * 'Nomor HP' and 'Password', and the router changes the URL a moment before the login screen
 * replaces the register screen; filling right after `waitForURL('**\/login')` could type into the
 * outgoing register form and then submit an empty login form.
 */
export async function submitLogin(page: Page, nohp: string, password: string): Promise<void> {
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Login', exact: true }) });
  await form.waitFor();
  await form.getByLabel('Nomor HP').fill(nohp);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
}

/**
 * Switching apps as the browser reports it: headless Chromium keeps a page visible, so the page
 * is told its visibility the way a phone's browser tells it.
 */
export async function setPageVisible(page: Page, visible: boolean): Promise<void> {
  await page.evaluate((visible) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (visible ? 'visible' : 'hidden') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, visible);
}

/** Registers through the register form, then signs in through the login form; ends on /paketsoal. */
export async function registerAndSignIn(page: Page, who: { nama: string; nohp: string; password: string; email?: string }): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Nama Lengkap').fill(who.nama);
  await page.getByLabel('Nomor HP').fill(who.nohp);
  await page.getByLabel('Email').fill(who.email ?? `${who.nohp}@example.id`);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Daftar', exact: true }).click();
  await page.waitForURL('**/login');
  await submitLogin(page, who.nohp, who.password);
  await page.waitForURL('**/paketsoal');
}

/** From /paketsoal: opens the package, starts the exam and moves from the listening intro to question 1. */
export async function startExamAtQuestionOne(page: Page, paketName: string): Promise<void> {
  await page.getByRole('article', { name: paketName }).getByRole('button', { name: 'Kerjakan Soal' }).click();
  await page.getByRole('button', { name: 'Mulai Simulasi TOEFL' }).click();
  await page.getByRole('dialog', { name: 'Mulai Simulasi TOEFL?' }).getByRole('button', { name: 'Ya, Mulai' }).click();
  await page.getByTestId('exam-run').waitFor();
  await page.getByRole('button', { name: 'Selanjutnya' }).click();
  await page.getByTestId('exam-question-number').getByText('Soal 1', { exact: true }).waitFor();
}

/**
 * Answers the confirm dialog named `title` with `yes`. With `opener`, clicks it first, and again
 * every 5 s while the dialog has not opened and the opener still shows: on a loaded machine a
 * click can land while the page re-renders and open nothing (a delete in the admin's question
 * list once waited 30 s for its dialog). A second click only opens the same dialog.
 */
export async function confirmIn(page: Page, title: string, yes: string, opener?: Locator): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  if (opener) {
    await opener.click();
    const deadline = Date.now() + 30_000;
    let clickedAt = Date.now();
    while (!(await dialog.isVisible())) {
      if (Date.now() > deadline) throw new Error(`the dialog '${title}' did not open within 30 s`);
      if (Date.now() - clickedAt > 5_000 && (await opener.isVisible())) {
        console.warn(`the dialog '${title}' did not open 5 s after a click on ${opener.toString()}: clicking again`);
        await opener.click({ timeout: 2_000 }).catch(() => undefined);
        clickedAt = Date.now();
      }
      await page.waitForTimeout(200);
    }
  }
  await dialog.waitFor();
  await dialog.getByRole('button', { name: yes }).click();
}

/**
 * Gives a move in the exam (`give`: a click on Selanjutnya or a question number, a key) and waits
 * until `arrived` shows. Moving away from a listening clip that is playing asks first ('Audio
 * sedang diputar'); it is answered 'Ya, pindah' as often as it is asked, since a click during the
 * dialog's opening transition can be lost.
 *
 * On a loaded machine the move itself can be lost too: its click is dispatched at a point the page
 * has moved away from, or lands on the leave question's overlay as it opens, which closes it as
 * 'Tetap di sini'. While the screen still shows the question it came from, with no question asked,
 * for 5 s, the move is given again (and said so in the output). It is given again only from that
 * question, so no question is skipped.
 */
export async function moveTo(page: Page, give: () => Promise<unknown>, arrived: Locator): Promise<void> {
  const ask = page.getByRole('dialog', { name: 'Audio sedang diputar' });
  const here = await page
    .locator('[data-page]')
    .first()
    .getAttribute('data-page', { timeout: 1_000 })
    .catch(() => null);
  const origin = here === null ? null : page.locator(`[data-page="${here}"]`);
  await give();
  let givenAt = Date.now();
  const deadline = givenAt + 30_000;
  while (!(await arrived.isVisible())) {
    if (Date.now() > deadline) throw new Error(`did not arrive at ${arrived.toString()} within 30 s`);
    if (await ask.isVisible()) {
      await ask
        .getByRole('button', { name: 'Ya, pindah' })
        .click({ timeout: 5_000 })
        .catch(() => undefined);
    } else if (origin && Date.now() - givenAt > 5_000 && (await origin.isVisible())) {
      console.warn(`still on exam page ${here} 5 s after a move to ${arrived.toString()}: giving it again`);
      await give().catch(() => undefined);
      givenAt = Date.now();
    }
    await page.waitForTimeout(200);
  }
}

/**
 * Signs in over HTTP and answers the session as a `cookie` header value, for journeys that set
 * things up through the API. A refused login fails the journey here, not at a later 401.
 */
export async function loginCookie(baseUrl: string, nohp: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nohp, password }),
  });
  if (res.status !== 200) throw new Error(`login ${nohp}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The seeded free demo package of the public list (the first package when it is missing). */
export async function firstPublicPaket(baseUrl: string): Promise<{ id: number; nama_paket: string }> {
  const list = (await (await fetch(`${baseUrl}/api/paket-soal`)).json()) as { data: { id: number; nama_paket: string }[] };
  return list.data.find((p) => p.nama_paket.startsWith('Paket Simulasi Gratis')) ?? list.data[0]!;
}

/** The demo package's answer key by exam page, read from the content the server seeds. */
export async function demoAnswerKey(): Promise<Map<number, string>> {
  const demo = (name: string) => path.join(root, 'content', 'demo-package', name);
  const read = async <T>(name: string) => JSON.parse(await readFile(demo(name), 'utf8')) as T;
  type Row = { no_soal: number; jawaban: string };
  const keys = new Map<number, string>();
  for (const q of await read<Row[]>('listening.json')) keys.set(pageOf('listening', q.no_soal), q.jawaban);
  for (const q of await read<Row[]>('structure.json')) keys.set(pageOf('structure', q.no_soal), q.jawaban);
  for (const q of await read<Row[]>('written.json')) keys.set(pageOf('written', q.no_soal), q.jawaban);
  for (const q of (await read<{ questions: Row[] }>('reading.json')).questions) keys.set(pageOf('reading', q.no_soal), q.jawaban);
  return keys;
}
