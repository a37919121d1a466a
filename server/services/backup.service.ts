import { randomBytes } from 'node:crypto';
import { embeddedDatabaseDir } from '../config.ts';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is, sql } from 'drizzle-orm';
import { loadPostgres, type Database, type Db } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { onFirstUse } from '../first-use.ts';

const loadTar = onFirstUse(() => import('tar'));

/** In DATA_DIR: where the running server says how `npm run backup` reaches it (address and token). */
export const BACKUP_ENDPOINT_FILE = 'backup.json';

/** Bumped when the snapshot layout changes; restore refuses a format it does not know. */
export const BACKUP_FORMAT = 1;

interface Manifest {
  format: number;
  createdAt: string;
  driver: Database['driver'];
  tables: { name: string; rows: number }[];
  uploads: number;
}

/**
 * Every table of the schema, parents before children (by their foreign keys), so a restore can
 * insert them in this order with every constraint on.
 */
export function tablesInRestoreOrder(): string[] {
  const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
  const deps = new Map<string, Set<string>>();
  for (const table of tables) {
    const config = getTableConfig(table);
    deps.set(
      config.name,
      new Set(config.foreignKeys.map((fk) => getTableConfig(fk.reference().foreignTable).name).filter((n) => n !== config.name)),
    );
  }
  const order: string[] = [];
  const visit = (name: string, path: string[] = []) => {
    if (order.includes(name)) return;
    if (path.includes(name)) throw new Error(`Foreign keys form a cycle: ${[...path, name].join(' -> ')}`);
    for (const dep of deps.get(name) ?? []) visit(dep, [...path, name]);
    order.push(name);
  };
  for (const name of [...deps.keys()].sort()) visit(name);
  return order;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function rowsOf(db: Db, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/**
 * Writes one consistent snapshot (every table read in one repeatable-read transaction, then the
 * uploads those rows name) as a .tar.gz into `dir`; returns its path. Runs inside the server, which
 * holds the embedded database open (docs/decisions/013).
 */
export async function createSnapshot(database: Database, uploadsDir: string, dir: string): Promise<string> {
  const stage = await mkdtemp(path.join(tmpdir(), 'toefl-backup-'));
  try {
    await mkdir(path.join(stage, 'tables'));
    const tables: Manifest['tables'] = [];
    await database.db.transaction(
      async (tx) => {
        for (const name of tablesInRestoreOrder()) {
          const [row] = await rowsOf(tx, sql.raw(`select coalesce(json_agg(t), '[]'::json)::text as data from ${quoted(name)} t`));
          const data = typeof row?.data === 'string' ? row.data : '[]';
          await writeFile(path.join(stage, 'tables', `${name}.json`), data);
          tables.push({ name, rows: (JSON.parse(data) as unknown[]).length });
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    // Uploads are written before their row commits and removed after it: every file the snapshot's
    // rows name exists now unless deleted since; a missing one is reported by the restore.
    const uploads = await listFiles(uploadsDir);
    if (uploads.length > 0) await cp(uploadsDir, path.join(stage, 'uploads'), { recursive: true });
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      driver: database.driver,
      tables,
      uploads: uploads.length,
    };
    await writeFile(path.join(stage, 'manifest.json'), JSON.stringify(manifest, null, 2));
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `backup-${manifest.createdAt.replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.tar.gz`);
    const tar = await loadTar();
    await tar.create({ gzip: true, cwd: stage, file, portable: true }, await readdir(stage));
    return file;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

async function listFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
}

export class RestoreRefused extends Error {}

/** The target must be empty: a restore never merges into or overwrites a live database. */
export async function assertEmptyTarget(target: { dataDir: string; databaseUrl?: string | undefined }): Promise<void> {
  const uploads = await listFiles(path.join(target.dataDir, 'uploads'));
  if (uploads.length > 0) {
    throw new RestoreRefused(
      `Folder unggahan ${path.join(target.dataDir, 'uploads')} tidak kosong. Pulihkan hanya ke DATA_DIR yang kosong.`,
    );
  }
  if (!target.databaseUrl) {
    const dbDir = embeddedDatabaseDir(target.dataDir);
    const entries = await readdir(dbDir).catch(() => []);
    if (entries.length > 0) throw new RestoreRefused(`Basis data di ${dbDir} tidak kosong. Pulihkan hanya ke DATA_DIR yang kosong.`);
    return;
  }
  // Checked before anything (migrations included) touches the target.
  const { pg } = await loadPostgres();
  const client = new pg.Client({ connectionString: target.databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')",
    );
    if (Number(rows[0]?.n ?? 0) > 0) {
      throw new RestoreRefused('Basis data PostgreSQL tujuan tidak kosong (sudah berisi tabel). Pulihkan hanya ke basis data yang kosong.');
    }
  } finally {
    await client.end();
  }
}

/**
 * Brings a snapshot back: the target database gets every migration (openDatabase), then every
 * table's rows in one transaction, parents first, and its id sequences moved past the restored
 * ids; the uploads go to `uploadsDir`. Call `assertEmptyTarget` first.
 */
export async function restoreSnapshot(file: string, database: Database, uploadsDir: string): Promise<Manifest> {
  const stage = await mkdtemp(path.join(tmpdir(), 'toefl-restore-'));
  try {
    const tar = await loadTar();
    await tar.extract({ file, cwd: stage });
    const manifest = JSON.parse(await readFile(path.join(stage, 'manifest.json'), 'utf8')) as Manifest;
    if (manifest.format !== BACKUP_FORMAT) throw new RestoreRefused(`Format cadangan ${manifest.format} tidak dikenal oleh versi ini.`);
    const known = new Set(tablesInRestoreOrder());
    await database.db.transaction(async (tx) => {
      for (const name of tablesInRestoreOrder()) {
        const fileName = path.join(stage, 'tables', `${name}.json`);
        const data = await readFile(fileName, 'utf8').catch(() => '[]');
        if (data === '[]') continue;
        const table = sql.raw(quoted(name));
        await tx.execute(sql`insert into ${table} select * from json_populate_recordset(null::${table}, ${data}::json)`);
      }
      const serials = await rowsOf(
        tx,
        sql`select table_name, column_name from information_schema.columns where table_schema = 'public' and column_default like 'nextval(%'`,
      );
      for (const { table_name: table, column_name: column } of serials as { table_name: string; column_name: string }[]) {
        if (!known.has(table)) continue;
        await tx.execute(
          sql.raw(
            `select setval(pg_get_serial_sequence('${quoted(table)}', '${column}'), coalesce(max(${quoted(column)}), 1), max(${quoted(column)}) is not null) from ${quoted(table)}`,
          ),
        );
      }
    });
    const uploads = path.join(stage, 'uploads');
    if ((await listFiles(uploads)).length > 0) {
      await mkdir(uploadsDir, { recursive: true });
      await cp(uploads, uploadsDir, { recursive: true });
    }
    return manifest;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}
