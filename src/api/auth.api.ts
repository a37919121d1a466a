import type {
  AuthUser,
  DetailUserResponse,
  GetAuthResponse,
  LoginBody,
  LoginResponse,
  RegisterBody,
  RegisterResponse,
} from '../../contract/auth.ts';
import type { MessageResponse } from '../../contract/common.ts';
import { api } from './api.ts';

/** Authentication endpoints (spec section 7). The auth slice listens to their results. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The identity probe: 401 when signed out (never redirects, see api.ts). */
    getAuth: build.query<AuthUser, void>({
      query: () => '/users/getAuth',
      transformResponse: (response: GetAuthResponse) => response.dataUser,
      providesTags: ['Auth'],
    }),
    login: build.mutation<LoginResponse, LoginBody>({
      query: (body) => ({ url: '/users/login', method: 'POST', body }),
      invalidatesTags: ['Auth', 'User'],
    }),
    register: build.mutation<RegisterResponse, RegisterBody>({
      query: (body) => ({ url: '/users/register', method: 'POST', body }),
      // A new account changes no cached data of the visitor (who is signed out).
      invalidatesTags: [],
    }),
    logout: build.mutation<MessageResponse, void>({
      query: () => '/users/logout',
      // The whole cache is dropped on sign-out (useSignOut), so nothing to invalidate here.
      invalidatesTags: [],
    }),
    detailUser: build.query<DetailUserResponse, void>({
      query: () => '/users/detail-user',
      providesTags: ['User'],
    }),
  }),
});

export const { useGetAuthQuery, useLoginMutation, useRegisterMutation, useLogoutMutation, useDetailUserQuery } = authApi;
