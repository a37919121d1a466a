import type { AuthState } from './auth-state.ts';
import type { AppStore } from './store.ts';

/**
 * The store handed to the providers before its code has loaded (decision 026). Redux Toolkit and
 * RTK Query are not part of the entry script: the landing page hydrates and answers clicks
 * without them, and they load after its first paint. Until then this stands in for the store:
 * `getState()` answers the identity the page load already knows (the session hint of decision
 * 020), and subscribers are carried over when the real store arrives. Dispatching before then is
 * a mistake in the code (every module that dispatches loads after `ready()`), so it throws.
 */
export interface DeferredStore {
  /** What the providers hold: the stand-in until `ready()` has resolved, the real store after it. */
  store: AppStore;
  /** Loads the store's code once (later calls answer the same promise) and hands over to it. */
  ready: () => Promise<AppStore>;
}

export function deferredStore(auth: AuthState, load: (preloaded: { auth: AuthState }) => Promise<AppStore>): DeferredStore {
  const listeners = new Set<() => void>();
  let real: AppStore | null = null;
  let pending: Promise<AppStore> | null = null;
  const before = { auth };
  const notify = () => listeners.forEach((listener) => listener());

  const stand = {
    getState: () => (real ? real.getState() : before),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch(action: unknown) {
      if (!real) throw new Error('The store is not loaded yet: await ready() before dispatching.');
      return real.dispatch(action as Parameters<AppStore['dispatch']>[0]);
    },
    // react-redux reads only these three; nothing in the app replaces reducers or observes the store.
  } as unknown as AppStore;

  return {
    store: stand,
    ready: () => {
      pending ??= load(before).then(
        (store) => {
          real = store;
          store.subscribe(notify);
          notify();
          return store;
        },
        (error: unknown) => {
          pending = null; // a failed fetch is tried again by the next caller
          throw error;
        },
      );
      return pending;
    },
  };
}
