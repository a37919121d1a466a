import { delay, http, HttpResponse } from 'msw';
import type { AuthUser, RegisterResponse } from '../../../contract/auth.ts';
import type { ErrorResponse } from '../../../contract/common.ts';

/*
 * MSW handlers for the auth endpoints, shared by stories (browser worker) and component tests
 * (msw/node). Paths start with a wildcard so they match the absolute API base in either place.
 */
const url = (path: string) => `*/api${path}`;

export const demoUser: AuthUser = { nohp: '6281234567890', nama: 'Siti Nurhaliza', role: 'User', profilePic: null };
export const demoAdmin: AuthUser = { nohp: '6281100000001', nama: 'Budi Santoso', role: 'Admin', profilePic: null };

export const authHandlers = {
  /** getAuth answers this user. */
  signedIn: (user: AuthUser = demoUser) => http.get(url('/users/getAuth'), () => HttpResponse.json({ dataUser: user })),
  /** getAuth answers 401 (no session). */
  signedOut: () => http.get(url('/users/getAuth'), () => HttpResponse.json({ message: 'Belum login.' }, { status: 401 })),
  /** getAuth never answers (the loading state). */
  identityPending: () =>
    http.get(url('/users/getAuth'), async () => {
      await delay('infinite');
      return HttpResponse.json({});
    }),
  /** getAuth fails with a server error (the 'Oops...' state). */
  identityFails: () => http.get(url('/users/getAuth'), () => HttpResponse.json({ message: 'Server error' }, { status: 500 })),

  loginSucceeds: (user: AuthUser = demoUser) => http.post(url('/users/login'), () => HttpResponse.json(user)),
  loginFails: (status: 400 | 401 | 429, error: string) => http.post(url('/users/login'), () => HttpResponse.json({ error }, { status })),
  loginPending: () =>
    http.post(url('/users/login'), async () => {
      await delay('infinite');
      return HttpResponse.json({});
    }),
  /** The network is down: fetch itself rejects. */
  loginNetworkError: () => http.post(url('/users/login'), () => HttpResponse.error()),

  registerSucceeds: () =>
    http.post(url('/users/register'), () =>
      HttpResponse.json<RegisterResponse>(
        {
          message: 'Registrasi berhasil',
          data: { id: 1, nohp: demoUser.nohp, nama: demoUser.nama, email: 'siti@contoh.com', role: 'User' },
        },
        { status: 201 },
      ),
    ),
  registerFails: (status: 400 | 409, body: ErrorResponse) => http.post(url('/users/register'), () => HttpResponse.json(body, { status })),
  registerPending: () =>
    http.post(url('/users/register'), async () => {
      await delay('infinite');
      return HttpResponse.json({});
    }),

  logoutSucceeds: () => http.get(url('/users/logout'), () => HttpResponse.json({ message: 'Logout berhasil' })),
};
