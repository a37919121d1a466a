import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  closeBrowser,
  expectNoSidewaysScroll,
  firstPublicPaket,
  newContext,
  registerAndSignIn,
  type RunningServer,
  screenshot,
  seriousAxeFindings,
  startServer,
  submitLogin,
  watchPageErrors,
} from './harness.ts';

/**
 * Accommodations and the admin's hand on a running exam, on 390 px phones: the admin gives a
 * learner 1,5× time, the learner sees the extended minutes and starts, the admin extends the
 * running section and the learner's open page shows the later end without a reload, and the
 * admin finds both actions in the audit log and downloads its CSV.
 */

let server: RunningServer;
let paket: { id: number; nama_paket: string };
const PHONE = { width: 390, height: 844 };
const LEARNER = { nohp: '081266660001', nama: 'Sari Akomodasi', password: 'rahasia-waktu-1' };
const REASON = 'Koneksi peserta terputus saat listening';

beforeAll(async () => {
  server = await startServer();
  paket = await firstPublicPaket(server.baseUrl);
});
afterAll(async () => {
  await closeBrowser();
  await server?.dispose();
});

const timerSeconds = async (page: Page) => {
  const [h, m, s] = (await page.getByTestId('exam-timer').innerText()).split(':').map(Number);
  return h! * 3600 + m! * 60 + s!;
};

const axeFailures: string[] = [];
/** Serious and critical axe findings of the screen as it is now (WCAG 2.1 AA). */
async function axe(page: Page, name: string) {
  for (const v of await seriousAxeFindings(page)) axeFailures.push(`${name}: ${v.id} ${v.nodes[0]?.html.slice(0, 120)}`);
}

describe('a time factor and an extension reach the learner', () => {
  it('sets 1,5×, shows the extended minutes, extends the running section live and logs both actions', async () => {
    const learnerContext = await newContext(server.baseUrl, { viewport: PHONE });
    const learner = await learnerContext.newPage();
    const learnerErrors = watchPageErrors(learner);
    await registerAndSignIn(learner, { nama: LEARNER.nama, nohp: LEARNER.nohp, password: LEARNER.password });

    // The admin, on a phone, gives the learner 1,5× in Data User (a card per participant).
    const adminContext = await newContext(server.baseUrl, { viewport: PHONE });
    const admin = await adminContext.newPage();
    const adminErrors = watchPageErrors(admin);
    await admin.goto('/login');
    await submitLogin(admin, ADMIN.nohp, ADMIN.password);
    await admin.waitForURL('**/admin/**');
    await admin.goto('/admin/data-user');
    await admin.getByRole('searchbox', { name: 'Cari nama atau nomor HP' }).fill(LEARNER.nama);
    const card = admin.getByTestId('user-card').filter({ hasText: LEARNER.nama });
    await card.waitFor();
    const factor = card.getByRole('combobox', { name: 'Faktor waktu' });
    expect(await factor.inputValue()).toBe('100');
    await expectNoSidewaysScroll(admin);
    await screenshot(admin, 'admin-data-user-390');
    await axe(admin, 'data user');
    await factor.selectOption('150');
    const confirm = admin.getByRole('dialog', { name: `Ubah faktor waktu ${LEARNER.nama}?` });
    await confirm.getByText('dari 1× menjadi 1,5×').waitFor();
    await confirm.getByRole('button', { name: 'Ya, Ubah' }).click();
    await admin.getByText('Faktor waktu disimpan. Berlaku mulai simulasi berikutnya yang dimulai peserta.').waitFor();
    await expect.poll(() => factor.inputValue(), { timeout: 15_000 }).toBe('150');

    // The learner opens the package: every section shows its extended minutes.
    await learner.getByRole('article', { name: paket.nama_paket }).getByRole('button', { name: 'Kerjakan Soal' }).click();
    await learner.waitForURL(`**/simulasi-toefl/${paket.id}`);
    await learner.getByTestId('exam-start').waitFor();
    const listeningText = await learner.getByTestId('exam-duration-1').innerText();
    const [, extendedMinutes, baseMinutes] = /^(\d+) menit \(diperpanjang dari (\d+)\)$/.exec(listeningText) ?? [];
    expect(Number(extendedMinutes)).toBe(Math.ceil(Number(baseMinutes) * 1.5));
    await expect(learner.getByTestId('exam-duration-2').innerText()).resolves.toMatch(/^\d+ menit \(diperpanjang dari \d+\)$/);
    await expectNoSidewaysScroll(learner);
    await screenshot(learner, 'exam-start-extended-390');
    await axe(learner, 'exam start');
    await learner.getByRole('button', { name: 'Mulai Simulasi TOEFL' }).click();
    await learner.getByRole('dialog', { name: 'Mulai Simulasi TOEFL?' }).getByRole('button', { name: 'Ya, Mulai' }).click();
    await learner.getByTestId('exam-timer').waitFor();
    const before = await timerSeconds(learner);
    expect(before).toBeGreaterThan((Number(extendedMinutes) - 2) * 60);
    expect(before).toBeLessThanOrEqual(Number(extendedMinutes) * 60);
    // A marker that a reload would wipe.
    await learner.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    // The admin extends the running section by 10 minutes from the history screen.
    await admin.goto('/admin/riwayat-ujian');
    const running = admin.getByTestId('running-attempt').filter({ hasText: LEARNER.nama });
    await running.getByText('Listening').waitFor();
    await running.getByText('Faktor waktu: 1,5×').waitFor();
    await expectNoSidewaysScroll(admin);
    await screenshot(admin, 'admin-riwayat-running-390');
    await axe(admin, 'riwayat ujian');
    await running.getByRole('button', { name: `Perpanjang sesi ${LEARNER.nama}` }).click();
    const extend = admin.getByRole('dialog', { name: `Perpanjang sesi ${LEARNER.nama}` });
    await extend.getByRole('textbox', { name: 'Tambahan waktu (menit)' }).fill('10');
    await extend.getByRole('textbox', { name: 'Alasan' }).fill(REASON);
    await screenshot(admin, 'admin-extend-dialog-390');
    await axe(admin, 'extend dialog');
    await extend.getByRole('button', { name: 'Perpanjang Sesi' }).click();
    await admin.getByText('Sesi diperpanjang 10 menit.').waitFor();

    // The learner's open page adopts the later end at its next timer check, without a reload.
    await expect.poll(async () => (await timerSeconds(learner)) - before, { timeout: 60_000, interval: 1000 }).toBeGreaterThan(9 * 60);
    expect(await learner.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await screenshot(learner, 'exam-extended-timer-390');

    // The audit log names both actions; the extension with its reason and the moved end.
    await admin.goto('/admin/audit-log');
    await admin.getByRole('combobox', { name: 'Aksi' }).selectOption({ label: 'Perpanjang sesi' });
    await admin.getByRole('button', { name: 'Terapkan' }).click();
    const entry = admin.getByTestId('audit-entry').filter({ hasText: REASON });
    await entry.waitFor();
    await entry.getByText('Perpanjang sesi').waitFor();
    await entry.getByRole('cell', { name: 'listeningEndsAt' }).waitFor();
    await expectNoSidewaysScroll(admin);
    await screenshot(admin, 'admin-audit-log-390');
    await axe(admin, 'audit log');
    const download = admin.waitForEvent('download');
    await admin.getByRole('link', { name: 'Unduh CSV' }).click();
    const csv = await readFile(await (await download).path(), 'utf8');
    expect(csv).toContain('Perpanjang sesi');
    expect(csv).toContain(REASON);
    expect(csv).not.toContain('Ubah faktor waktu');
    await admin.getByRole('button', { name: 'Reset' }).click();
    await admin.getByTestId('audit-entry').filter({ hasText: 'Ubah faktor waktu' }).first().waitFor();

    expect(axeFailures).toEqual([]);
    expect(learnerErrors).toEqual([]);
    expect(adminErrors).toEqual([]);
    await learnerContext.close();
    await adminContext.close();
  });
});
