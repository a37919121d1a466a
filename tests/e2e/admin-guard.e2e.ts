import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoreCounts } from '../../server/services/scoring.service.ts';
import {
  confirmIn,
  expectShownWhole,
  ADMIN,
  closeBrowser,
  demoAnswerKey,
  firstPublicPaket,
  newContext,
  registerAndSignIn,
  type RunningServer,
  startServer,
  submitLogin,
  watchPageErrors,
} from './harness.ts';

/**
 * A learner sits the demo package while the admin edits it, tries to delete one of its questions
 * and the package itself: both are refused with the reason, and the learner finishes with all 140
 * questions and the score of the answers given.
 */

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

async function continueToNextSection(page: Page, sectionName: string) {
  await page.getByRole('heading', { name: `Sesi ${sectionName} Telah Berakhir` }).waitFor({ timeout: 30_000 });
  await confirmIn(page, 'Yakin ingin lanjut?', 'Ya, Lanjut', page.getByRole('button', { name: 'Lanjut ke Sesi Berikutnya' }));
}
async function endSection(page: Page) {
  await confirmIn(page, 'Selesaikan Sesi Ini?', 'Ya, Selesaikan', page.getByRole('button', { name: 'Selesai', exact: true }));
}
const RUNNING = /Paket ini sedang dikerjakan oleh 1 peserta/;

describe('admin actions beside a running exam', () => {
  it('refuses deleting a question and the package while a learner sits it; the learner finishes with 140 questions and the right score', async () => {
    const keys = await demoAnswerKey();
    const learnerContext = await newContext(server.baseUrl);
    const learner = await learnerContext.newPage();
    const learnerErrors = watchPageErrors(learner);
    const phone = '081299991234';
    await registerAndSignIn(learner, { nama: 'Rudi Hartono', nohp: phone, password: 'rahasia-ujian-1' });
    await learner.getByRole('article', { name: paketName }).getByRole('button', { name: 'Kerjakan Soal' }).click();
    await learner.waitForURL(`**/simulasi-toefl/${paketId}`);
    await confirmIn(learner, 'Mulai Simulasi TOEFL?', 'Ya, Mulai', learner.getByRole('button', { name: 'Mulai Simulasi TOEFL' }));
    await learner.getByTestId('exam-intro-listening').waitFor();
    await learner.getByRole('button', { name: 'Selanjutnya' }).click();
    await learner.getByTestId('exam-question-number').getByText('Soal 1', { exact: true }).waitFor();
    const given = new Map<number, string>([[1, keys.get(1)!]]);
    await learner.keyboard.press(keys.get(1)!);

    // The admin, meanwhile, in another browser.
    const adminContext = await newContext(server.baseUrl);
    const admin = await adminContext.newPage();
    const adminErrors = watchPageErrors(admin);
    await admin.goto('/login');
    await submitLogin(admin, ADMIN.nohp, ADMIN.password);
    await admin.waitForURL('**/admin/payments');
    await admin.goto(`/admin/soal-simulasi/soal-structure/${paketId}`);
    await confirmIn(admin, 'Hapus soal nomor 1?', 'Hapus', admin.getByRole('button', { name: 'Hapus Soal 1', exact: true }));
    await admin.getByText(RUNNING).first().waitFor();
    await admin.goto('/admin/soal-simulasi');
    await confirmIn(admin, `Hapus paket "${paketName}"?`, 'Arsipkan', admin.getByRole('button', { name: `Hapus ${paketName}` }));
    await admin.getByText(/sedang dikerjakan oleh 1 peserta, sehingga belum dapat diarsipkan/).waitFor();
    // A change the exam never reads goes through.
    await admin.goto(`/admin/soal-simulasi/edit/${paketId}`);
    const nama = admin.getByRole('textbox', { name: 'Nama Paket' });
    await nama.fill(`${paketName} (edisi 2)`);
    await admin.getByRole('button', { name: 'Simpan' }).click();
    await admin.waitForURL('**/admin/soal-simulasi');
    await admin.getByRole('cell', { name: `${paketName} (edisi 2)`, exact: true }).waitFor();

    // The learner's next load still has the whole package.
    await learner.reload();
    await learner.getByTestId('exam-run').waitFor();
    const soal = (await (await learner.request.get('/api/soal')).json()) as { soal: unknown[] };
    expect(soal.soal).toHaveLength(140);
    await endSection(learner);
    await continueToNextSection(learner, 'LISTENING COMPREHENSION');
    await learner.getByTestId('exam-intro-structure').waitFor();
    await learner.getByRole('button', { name: 'Selanjutnya' }).click();
    await learner.getByTestId('exam-question-number').getByText('Soal 1', { exact: true }).waitFor();
    await learner.keyboard.press(['a', 'b', 'c', 'd'][Number(keys.get(52)) - 1]!);
    given.set(52, keys.get(52)!);
    await endSection(learner);
    await continueToNextSection(learner, 'STRUCTURE AND WRITTEN EXPRESSION');
    await learner.getByTestId('exam-intro-reading').waitFor();
    await learner.getByRole('button', { name: 'Selanjutnya' }).click();
    await learner.getByTestId('exam-question-number').getByText('Soal 1', { exact: true }).waitFor();
    await learner.keyboard.press(keys.get(94)!);
    given.set(94, keys.get(94)!);
    await learner.getByTestId('exam-sync').getByText('Tersimpan', { exact: true }).waitFor({ timeout: 10_000 });
    await confirmIn(learner, 'Yakin ingin menyelesaikan?', 'Ya, Selesai', learner.getByRole('button', { name: 'Selesai', exact: true }));
    await learner.getByTestId('exam-finished').waitFor({ timeout: 20_000 });
    expect(await learner.getByTestId('exam-total-score').innerText()).toBe(String(scoreCounts(1, 1, 1).toeflScore));
    const review = (await (await learner.request.get('/api/users/riwayat-ujian')).json()) as { data: { id: number }[] };
    const detail = (await (await learner.request.get(`/api/users/riwayat-ujian/${review.data[0]!.id}/review`)).json()) as {
      questions?: unknown[];
    };
    if (detail.questions) expect(detail.questions).toHaveLength(140);

    // Once the exam is over, the edit goes through.
    await admin.goto(`/admin/soal-simulasi/soal-structure/${paketId}`);
    await confirmIn(admin, 'Hapus soal nomor 1?', 'Hapus', admin.getByRole('button', { name: 'Hapus Soal 1', exact: true }));
    await admin.getByText('Soal berhasil dihapus.').first().waitFor();

    // On a 1280 px laptop the history's table fits beside the menu: its last column is not cut off.
    await admin.goto('/admin/riwayat-ujian');
    await expectShownWhole(admin.getByRole('button', { name: 'Unduh sertifikat Rudi Hartono' }));
    await expectShownWhole(admin.getByRole('button', { name: 'Buka ulang ujian Rudi Hartono' }));

    expect(learnerErrors).toEqual([]);
    expect(adminErrors.filter((e) => !e.includes('status of 409'))).toEqual([]);
    await learnerContext.close();
    await adminContext.close();
  });
});
