/**
 * Creates and migrates a new cluster in DATA_DIR, as its own process: creating one (initdb) takes
 * about 600 MB of WebAssembly memory, which a process gives back when it ends and a thread does
 * not (pglite-thread.ts starts this). Arguments: the data directory, the migrations folder.
 */
import { openPglite } from './pglite-open.ts';

const [dataDir, migrationsDir] = process.argv.slice(2);
if (!dataDir || !migrationsDir) throw new Error('usage: pglite-init <dataDir> <migrationsDir>');
await (await openPglite({ dataDir, migrationsDir })).close();
