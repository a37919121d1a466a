import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
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
  loginCookie,
} from './harness.ts';

/*
 * The practice loop in Chromium at 390 px: a learner finishes an attempt, drills a skill, makes a
 * plan, and meets the missed items in Buku Kesalahan once the server's practice clock has moved a
 * day on (the same data folder restarted with PRACTICE_CLOCK_OFFSET_HOURS=24).
 */
let dataDir: string;
let server: RunningServer;
let paketId: number;
const PHONE = '081277778888';
const PASSWORD = 'rahasia-latihan-1';
const PHONE_VIEW = { width: 390, height: 844 };

const adminCookie = (baseUrl: string) => loginCookie(baseUrl, ADMIN.nohp, ADMIN.password);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'toefl-e2e-practice-'));
  server = await startServer({ dataDir });
  const cookie = await adminCookie(server.baseUrl);
  const first = await firstPublicPaket(server.baseUrl);
  paketId = first.id;
  // Five-second sections, so the exam can be sat for real in a test.
  const put = await fetch(`${server.baseUrl}/api/admin/paket-soal/${paketId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ nama_paket: first.nama_paket, durasi_listening: 5, durasi_written: 5, durasi_reading: 5 }),
  });
  expect(put.status).toBe(200);
});
afterAll(async () => {
  await closeBrowser();
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** Sits the demo package through the API with the browser's cookies: every answer is option A. */
async function sitExam(api: APIRequestContext) {
  const ok = async (p: Promise<{ status(): number; text(): Promise<string> }>) => {
    const res = await p;
    expect(res.status(), await res.text()).toBe(200);
    return res;
  };
  // The free demo package becomes the learner's active one on this check.
  await ok(api.get(`/api/users/cek-akses/${paketId}`));
  await ok(api.put('/api/soal/timers', { data: { paketId } }));
  const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
  await ok(
    api.put('/api/soal/jawaban/draft', { data: { index: 50, answers: Object.fromEntries(range(1, 50).map((p) => [String(p), '1'])) } }),
  );
  await new Promise((r) => setTimeout(r, 5_500));
  await ok(api.put('/api/soal/timers/next', { data: { paketId } }));
  await ok(
    api.put('/api/soal/jawaban/draft', {
      data: { index: 92, answers: Object.fromEntries([...range(52, 66), ...range(68, 92)].map((p) => [String(p), '1'])) },
    }),
  );
  await ok(api.put('/api/soal/timers-to-zero', { data: { paketId } }));
  await ok(api.put('/api/soal/timers/next', { data: { paketId } }));
  const submit = await ok(api.post('/api/soal/jawaban', { data: { answers: range(94, 143).map((p) => ({ id: p, answer: '1' })) } }));
  return JSON.parse(await submit.text()) as { toeflScore: number };
}

async function signIn(page: Page) {
  await page.goto('/login');
  await submitLogin(page, PHONE, PASSWORD);
  await page.waitForURL('**/paketsoal');
}

/** Sums `count` of the notebook's list over its every page (20 entries a page), from the first on. */
async function overNotebookPages(page: Page, count: (list: Locator) => Promise<number>): Promise<number> {
  const list = page.getByRole('list', { name: 'Buku Kesalahan' });
  let sum = 0;
  for (let n = 1; ; n++) {
    await list.waitFor();
    sum += await count(list);
    const next = page.getByRole('button', { name: `Halaman ${n + 1}`, exact: true });
    if (!(await next.isVisible())) return sum;
    await next.click();
    await next.and(page.locator('[data-active]')).waitFor();
  }
}

const reviewCount = async (page: Page) =>
  Number(
    (await page
      .getByText(/^Review hari ini: \d+$/)
      .first()
      .textContent())!.replace(/\D+/g, ''),
  );

describe('practice loop', () => {
  it('attempt, drill, plan, and the mistakes due a day later in Buku Kesalahan', async () => {
    const context = await newContext(server.baseUrl, { viewport: PHONE_VIEW });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const register = await context.request.post('/api/users/register', {
      data: { nohp: PHONE, nama: 'Rani Latihan', email: 'rani@example.id', password: PASSWORD },
    });
    expect(register.status()).toBe(201);
    await signIn(page);
    await sitExam(context.request);

    // The header's navigation leads to Latihan; the exam's misses wait for tomorrow.
    await page.getByRole('link', { name: 'Latihan', exact: true }).click();
    await page.waitForURL('**/latihan');
    await page.getByText('Review hari ini: 0').waitFor();
    const inNotebook = Number((await page.getByText(/soal di Buku Kesalahan$/).textContent())!.replace(/\D+/g, ''));
    expect(inNotebook).toBeGreaterThan(0);
    await page.getByRole('table', { name: 'Penguasaan per skill' }).waitFor();
    await screenshot(page, 'practice-home-390');

    // The diagnosis names the weakest skills; its first drill link opens a drill of that skill:
    // 10 items, every answer option A.
    await page.goto('/diagnosis');
    const drill = page.getByRole('link', { name: /^Latihan skill / }).first();
    await drill.waitFor();
    const weakest = (await drill.getAttribute('href'))!;
    expect(weakest).toMatch(/^\/latihan\?skill=[a-z]{2}-[a-z-]+$/);
    await drill.click();
    await page.waitForURL(`**${weakest}`);
    await page.getByText('Soal 1 dari 10').waitFor();
    await screenshot(page, 'practice-drill-question-390');
    let wrong = 0;
    for (let i = 1; i <= 10; i += 1) {
      await page.getByText(`Soal ${i} dari 10`).waitFor();
      await page.getByRole('radio', { name: /^\(A\)/ }).check();
      await page.getByRole('button', { name: 'Jawab' }).click();
      const verdict = page.getByText(/^(Benar!|Belum tepat\.)$/);
      await verdict.waitFor();
      await page.getByText('Pembahasan', { exact: true }).waitFor();
      if ((await verdict.textContent()) === 'Belum tepat.') {
        wrong += 1;
        if (wrong === 1) await screenshot(page, 'practice-drill-feedback-wrong-390');
      } else if (i === 1 || wrong === 0) {
        await screenshot(page, 'practice-drill-feedback-correct-390');
      }
      await page.getByRole('button', { name: i === 10 ? 'Lihat hasil' : 'Soal berikutnya' }).click();
    }
    await page.getByText(`Benar ${10 - wrong} dari 10 soal.`).waitFor();
    await screenshot(page, 'practice-drill-finished-390');
    expect(wrong).toBeGreaterThan(0);

    // Nothing is due today: every entry waits for its day.
    await page.goto('/latihan/buku-kesalahan');
    const list = page.getByRole('list', { name: 'Buku Kesalahan' });
    await list.waitFor();
    await screenshot(page, 'practice-notebook-not-due-390');
    // Drill misses join the exam's (a package question missed in both is one entry).
    const total = await overNotebookPages(page, (l) => l.getByRole('listitem').count());
    expect(total).toBeGreaterThanOrEqual(inNotebook);
    await page.getByText(`${total} soal di Buku Kesalahan`, { exact: true }).waitFor();
    await page.goto('/latihan/buku-kesalahan');
    expect(await overNotebookPages(page, (l) => l.getByText('Perlu diulang').count())).toBe(0);

    // A study plan to a date six weeks on.
    await page.goto('/latihan/rencana');
    await page.getByRole('button', { name: 'Simpan rencana' }).waitFor();
    await screenshot(page, 'practice-plan-form-390');
    const examDate = new Date(Date.now() + 42 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel(/Target skor/).fill('520');
    await page.getByLabel(/Tanggal ujian/).fill(examDate);
    await page.getByRole('button', { name: 'Simpan rencana' }).click();
    const weeks = page.getByRole('list', { name: 'Rencana belajar' });
    await weeks.waitFor();
    expect(await weeks.getByRole('listitem').count()).toBeGreaterThanOrEqual(6);
    await page.getByText(/^Minggu ini: 10 dari \d+ soal$/).waitFor();
    await screenshot(page, 'practice-plan-390');
    expect(errors).toEqual([]);
    await context.close();

    // A day later on the server's practice clock.
    await server.stop();
    server = await startServer({ dataDir, env: { PRACTICE_CLOCK_OFFSET_HOURS: '24' } });
    const later = await newContext(server.baseUrl, { viewport: PHONE_VIEW });
    const page2 = await later.newPage();
    const errors2 = watchPageErrors(page2);
    await signIn(page2);
    await page2.goto('/latihan');
    await page2.getByText(/^Review hari ini: [1-9]\d*$/).waitFor();
    expect(await reviewCount(page2)).toBe(total);
    await screenshot(page2, 'practice-home-due-390');

    await page2.goto('/latihan/buku-kesalahan');
    const due = page2.getByRole('list', { name: 'Buku Kesalahan' });
    await due.waitFor();
    await screenshot(page2, 'practice-notebook-due-390');
    const tally = async (text: string) => {
      await page2.goto('/latihan/buku-kesalahan');
      return overNotebookPages(page2, (l) => l.getByText(text, { exact: true }).count());
    };
    expect(await tally('Perlu diulang')).toBe(total);
    expect(await tally('Simulasi')).toBe(inNotebook);
    expect(await tally('Latihan')).toBe(total - inNotebook);

    // Reviewing one item grades it and moves it off today's list.
    await page2.getByRole('link', { name: 'Mulai review' }).click();
    await page2.getByText(/^Soal 1 dari \d+$/).waitFor();
    await page2.getByRole('radio', { name: /^\(B\)/ }).check();
    await page2.getByRole('button', { name: 'Jawab' }).click();
    await page2.getByText(/akan muncul lagi di Buku Kesalahan pada/).waitFor();
    await screenshot(page2, 'practice-review-feedback-390');
    await page2.goto('/latihan');
    await page2.getByText(`Review hari ini: ${total - 1}`).waitFor();
    expect(errors2).toEqual([]);
  });
});
