import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import os from 'node:os';
import path from 'node:path';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { chromiumArgs, chromiumPath } from './tests/chromium.ts';

const root = import.meta.dirname;

/**
 * Every test project of `npm test` (except the browser journeys in vitest.e2e.config.ts).
 * The server suite runs once on PGlite and, when TEST_DATABASE_URL is set, once more on PostgreSQL.
 */
const serverProjects = [
  { name: 'server-pglite', env: { TEST_DB: 'pglite' } },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'server-postgres', env: { TEST_DB: 'postgres' } }] : []),
].map(({ name, env }) => ({
  extends: true as const,
  test: {
    name,
    include: ['tests/server/**/*.test.ts'],
    ...(env.TEST_DB === 'pglite' ? { globalSetup: ['tests/server/pglite-image.setup.ts'] } : {}),
    environment: 'node',
    // The files share their worker's modules (each still opens its own database and app): each
    // file imported the whole server again, about 1.2 s of a worker, and ran it before V8 had
    // optimised it. Nothing of the server keeps module state a file could leave behind: its
    // caches are keyed by database (WeakMap) or hold the same static content for every file.
    isolate: false,
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
}));

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default is one worker per core minus one: a single worker on a 2-core machine, while
    // much of the suite waits on PostgreSQL and Chromium. Two keep both cores busy.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'machines/**/*.test.ts',
            'contract/**/*.test.ts',
            'tests/machines/**/*.test.ts',
            'tests/unit/**/*.test.ts',
            'tests/content/**/*.test.ts',
            'src/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      ...serverProjects,
      {
        extends: true,
        test: {
          name: 'components',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          // Vitest's 5 s is the same as one waitFor's (tests/setup/jsdom.ts), so a test with a render
          // and a wait was cut off on a loaded machine: the landing screen's test, 0.5 s alone, took
          // 5.4 s with the suite beside two browser journeys.
          testTimeout: 20_000,
          setupFiles: ['tests/setup/jsdom.ts'],
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: path.join(root, '.storybook') })],
        test: {
          name: 'stories',
          // A play function waits up to 10 s per step (preview.tsx); the 15 s default cut a slow one off.
          testTimeout: 45_000,
          // The story files share one page's modules, as each file's stories already did (every
          // story renders with a fresh store and its own request handlers): each file waited about
          // 2.5 s to load the preview and its module graph again, on an idle CPU.
          isolate: false,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs } }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
