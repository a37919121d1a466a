import type { TimeFactorPercent } from '../../../../contract/accommodations.ts';
import type { ExamUserList, ExamUserQuery } from '../../../../contract/admin-users.ts';
import type { AuthUser, GetAuthResponse } from '../../../../contract/auth.ts';
import type { MessageResponse } from '../../../../contract/common.ts';
import { api } from '../../../api/api.ts';

/** Data User (spec section 7), the password reset of DESIGN section 9, and the admin's own session. */
export const adminUsersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listExamUsers: build.query<ExamUserList, ExamUserQuery>({
      query: ({ q, page, limit }) => ({ url: '/admin/user', params: { ...(q ? { q } : {}), page, limit } }),
      providesTags: ['User'],
    }),
    /** Answers a new temporary password, shown once. */
    resetUserPassword: build.mutation<MessageResponse & { password: string }, string>({
      query: (nohp) => ({ url: `/admin/user/${encodeURIComponent(nohp)}/reset-password`, method: 'POST' }),
      invalidatesTags: ['User'],
    }),
    /** PUT /admin/user/{nohp}/faktor-waktu: the learner's time factor for their next attempts. */
    setTimeFactor: build.mutation<MessageResponse & { faktor_waktu_persen: number }, { nohp: string; percent: TimeFactorPercent }>({
      query: ({ nohp, percent }) => ({
        url: `/admin/user/${encodeURIComponent(nohp)}/faktor-waktu`,
        method: 'PUT',
        body: { faktor_waktu_persen: percent },
      }),
      invalidatesTags: ['User'],
    }),
    /*
     * The admin shell shows who is signed in and signs out without reaching into the auth feature:
     * the same two calls under names of its own (the sign-out then reloads the page, which resets
     * every piece of client state at once).
     */
    adminIdentity: build.query<AuthUser, void>({
      query: () => '/users/getAuth',
      transformResponse: (r: GetAuthResponse) => r.dataUser,
      providesTags: ['Auth'],
    }),
    adminLogout: build.mutation<MessageResponse, void>({
      query: () => '/users/logout',
      invalidatesTags: [],
    }),
  }),
});

export const {
  useListExamUsersQuery,
  useResetUserPasswordMutation,
  useSetTimeFactorMutation,
  useAdminIdentityQuery,
  useAdminLogoutMutation,
} = adminUsersApi;
