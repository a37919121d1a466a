import { createContext, useContext } from 'react';

/**
 * Resolves once the store's code has loaded (decision 026): a page that hydrated without it (the
 * landing page) waits for this before it renders anything bound to RTK Query. Tests, stories and
 * the prerender hand the providers a store that is there already, hence the default.
 */
export const StoreReadyContext = createContext<() => Promise<unknown>>(() => Promise.resolve());

export function useStoreReady(): () => Promise<unknown> {
  return useContext(StoreReadyContext);
}
