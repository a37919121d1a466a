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

export default defineConfig({
  plugins: [react(), scrollAreaWithoutFloatingUi],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: { outDir: 'dist/client', emptyOutDir: true },
});
