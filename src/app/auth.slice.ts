import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthUser } from '../../contract/auth.ts';
import { httpStatus } from '../lib/api-error.ts';
import { authApi } from '../api/auth.api.ts';
import { anonymous, unknownIdentity, type AuthState } from './auth-state.ts';

const authenticated = (user: AuthUser): AuthState => ({ status: 'authenticated', user });

export const authSlice = createSlice({
  name: 'auth',
  initialState: unknownIdentity,
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
