/**
 * After `vite build`: renders the public entry pages (src/app/prerendered.ts) to HTML with the
 * server build of src/prerender.tsx, inlines the CSS rules those pages use (beasties) and writes
 * dist/client/prerendered/<file> plus manifest.json, which the server reads (server/plugins/spa.ts).
 * The full stylesheet still loads, from the end of the body, so it no longer blocks the first paint.
 */
import Beasties from 'beasties';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
// The bench passes its own build's folder (scripts/bench/build.ts).
const clientDir = path.resolve(root, process.env.PRERENDER_CLIENT_DIR ?? 'dist/client');
const ssrDir = path.join(path.dirname(clientDir), 'prerender-ssr');
const outDir = path.join(clientDir, 'prerendered');
const ROOT_ELEMENT = '<div id="root"></div>';

await build({
  root,
  configFile: path.join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: { ssr: path.join(root, 'src/prerender.tsx'), outDir: ssrDir, emptyOutDir: true },
});

interface PrerenderModule {
  render: (page: string) => Promise<string>;
  PRERENDERED_PATHS: Record<string, string>;
}
const { render, PRERENDERED_PATHS } = (await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href)) as PrerenderModule;

const template = await readFile(path.join(clientDir, 'index.html'), 'utf8');
/** The store chunks' preload links (vite.config.ts, `storePreload`). */
const STORE_PRELOAD = /\s*<link rel="modulepreload"[^>]* data-store>/g;
if (!template.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
// 'body' moves the full stylesheet to the end of the body: no inline script (the CSP allows none).
const beasties = new Beasties({
  path: clientDir,
  publicPath: '/',
  preload: 'body',
  pruneSource: false,
  // Mantine's own <style> elements sit inside #root; moving or trimming them breaks hydration.
  reduceInlineStyles: false,
  logLevel: 'warn',
});

await rm(outDir, { recursive: true, force: true });
await mkdir(outDir, { recursive: true });
for (const [page, file] of Object.entries(PRERENDERED_PATHS)) {
  const body = await render(page);
  // The landing page hydrates without the store and loads it after its paint (decision 026): it
  // drops the store's preload links, which the login and register pages keep (their routes wait
  // for the store).
  const pageTemplate = page === '/' ? template.replace(STORE_PRELOAD, '') : template;
  const html = pageTemplate
    .replace(ROOT_ELEMENT, `<div id="root">${body}</div>`)
    // Mantine's provider sets this at run time; the prerendered page needs it before any script.
    .replace('<html lang="id">', '<html lang="id" data-mantine-color-scheme="light">')
    // The page is readable without its scripts; fetched at high priority they compete with the
    // page itself on a slow link (and Lighthouse counts high-priority scripts as render-blocking).
    .replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ')
    .replace('<script type="module" ', '<script type="module" fetchpriority="low" ');
  const withCss = await beasties.process(html);
  await writeFile(path.join(outDir, file), withCss);
  console.info(`prerendered ${page} -> prerendered/${file} (${(withCss.length / 1024).toFixed(1)} KB)`);
}
await writeFile(path.join(outDir, 'manifest.json'), `${JSON.stringify(PRERENDERED_PATHS, null, 2)}\n`);
await rm(ssrDir, { recursive: true, force: true });
