import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { useSelector } from 'react-redux';
import type { AuthUser } from '../../contract/auth.ts';
import { httpStatus } from '../lib/api-error.ts';
import { authApi } from '../api/auth.api.ts';

/**
 * Who is signed in (spec section 4). `unknown` until the identity probe or a login answers;
 * `anonymous` after a 401 from the probe or a sign-out. A network or 5xx failure of the probe
 * leaves it `unknown` (the guard shows its failure dialog).
 */
export type AuthStatus = 'unknown' | 'authenticated' | 'anonymous';

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
}

const initialState: AuthState = { status: 'unknown', user: null };
const anonymous: AuthState = { status: 'anonymous', user: null };
const authenticated = (user: AuthUser): AuthState => ({ status: 'authenticated', user });

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** Clears identity locally; dispatched on sign-out whatever the server answered. */
    signedOut: () => anonymous,
    /** Profile edits that return a user update the name, phone and picture shown. */
    userUpdated: (state, action: PayloadAction<Partial<AuthUser>>) => {
      if (state.user) state.user = { ...state.user, ...action.payload };
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(authApi.endpoints.getAuth.matchFulfilled, (_state, { payload }) => authenticated(payload))
      .addMatcher(authApi.endpoints.getAuth.matchRejected, (state, { payload }) => {
        if (httpStatus(payload) === 401) return anonymous;
        return state;
      })
      .addMatcher(authApi.endpoints.login.matchFulfilled, (_state, { payload }) => authenticated(payload))
      .addMatcher(authApi.endpoints.logout.matchFulfilled, () => anonymous);
  },
});

export const { signedOut, userUpdated } = authSlice.actions;

/** The part of the root state this feature reads; keeps the feature free of app/ imports. */
export interface WithAuthState {
  auth: AuthState;
}

const useAuthSelector = useSelector.withTypes<WithAuthState>();

export const selectAuth = (state: WithAuthState): AuthState => state.auth;

/** The current identity from the store (does not fetch; see useAuthBootstrap). */
export function useAuth(): AuthState {
  return useAuthSelector(selectAuth);
}
