import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageOf } from '../../machines/exam-layout.ts';
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
const demo = (name: string) => path.resolve(import.meta.dirname, '..', '..', 'content', 'demo-package', name);
const PHONE = '081277778888';
const PASSWORD = 'rahasia-diagnosis-1';
const PHONE_WIDTH = { width: 390, height: 844 };

/** The demo package's key and skill by page, from the content the server seeded. */
async function demoItems(): Promise<Map<number, { jawaban: string; skill: string }>> {
  const items = new Map<number, { jawaban: string; skill: string }>();
  const read = async <T>(name: string) => JSON.parse(await readFile(demo(name), 'utf8')) as T;
  type Row = { no_soal: number; jawaban: string; skill: string };
  for (const q of await read<Row[]>('listening.json')) items.set(pageOf('listening', q.no_soal), q);
  for (const q of await read<Row[]>('structure.json')) items.set(pageOf('structure', q.no_soal), q);
  for (const q of await read<Row[]>('written.json')) items.set(pageOf('written', q.no_soal), q);
  for (const q of (await read<{ questions: Row[] }>('reading.json')).questions) items.set(pageOf('reading', q.no_soal), q);
  return items;
}

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
  const free = await firstPublicPaket(server.baseUrl);
  paketId = free.id;
  paketName = free.nama_paket;
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

/** Sits the package through the API with the browser's cookies; `answer(page)` is the option sent. */
async function sitExam(api: APIRequestContext, answer: (page: number) => string) {
  const ok = async (p: Promise<{ status(): number; text(): Promise<string> }>) => {
    const res = await p;
    expect(res.status(), await res.text()).toBe(200);
    return res;
  };
  await ok(api.get(`/api/users/cek-akses/${paketId}`));
  await ok(api.put('/api/soal/timers', { data: { paketId } }));
  const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
  const draft = (pages: number[]) => Object.fromEntries(pages.map((p) => [String(p), answer(p)]));
  await ok(api.put('/api/soal/jawaban/draft', { data: { index: 50, answers: draft(range(1, 50)) } }));
  await new Promise((r) => setTimeout(r, 5_500));
  await ok(api.put('/api/soal/timers/next', { data: { paketId } }));
  await ok(api.put('/api/soal/jawaban/draft', { data: { index: 92, answers: draft([...range(52, 66), ...range(68, 92)]) } }));
  await ok(api.put('/api/soal/timers-to-zero', { data: { paketId } }));
  await ok(api.put('/api/soal/timers/next', { data: { paketId } }));
  const submit = await ok(api.post('/api/soal/jawaban', { data: { answers: range(94, 143).map((p) => ({ id: p, answer: answer(p) })) } }));
  return JSON.parse(await submit.text()) as { historyId: number; toeflScore: number; cefr: string };
}

/** Every CEFR badge on the page shows its text and has room for it. */
async function expectReadableCefrBadges(page: Page) {
  const badges = page.locator('[data-cefr]');
  const n = await badges.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    const b = badges.nth(i);
    if (!(await b.isVisible())) continue;
    const text = (await b.innerText()).trim();
    expect(text).toMatch(/^(C1|B2|B1|A2|Di bawah A2)$/);
    const fits = await b.evaluate((el) => {
      const label = el.querySelector('.mantine-Badge-label') ?? el;
      return label.scrollWidth <= el.clientWidth + 1 && el.clientWidth > 16;
    });
    expect(fits, `badge ${i} '${text}' is cut`).toBe(true);
  }
}

describe('diagnosis on a phone', () => {
  it('names the three weakest skills with review and drill links; the progress page marks the retake', async () => {
    const items = await demoItems();
    const context = await newContext(server.baseUrl, { viewport: PHONE_WIDTH });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    expect(
      (
        await context.request.post('/api/users/register', {
          data: { nohp: PHONE, nama: 'Dewi Lestari', email: 'dewi@example.id', password: PASSWORD },
        })
      ).status(),
    ).toBe(201);
    await page.goto('/login');
    await submitLogin(page, PHONE, PASSWORD);
    await page.waitForURL('**/paketsoal');

    // A mid attempt: right everywhere except every vocabulary, inference and parallel-structure item.
    const missed = new Set(['rd-vocabulary', 'rd-inference', 'we-parallel']);
    const wrongOf = (key: string) => String((Number(key) % 4) + 1);
    const first = await sitExam(context.request, (p) => {
      const q = items.get(p)!;
      return missed.has(q.skill) ? wrongOf(q.jawaban) : q.jawaban;
    });

    await page.goto(`/diagnosis/${first.historyId}`);
    const weak = page.getByTestId('weak-skill');
    await weak.first().waitFor();
    expect(await weak.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.skill))).toEqual(
      expect.arrayContaining([...missed].filter((s) => [...items.values()].filter((q) => q.skill === s).length >= 4)),
    );
    await expectReadableCefrBadges(page);
    await screenshot(page, 'diagnosis-390-top');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    await page.screenshot({ path: path.join(import.meta.dirname, '.artifacts', 'diagnosis-390-scrolled.png') });

    const firstWeak = await weak.first().getAttribute('data-skill');
    await weak
      .first()
      .getByRole('link', { name: /^Lihat pembahasan soal skill/ })
      .click();
    await page.waitForURL(`**/riwayat-ujian/${first.historyId}/pembahasan?skill=${firstWeak}`);
    await page.goBack();
    // The practice screen is its own page; the link must carry the skill to it.
    expect(
      await weak
        .first()
        .getByRole('link', { name: /^Latihan skill/ })
        .getAttribute('href'),
    ).toBe(`/latihan?skill=${firstWeak}`);

    // A retake of the same package, every answer option A.
    const second = await sitExam(context.request, () => '1');
    await page.goto('/riwayat-ujian');
    await page.getByTestId('retake-badge').first().waitFor();
    // The phone list and the (hidden) wide table both carry the badge; one is on screen.
    const visibleBadges = await page
      .getByTestId('retake-badge')
      .evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).length);
    expect(visibleBadges).toBe(1);
    await expectReadableCefrBadges(page);
    await screenshot(page, 'riwayat-390');

    await page.goto('/riwayat-ujian/progres');
    await page.getByRole('img', { name: 'Grafik garis skor TOEFL total per simulasi' }).waitFor();
    await page.locator('[data-retake-dot]').first().waitFor();
    expect(await page.locator('[data-retake]').count()).toBe(1);
    await expectReadableCefrBadges(page);
    await page.screenshot({ path: path.join(import.meta.dirname, '.artifacts', 'progress-390-top.png') });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.screenshot({ path: path.join(import.meta.dirname, '.artifacts', 'progress-390-scrolled.png') });
    await screenshot(page, 'progress-390-full');

    const all = await (await context.request.get('/api/users/diagnosis')).json();
    expect(all).toMatchObject({ historyId: null, attempts: 2, history: { id: second.historyId, retake: true } });
    expect(errors).toEqual([]);
  });
});
