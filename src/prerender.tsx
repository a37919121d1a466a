/**
 * Build-time rendering of the public entry pages (landing, login, register) to HTML, so a phone
 * paints them before any JavaScript has arrived (DESIGN section 8; decision 020). Built by
 * scripts/prerender.ts with `vite build --ssr`; never shipped to the browser.
 *
 * The pages render as a signed-out visitor whose identity is not known yet, which is exactly what
 * the browser renders first, so hydration matches; the identity probe and the site settings then
 * load as on any other visit.
 */
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers.tsx';
import { PRERENDERED_PATHS } from './app/prerendered.ts';
import { createRoutes } from './app/router.tsx';
import { makeStore } from './app/store.ts';

export { PRERENDERED_PATHS };

/** The page at `path` as the HTML that goes inside #root. */
export async function render(path: string): Promise<string> {
  const store = makeStore();
  const handler = createStaticHandler(createRoutes(() => Promise.resolve(store)));
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`prerender ${path}: the router answered a redirect`);
  if (context.errors) throw new Error(`prerender ${path}: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // prerender (not renderToString) waits for lazy parts such as the toast container, so no
  // Suspense boundary is left for the browser to redo.
  const { prelude } = await prerender(
    <AppProviders store={store}>
      {/* No inline hydration script: the page's CSP allows scripts from the origin only. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
  return new Response(prelude).text();
}
