import { setupListeners } from '@reduxjs/toolkit/query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router-dom';
import { authApi } from './api/auth.api.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter, routes } from './app/router.tsx';
import { makeStore } from './app/store.ts';
import { SESSION_HINT_METRIC } from '../contract/page-hints.ts';

// The server's word on this page load: was a session cookie sent? Signed out ('0'): no probe.
const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
// Older browsers have no serverTiming: no hint, the identity is asked as before.
const timings: readonly PerformanceServerTiming[] = navigation?.serverTiming ?? [];
const sessionHint = timings.find((e) => e.name === SESSION_HINT_METRIC)?.description;
const signedOut = sessionHint === '0';
const store = makeStore(signedOut ? { auth: { status: 'anonymous', user: null } } : undefined);
// Ask who is signed in now, while the page's code is still loading, rather than after it (the
// layout's own query then finds the answer in the cache).
if (!signedOut) void store.dispatch(authApi.endpoints.getAuth.initiate(undefined, { subscribe: false }));
// Refetch on focus/reconnect for queries that opt in (e.g. the exam timer when a tab returns).
setupListeners(store.dispatch);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * A page prerendered at build time (src/prerender.tsx) is hydrated: its lazy route modules are
 * loaded first, so the first render is the page already on screen rather than a loader.
 */
async function start(container: HTMLElement) {
  let prerendered = container.hasChildNodes();
  if (prerendered) {
    const lazy = (matchRoutes(routes, window.location) ?? []).filter((m) => m.route.lazy);
    try {
      await Promise.all(
        lazy.map(async ({ route }) => {
          const load = route.lazy as () => Promise<Record<string, unknown>>;
          Object.assign(route, { ...(await load()), lazy: undefined });
        }),
      );
    } catch {
      // The page's code could not be fetched even after retries: render afresh, so the route's
      // error screen (with its reload button) replaces a page that would never respond.
      container.replaceChildren();
      prerendered = false;
    }
  }
  const app = (
    <StrictMode>
      <AppProviders store={store}>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>
  );
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start(root);
