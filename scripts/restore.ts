/**
 * npm run restore FILE: brings a snapshot of npm run backup back into an empty DATA_DIR (embedded
 * database) or an empty PostgreSQL database (DATABASE_URL). Refuses a target that holds data.
 */
import path from 'node:path';
import { embeddedDatabaseDir, loadConfig } from '../server/config.ts';
import { openDatabase, type DatabaseTarget } from '../server/db/client.ts';
import { assertEmptyTarget, restoreSnapshot } from '../server/services/backup.service.ts';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error('Pemakaian: npm run restore FILE (berkas .tar.gz dari npm run backup)');
  const config = loadConfig();
  const target: DatabaseTarget = config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: embeddedDatabaseDir(config.dataDir) };
  await assertEmptyTarget({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const database = await openDatabase(target);
  try {
    const manifest = await restoreSnapshot(path.resolve(file), database, path.join(config.dataDir, 'uploads'));
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
    console.info(`Dipulihkan dari cadangan ${manifest.createdAt}: ${rows} baris, ${manifest.uploads} berkas unggahan.`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
