import type { APIRequestContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  closeBrowser,
  expectNoSidewaysScroll,
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

beforeAll(async () => {
  server = await startServer();
  const first = await firstPublicPaket(server.baseUrl);
  paketId = first.id;
  paketName = first.nama_paket;
});
afterAll(async () => {
  await closeBrowser();
  await server?.dispose();
});

/** Sits the package through the API: listening drafted, the sections ended early, reading submitted. */
async function sitExam(api: APIRequestContext) {
  const ok = async (p: Promise<{ status(): number; text(): Promise<string> }>) => {
    const res = await p;
    expect(res.status(), await res.text()).toBe(200);
  };
  await ok(api.get(`/api/users/cek-akses/${paketId}`));
  await ok(api.put('/api/soal/timers', { data: { paketId } }));
  const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
  await ok(
    api.put('/api/soal/jawaban/draft', { data: { index: 50, answers: Object.fromEntries(range(1, 50).map((p) => [String(p), '1'])) } }),
  );
  for (let i = 0; i < 2; i++) {
    await ok(api.put('/api/soal/timers-to-zero', { data: { paketId } }));
    await ok(api.put('/api/soal/timers/next', { data: { paketId } }));
  }
  await ok(api.post('/api/soal/jawaban', { data: { answers: range(94, 143).map((p) => ({ id: p, answer: '3' })) } }));
}

describe('item statistics', () => {
  it('a learner cannot open them; after one finished attempt the admin reads them on a 390 px phone', async () => {
    const learner = await newContext(server.baseUrl);
    const nohp = '081277771234';
    const password = 'rahasia-statistik-1';
    expect(
      (
        await learner.request.post('/api/users/register', { data: { nohp, nama: 'Rina Peserta', email: 'rina@example.id', password } })
      ).status(),
    ).toBe(201);
    expect((await learner.request.post('/api/users/login', { data: { nohp, password } })).status()).toBe(200);
    expect((await learner.request.get(`/api/admin/paket-soal/${paketId}/statistik`)).status()).toBe(403);
    await sitExam(learner.request);
    await learner.close();

    const context = await newContext(server.baseUrl, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/login');
    await submitLogin(page, ADMIN.nohp, ADMIN.password);
    await page.waitForURL('**/admin/payments');
    await page.goto('/admin/soal-simulasi');
    await page.getByRole('button', { name: `Statistik butir soal ${paketName}` }).click();
    await page.waitForURL(`**/admin/soal-simulasi/statistik/${paketId}`);
    await page.getByText('Dihitung dari jawaban 1 percobaan yang selesai (riwayat ujian).').waitFor();
    await page.getByText('Percobaan belum cukup untuk menandai butir').waitFor();
    // Phone: cards, not the wide table, and nothing wider than the screen.
    const cards = page.getByRole('list', { name: 'Statistik per butir soal' }).getByRole('listitem');
    expect(await cards.count()).toBe(140);
    expect(await page.getByRole('table', { name: 'Statistik per butir soal' }).isVisible()).toBe(false);
    await expectNoSidewaysScroll(page);
    await expect.poll(() => cards.first().textContent()).toContain('Fasilitas');
    await page.screenshot({ path: 'tests/e2e/.artifacts/item-stats-phone-top.png' });
    await cards.nth(100).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'tests/e2e/.artifacts/item-stats-phone-scrolled.png' });
    await screenshot(page, 'item-stats-phone-full');
    expect(errors).toEqual([]);
    await context.close();
  });
});
