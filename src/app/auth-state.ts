import { useSelector } from 'react-redux';
import type { AuthUser } from '../../contract/auth.ts';

/*
 * Who is signed in, as the pages read it. No Redux Toolkit here: the app frame reads it on every
 * page, the landing page included, before the store's code has loaded (decision 026). The slice
 * that writes it is auth.slice.ts.
 */

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

export const unknownIdentity: AuthState = { status: 'unknown', user: null };
export const anonymous: AuthState = { status: 'anonymous', user: null };

/** The part of the root state that holds the identity. */
export interface WithAuthState {
  auth: AuthState;
}

const useAuthSelector = useSelector.withTypes<WithAuthState>();

export const selectAuth = (state: WithAuthState): AuthState => state.auth;

/** The current identity from the store (does not fetch; see useAuthBootstrap). */
export function useAuth(): AuthState {
  return useAuthSelector(selectAuth);
}
