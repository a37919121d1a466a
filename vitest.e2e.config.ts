import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: each file starts the built product (`npm start` settings) on a free port with
 * a temporary DATA_DIR and drives Debian's Chromium with playwright-core. Run after `npm run build`.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
