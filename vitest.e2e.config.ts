import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: each file starts the built product (`npm start` settings) on a free port with
 * a temporary DATA_DIR and drives Debian's Chromium with playwright-core. Run after `npm run build`.
 * Two files run at a time: most of a journey waits on clips, timers and polling, not on the CPU,
 * and each file has its own server and data, so two never share state.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/data-templates.setup.ts'],
    setupFiles: ['tests/e2e/explain-failures.ts'],
    environment: 'node',
    testTimeout: 120_000,
    // beforeAll starts a server, which may take up to harness.ts's 150 s on a busy machine.
    hookTimeout: 200_000,
    fileParallelism: true,
    maxWorkers: 2,
  },
});
