import { setupListeners } from '@reduxjs/toolkit/query';
import { authApi } from '../api/auth.api.ts';
import type { AuthState } from './auth-state.ts';
import { makeStore, type AppStore } from './store.ts';

/**
 * The store as a page load starts it, loaded after the entry (decision 026): created with the
 * identity the page already knows, asking the server who is signed in unless the page load said
 * nobody is, and refetching on focus and reconnect for queries that opt in (the exam timer when a
 * tab returns).
 */
export function bootStore(preloaded: { auth: AuthState }): AppStore {
  const store = makeStore(preloaded);
  if (preloaded.auth.status === 'unknown') void store.dispatch(authApi.endpoints.getAuth.initiate(undefined, { subscribe: false }));
  setupListeners(store.dispatch);
  return store;
}
