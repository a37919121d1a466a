import { defineConfig } from 'vite';
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

export default defineConfig({
  plugins: [react()],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: { outDir: 'dist/client', emptyOutDir: true },
});
