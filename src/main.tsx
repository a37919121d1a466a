import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router-dom';
import { anonymous, unknownIdentity } from './app/auth-state.ts';
import { deferredStore } from './app/deferred-store.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter, createRoutes } from './app/router.tsx';
import { signedInHeaderCode } from './app/screens.ts';
import { retrying } from './lib/lazy-retry.ts';
import { SESSION_HINT_METRIC } from '../contract/page-hints.ts';

// The server's word on this page load: was a session cookie sent? Signed out ('0'): no probe.
const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
// Older browsers have no serverTiming: no hint, the identity is asked as before.
const timings: readonly PerformanceServerTiming[] = navigation?.serverTiming ?? [];
const sessionHint = timings.find((e) => e.name === SESSION_HINT_METRIC)?.description;
const signedOut = sessionHint === '0';
/*
 * Redux Toolkit and RTK Query load after the entry (decision 026), with the signed-in header that
 * needs them. The pages that use them wait for them (their routes' lazy parts); the landing page
 * hydrates without them and asks for them after its first paint.
 */
const loadStore = retrying(async () => {
  const [{ bootStore }] = await Promise.all([import('./app/store-boot.ts'), signedInHeaderCode.load()]);
  return bootStore;
});
const store = deferredStore(signedOut ? anonymous : unknownIdentity, async (preloaded) => (await loadStore())(preloaded));
// Someone may be signed in: load the store at once and ask who (bootStore), beside the page's code.
if (!signedOut) void store.ready();
// A session cookie came with this page load: the exam's access check need not wait for the probe (decision 030).
const routes = createRoutes(store.ready, { sessionSent: sessionHint === '1' });

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
  // The prerendered page shows a visitor whose identity is not known yet (src/prerender.tsx):
  // hydration renders that, even when the identity probe has already answered.
  const hydrationState = prerendered ? { ...store.store.getState(), auth: unknownIdentity } : undefined;
  const app = (
    <StrictMode>
      <AppProviders store={store.store} storeReady={store.ready} hydrationState={hydrationState}>
        <RouterProvider router={createAppRouter(routes)} />
      </AppProviders>
    </StrictMode>
  );
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start(root);
