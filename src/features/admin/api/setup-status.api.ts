import type { SetupStatus } from '../../../../contract/payments.ts';
import { api } from '../../../api/api.ts';

/** GET /admin/setup-status: the first-run steps (admin password, payment QR, a siap package). */
export const setupStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A password change, a new QR and a package set siap each invalidate one of these tags.
    setupStatus: build.query<SetupStatus, void>({
      query: () => '/admin/setup-status',
      providesTags: ['Paket', 'Settings', 'User', 'Auth'],
    }),
  }),
});

export const { useSetupStatusQuery } = setupStatusApi;
