import { delay, http, HttpResponse } from 'msw';
import type { DetailUserResponse } from '../../../contract/auth.ts';

/* MSW handlers for Profile User: detail, save and password change. */
const url = (path: string) => `*/api${path}`;

export const demoDetail: DetailUserResponse = {
  nohp: '6281234567890',
  nama: 'Siti Nurhaliza',
  role: 'User',
  profilePic: null,
  email: 'siti@contoh.id',
};

/** A small drawn photo so stories need no files. */
export const demoPhoto =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128"><rect width="128" height="128" fill="#ffd8a8"/><circle cx="64" cy="52" r="24" fill="#e8590c"/><rect x="24" y="84" width="80" height="44" rx="30" fill="#e8590c"/></svg>',
  );

export const profileHandlers = {
  detail: (data: DetailUserResponse = demoDetail) => http.get(url('/users/detail-user'), () => HttpResponse.json(data)),
  detailPending: () =>
    http.get(url('/users/detail-user'), async () => {
      await delay('infinite');
      return HttpResponse.json({});
    }),
  detailFails: () => http.get(url('/users/detail-user'), () => HttpResponse.json({ message: 'x' }, { status: 500 })),
  saveSucceeds: () =>
    http.put(url('/users/profile'), async ({ request }) => {
      const form = await request.formData();
      const text = (name: string) => {
        const v = form.get(name);
        return typeof v === 'string' ? v : '';
      };
      const newNohp = text('newNohp');
      return HttpResponse.json({
        message: 'Perubahan berhasil disimpan.',
        user: {
          nama: text('nama'),
          nohp: newNohp ? `62${newNohp.replace(/^0/, '')}` : demoDetail.nohp,
          profilePic: form.get('profilePic') ? demoPhoto : null,
        },
      });
    }),
  savePending: () =>
    http.put(url('/users/profile'), async () => {
      await delay('infinite');
      return HttpResponse.json({});
    }),
  saveFails: (message?: string, status = 409) =>
    http.put(url('/users/profile'), () => (message ? HttpResponse.json({ message }, { status }) : HttpResponse.error())),
  passwordSucceeds: () => http.put(url('/users/update-password'), () => HttpResponse.json({ message: 'Password berhasil diperbarui.' })),
  passwordFails: (message?: string) =>
    http.put(url('/users/update-password'), () => (message ? HttpResponse.json({ message }, { status: 400 }) : HttpResponse.error())),
};
