import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { startServer } from './harness.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** DATA_DIR folders of a first start, stopped: with the demo package and without it. */
    e2eDataTemplates: { demo: string; empty: string };
  }
}

/**
 * Vitest's global setup of the browser journeys: the built server's first start on a new DATA_DIR
 * (initdb in a child process, the migrations, the admin, the demo package and the practice bank;
 * 7-8 s, and about 600 MB for initdb) is done once per variant, and each journey's server starts
 * from a copy (about 2.5 s). The first start itself stays under test here and in practice.e2e.ts,
 * whose server starts on a folder of its own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [demo, empty] = await Promise.all([startServer({ fresh: true }), startServer({ fresh: true, env: { DEMO_CONTENT: '0' } })]);
  // Stopped cleanly, so the embedded database's files are whole when copied.
  await Promise.all([demo.stop(), empty.stop()]);
  project.provide('e2eDataTemplates', { demo: demo.dataDir, empty: empty.dataDir });
  return async () => {
    await Promise.all([rm(demo.dataDir, { recursive: true, force: true }), rm(empty.dataDir, { recursive: true, force: true })]);
  };
}
