import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React hydrates a page prerendered at build time (src/prerender.tsx), true from the
 * next render on, and true at once in a page rendered in the browser. A prerendered form stays
 * disabled until then: typed before its script runs, it would be sent by the browser itself (a GET
 * with the password in the address) or its values would be missing from the form's state.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
