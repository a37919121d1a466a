/**
 * Opening the embedded database, shared by the thread that serves it (pglite-worker.ts) and the
 * process that creates a new cluster (pglite-init.ts).
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { WorkerStart } from './pglite-protocol.ts';

/**
 * PGlite's own start parameters, plus a smaller buffer cache: PostgreSQL's default 128 MB sits in
 * the WebAssembly memory for good, while the operating system's file cache serves the same pages
 * and gives them back under pressure. The whole exam day's working set (sessions, attempts, the
 * package) is a few megabytes.
 */
const startParams = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  // pglite-prepared.ts writes arguments as literals, which is only exact with this on (the default).
  '-c',
  'standard_conforming_strings=on',
];

/** Opens (or creates) the database and applies every pending migration. */
export async function openPglite(start: WorkerStart): Promise<PGlite> {
  const pg = start.dataDir
    ? new PGlite(start.dataDir, { startParams })
    : new PGlite({ startParams, ...(start.image ? { loadDataDir: new Blob([start.image]) } : {}) });
  await pg.waitReady;
  await migrate(drizzle(pg), { migrationsFolder: start.migrationsDir });
  return pg;
}
