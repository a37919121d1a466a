import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signIn, signUpAndIn } from '../../scripts/bench/client.ts';
import {
  ADMIN,
  closeBrowser,
  expectNoSidewaysScroll,
  firstPublicPaket,
  newContext,
  type RunningServer,
  seriousAxeFindings,
  startServer,
} from './harness.ts';

/**
 * axe on every page and main dialog of the built app: no serious or critical violation; then the
 * same page at 390 px must not scroll sideways.
 * One line per page; `act` opens a dialog or moves the page into the state to check. The list is
 * checked in two files (learner and admin pages) so the two halves run side by side.
 */
export interface Screen {
  name: string;
  url: (ids: Ids) => string;
  as: 'anon' | 'user' | 'admin';
  act?: (page: Page) => Promise<void>;
}
interface Ids {
  demo: number;
}

const clickButton = (name: RegExp) => async (page: Page) => {
  await page.getByRole('button', { name }).first().click({ timeout: 5000 });
  await page.getByRole('dialog').first().waitFor({ timeout: 5000 });
};

export const SCREENS: Screen[] = [
  { name: 'landing', url: () => '/', as: 'anon' },
  { name: 'login', url: () => '/login', as: 'anon' },
  { name: 'register', url: () => '/register', as: 'anon' },
  { name: 'testpage', url: () => '/testpage', as: 'anon' },
  { name: 'paketsoal', url: () => '/paketsoal', as: 'user' },
  { name: 'bayar', url: (ids) => `/bayar/${ids.demo}`, as: 'user' },
  { name: 'paket-saya', url: () => '/paket-saya', as: 'user' },
  { name: 'riwayat-ujian', url: () => '/riwayat-ujian', as: 'user' },
  { name: 'riwayat-ujian progres', url: () => '/riwayat-ujian/progres', as: 'user' },
  { name: 'profile', url: () => '/profile', as: 'user' },
  { name: 'mini-test', url: () => '/mini-test', as: 'user' },
  { name: 'exam start', url: (ids) => `/simulasi-toefl/${ids.demo}`, as: 'user' },
  {
    name: 'exam question',
    url: (ids) => `/simulasi-toefl/${ids.demo}`,
    as: 'user',
    act: async (page) => {
      const start = page.getByRole('button', { name: /mulai/i }).first();
      if (await start.isVisible().catch(() => false)) await start.click();
      await page.waitForTimeout(1500);
    },
  },
  { name: 'admin payments', url: () => '/admin/payments', as: 'admin' },
  { name: 'admin settings', url: () => '/admin/settings', as: 'admin' },
  { name: 'admin riwayat-ujian', url: () => '/admin/riwayat-ujian', as: 'admin' },
  { name: 'admin soal-simulasi', url: () => '/admin/soal-simulasi', as: 'admin' },
  { name: 'admin soal-simulasi delete dialog', url: () => '/admin/soal-simulasi', as: 'admin', act: clickButton(/^hapus/i) },
  { name: 'admin paket add', url: () => '/admin/soal-simulasi/add', as: 'admin' },
  { name: 'admin paket edit', url: (ids) => `/admin/soal-simulasi/edit/${ids.demo}`, as: 'admin' },
  { name: 'admin section chooser', url: (ids) => `/admin/soal-simulasi/add-soal/${ids.demo}`, as: 'admin' },
  { name: 'admin listening list', url: (ids) => `/admin/soal-simulasi/soal-listening/${ids.demo}`, as: 'admin' },
  { name: 'admin structure list', url: (ids) => `/admin/soal-simulasi/soal-structure/${ids.demo}`, as: 'admin' },
  { name: 'admin written list', url: (ids) => `/admin/soal-simulasi/soal-written/${ids.demo}`, as: 'admin' },
  { name: 'admin reading list', url: (ids) => `/admin/soal-simulasi/soal-reading/${ids.demo}`, as: 'admin' },
  { name: 'admin add listening', url: (ids) => `/admin/soal-simulasi/add-soal-listening/${ids.demo}`, as: 'admin' },
  { name: 'admin add structure', url: (ids) => `/admin/soal-simulasi/add-soal-structure/${ids.demo}`, as: 'admin' },
  { name: 'admin add written', url: (ids) => `/admin/soal-simulasi/add-soal-written/${ids.demo}`, as: 'admin' },
  { name: 'admin add reading', url: (ids) => `/admin/soal-simulasi/add-soal-reading/${ids.demo}`, as: 'admin' },
  { name: 'admin data-user', url: () => '/admin/data-user', as: 'admin' },
  { name: 'admin audit-log', url: () => '/admin/audit-log', as: 'admin' },
];

/** Visible buttons, links and fields whose box ends past the viewport's right edge. */
function controlsPastTheRightEdge(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [role="button"]')]
      .filter((el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 1 && r.height > 1 && r.right > window.innerWidth + 1;
      })
      .map((el) => el.outerHTML.slice(0, 120)),
  );
}

/** Declares one test per screen of `screens`, all against one server started for the file. */
export function checkScreens(title: string, screens: Screen[]): void {
  let server: RunningServer;
  const cookies: Record<'user' | 'admin', string> = { user: '', admin: '' };
  let ids: Ids;

  beforeAll(async () => {
    server = await startServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    const admin = new ApiClient(server.baseUrl);
    await signIn(admin, ADMIN.nohp, ADMIN.password);
    const user = new ApiClient(server.baseUrl);
    await signUpAndIn(user, '081355500001', 'Peserta Aksesibilitas');
    ids = { demo: (await firstPublicPaket(server.baseUrl)).id };
    cookies.user = user.cookie!.slice(4);
    cookies.admin = admin.cookie!.slice(4);
  });
  afterAll(async () => {
    await closeBrowser();
    await server?.dispose();
  });

  describe(title, () => {
    it.each(screens)('$name has no serious or critical violation and fits 390 px', { timeout: 60_000 }, async (screen) => {
      // Closed only after a pass: a failed check leaves the page open for the failure's explanation
      // (explain-failures.ts), and the browser goes with the file.
      const context = await newContext(server.baseUrl, { viewport: { width: 1280, height: 800 } });
      if (screen.as !== 'anon') await context.addCookies([{ name: 'sid', value: cookies[screen.as], url: server.baseUrl }]);
      const page = await context.newPage();
      const url = screen.url(ids);
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      // A page the visitor may not open sends them to /: that is a broken route, not a pass.
      if (url !== '/') expect(new URL(page.url()).pathname, 'the page opened instead of sending the visitor home').not.toBe('/');
      if (screen.act) await screen.act(page);
      const failures = (await seriousAxeFindings(page)).map(
        (v) =>
          `${v.id} (${v.impact}) ${v.nodes
            .slice(0, 3)
            .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`)
            .join(' | ')}`,
      );
      expect(failures).toEqual([]);
      // Phone first: the same screen at 390 px does not scroll sideways, and on admin screens no
      // control sits past the right edge (inside a table that scrolls in its box, say).
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(300);
      await expectNoSidewaysScroll(page, `${screen.name} at 390 px`);
      if (screen.as === 'admin') expect(await controlsPastTheRightEdge(page)).toEqual([]);
      await context.close();
    });
  });
}
