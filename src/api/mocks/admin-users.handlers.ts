import { delay, http, HttpResponse } from 'msw';
import type { ExamUser } from '../../../contract/admin-users.ts';

/* MSW handlers for Data User, answering like server/routes/admin-users.routes.ts. */
const url = (path: string) => `*/api${path}`;

export const demoExamUsers: ExamUser[] = Array.from({ length: 26 }, (_, i) => ({
  id: i + 2,
  nohp: `62812340000${String(i).padStart(2, '0')}`,
  nama: i === 7 ? 'Rina Wulandari' : `Peserta ${i + 1}`,
  role: 'User',
  profilePic: null,
  status_ujian: i === 1 ? 'ujian' : 'idle',
  paket_soal_id_aktif: i === 1 ? 2 : null,
  paket_aktif: i === 1 ? 'Paket A Prediction' : null,
  paket_terakhir: i === 2 ? 'Paket Simulasi Gratis — TOEFL ITP' : null,
  faktor_waktu_persen: i === 3 ? 150 : 100,
}));

export const adminUsersHandlers = {
  /** Searches by name or number and pages like the server does. */
  list: (all: ExamUser[] = demoExamUsers) =>
    http.get(url('/admin/user'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      const q = (params.get('q') ?? '').toLowerCase();
      const page = Number(params.get('page') ?? 1);
      const limit = Number(params.get('limit') ?? 20);
      const found = all.filter((u) => !q || u.nama.toLowerCase().includes(q) || u.nohp.includes(q.replace(/^0/, '62')));
      return HttpResponse.json({ data: found.slice((page - 1) * limit, page * limit), total: found.length, page, limit });
    }),
  listPending: () =>
    http.get(url('/admin/user'), async () => {
      await delay('infinite');
      return HttpResponse.json({});
    }),
  listFail: () => http.get(url('/admin/user'), () => HttpResponse.json({ message: 'Server sedang gangguan.' }, { status: 500 })),
  reset: (password = 'k7m2x9qp4a') =>
    http.post(url('/admin/user/:nohp/reset-password'), () =>
      HttpResponse.json({
        message: 'Password sementara dibuat. Sampaikan kepada peserta; password ini hanya ditampilkan sekali.',
        password,
      }),
    ),
  /** Saves the factor like the server (PUT /admin/user/{nohp}/faktor-waktu); `seen` records each body. */
  factor: (seen: unknown[] = []) =>
    http.put(url('/admin/user/:nohp/faktor-waktu'), async ({ request }) => {
      const body = (await request.json()) as { faktor_waktu_persen: number };
      seen.push(body);
      return HttpResponse.json({
        message: 'Faktor waktu disimpan. Berlaku mulai simulasi berikutnya yang dimulai peserta.',
        faktor_waktu_persen: body.faktor_waktu_persen,
      });
    }),
  factorRefused: () =>
    http.put(url('/admin/user/:nohp/faktor-waktu'), () =>
      HttpResponse.json({ message: 'Faktor waktu hanya untuk akun peserta, bukan akun admin.' }, { status: 400 }),
    ),
  resetFail: () =>
    http.post(url('/admin/user/:nohp/reset-password'), () => HttpResponse.json({ message: 'Pengguna tidak ditemukan.' }, { status: 404 })),
};
