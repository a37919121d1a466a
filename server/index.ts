/**
 * The server's entry. The embedded database's thread is started first, so it opens (WebAssembly,
 * the data directory, the migrations check) while the rest of the server's modules load: a
 * restart is ready in the time of the longer of the two, not their sum (DESIGN section 8 budgets
 * 1.5 s).
 */
import cluster from 'node:cluster';
import { ConfigError, embeddedDatabaseDir, loadConfig, type Config } from './config.ts';
import { PgliteThread } from './db/pglite-thread.ts';
import { migrationsDir } from './paths.ts';

function fail(err: unknown): never {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('Server gagal dijalankan:', err);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  fail(err);
}
const pglite =
  !config.databaseUrl && cluster.isPrimary ? PgliteThread.open({ dataDir: embeddedDatabaseDir(config.dataDir), migrationsDir }) : undefined;
// Reported by buildApp, which awaits it; not an unhandled rejection while the modules still load.
pglite?.catch(() => undefined);
const { main } = await import('./main.ts');
await main(config, pglite).catch(fail);
