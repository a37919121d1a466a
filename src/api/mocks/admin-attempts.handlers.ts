import { delay, http, HttpResponse } from 'msw';
import type { AdminAttempt } from '../../../contract/accommodations.ts';

/* MSW handlers for the running attempts and their actions, answering like server/routes/admin-attempts.routes.ts. */
const url = (path: string) => `*/api${path}`;

/** Section ends relative to the moment the handler answers (the screen judges them against its clock). */
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

export const demoRunningAttempts = (): AdminAttempt[] => [
  {
    attemptId: 501,
    user: { nama: 'Rina Wulandari', nohp: '6281234000007' },
    namaPaket: 'Paket A Prediction',
    sesi: 'listening',
    endsAt: inMinutes(24),
    faktor_waktu_persen: 150,
    reopenedAt: null,
    reopenReason: null,
  },
  {
    attemptId: 502,
    user: { nama: 'Budi Santoso', nohp: '6281200000002' },
    namaPaket: 'Paket Simulasi Gratis — TOEFL ITP',
    sesi: 'reading',
    endsAt: inMinutes(-3),
    faktor_waktu_persen: 100,
    reopenedAt: null,
    reopenReason: null,
  },
  {
    attemptId: 503,
    user: { nama: 'José Ñúñez', nohp: '6281200000003' },
    namaPaket: 'Paket A Prediction',
    sesi: 'written',
    endsAt: inMinutes(12),
    faktor_waktu_persen: 100,
    reopenedAt: '2026-11-24T02:00:00.000Z',
    reopenReason: 'Listrik padam di lokasi peserta',
  },
];

const refused = (message: string) => HttpResponse.json({ message }, { status: 409 });

export const adminAttemptsHandlers = {
  running: (data: () => AdminAttempt[] = demoRunningAttempts) =>
    http.get(url('/admin/ujian/berjalan'), () => HttpResponse.json({ data: data() })),
  runningPending: () =>
    http.get(url('/admin/ujian/berjalan'), async () => {
      await delay('infinite');
      return HttpResponse.json({});
    }),
  runningFails: () =>
    http.get(url('/admin/ujian/berjalan'), () => HttpResponse.json({ message: 'Server sedang gangguan.' }, { status: 500 })),
  /** Extends like the server; `seen` records each request body. */
  extend: (seen: unknown[] = []) =>
    http.post(url('/admin/ujian/:attemptId/perpanjang'), async ({ request, params }) => {
      const body = (await request.json()) as { menit: number; alasan: string };
      seen.push(body);
      const attempt = demoRunningAttempts().find((a) => a.attemptId === Number(params.attemptId))!;
      return HttpResponse.json({
        message: `Sesi diperpanjang ${body.menit} menit.`,
        data: { ...attempt, endsAt: new Date(Date.parse(attempt.endsAt!) + body.menit * 60_000).toISOString() },
      });
    }),
  extendRefused: () =>
    http.post(url('/admin/ujian/:attemptId/perpanjang'), () =>
      refused('Waktu sesi ini sudah habis, sehingga tidak dapat diperpanjang. Gunakan Buka Ulang bila ujian terganggu.'),
    ),
  reopen: (seen: unknown[] = []) =>
    http.post(url('/admin/ujian/:attemptId/buka-ulang'), async ({ request, params }) => {
      const body = (await request.json()) as { alasan: string };
      seen.push(body);
      const attempt = demoRunningAttempts().find((a) => a.attemptId === Number(params.attemptId)) ?? demoRunningAttempts()[0]!;
      return HttpResponse.json({
        message: 'Ujian dibuka ulang. Peserta dapat melanjutkan dari sesi terakhirnya.',
        data: { ...attempt, attemptId: Number(params.attemptId), reopenedAt: new Date().toISOString(), reopenReason: body.alasan },
      });
    }),
  reopenRefused: () =>
    http.post(url('/admin/ujian/:attemptId/buka-ulang'), () =>
      refused('Ujian ini sudah pernah dibuka ulang. Buka ulang hanya dapat dilakukan satu kali.'),
    ),
};
