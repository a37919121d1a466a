import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The API runs as a separate Fastify process in development. changeOrigin stays false so the
 * forwarded Host matches the browser's Origin and the server's same-origin check accepts writes.
 */
const apiProxy = {
  '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
  // Free mini-test media and the sound-check clip, served by the API process.
  '/static': { target: 'http://127.0.0.1:3000', changeOrigin: false },
};

const MERGE_REFS = '\0scroll-area-merge-refs';

/**
 * Mantine's ScrollArea, which every Modal renders, takes a single ref-merging hook from
 * @floating-ui/react, and with it the whole positioning library (15 KB gzip) reached every page
 * with a dialog: the exam, the sign-in forms. Mantine's own useMergedRef does the same job.
 */
const scrollAreaWithoutFloatingUi: Plugin = {
  name: 'scroll-area-without-floating-ui',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === '@floating-ui/react' && importer?.includes('/@mantine/core/esm/components/ScrollArea/')) return MERGE_REFS;
    return null;
  },
  load(id) {
    if (id !== MERGE_REFS) return null;
    return "import { useMergedRef } from '@mantine/hooks';\nexport const useMergeRefs = (refs) => useMergedRef(...refs);\n";
  },
};

/**
 * The modules whose code the store brings (src/main.tsx loads them after the entry, decision 026),
 * and the exam route's early calls (`askAccessEarly`, decision 030), which its loader imports as
 * soon as the page's code runs: fetched beside the entry, they do not queue behind the route's
 * screens for one of the browser's six connections.
 */
const PRELOADED_MODULES = ['/src/app/store-boot.ts', '/src/app/SignedInHeader.tsx', '/src/features/exam/api/exam.api.ts'];

/**
 * The store's chunks are imported by the entry once it runs; a page that needs them at once (every
 * page served from index.html: the signed-in and admin pages) gets them fetched beside the entry by
 * `modulepreload` links, so the identity probe starts as early as when Redux Toolkit was part of
 * the entry. The links carry `data-store`: the prerendered landing page drops them
 * (scripts/prerender.ts), since it hydrates without the store.
 */
const storePreload: Plugin = {
  name: 'store-preload',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, ctx) {
      const { bundle, chunk: entry } = ctx;
      if (!bundle || !entry) return;
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const closure = (start: string[]) => {
        const seen = new Set<string>();
        const walk = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const i of chunks.find((c) => c.fileName === file)?.imports ?? []) walk(i);
        };
        start.forEach(walk);
        return seen;
      };
      const withEntry = closure([entry.fileName]);
      // By the modules a chunk holds: a module both imported and loaded on demand has no facade chunk.
      const roots = chunks.filter((c) => PRELOADED_MODULES.some((m) => c.moduleIds.some((id) => id.endsWith(m)))).map((c) => c.fileName);
      if (roots.length !== PRELOADED_MODULES.length)
        throw new Error(`store-preload: found ${roots.length} of ${PRELOADED_MODULES.length} preloaded chunks`);
      return [...closure(roots)]
        .filter((file) => !withEntry.has(file))
        .map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}`, 'data-store': true },
          injectTo: 'head' as const,
        }));
    },
  },
};

/**
 * Shared chunks smaller than this (in source bytes, before minification) are copied into the
 * chunks that use them instead of being fetched on their own (decision 029). Left alone, the
 * bundler gave every set of lazy routes that share a module its own file: the exam page fetched 44
 * files, most of 1-2 KB gzip, six at a time over HTTP/1.1, one round trip each on a phone's link.
 * 12 KB took it to 19 files for 3 KB more (exam 212 KB, landing 142 KB gzip); 30 KB would put the
 * landing page at 146 KB.
 */
const INLINE_SHARED_BELOW = 12_000;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), scrollAreaWithoutFloatingUi, storePreload],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // The prerender's server build (scripts/prerender.ts) keeps its entry's exports and its chunks.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          // Inlining needs it: no entry here is imported by another module, so no export is lost.
          preserveEntrySignatures: false,
          // The copies share one module registry, so a module's state (the API slice, the lazy
          // loaders) stays single; rolldown turns on strict execution order for it.
          output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: INLINE_SHARED_BELOW } } },
        },
  },
}));
