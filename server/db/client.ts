import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The driver-neutral Drizzle handle every service takes. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Any fixed number: serialises migrations when several app instances start against one server. */
const MIGRATION_LOCK = 7_311_442;

export type DatabaseTarget = { kind: 'pglite'; dataDir?: string | undefined } | { kind: 'postgres'; url: string; poolMax?: number };

/** Opens the database and applies every pending migration (DESIGN section 2: migrations run at start). */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'pglite') {
    // PGlite does not create missing parent folders (STACK-NOTES).
    if (target.dataDir) await mkdir(path.dirname(target.dataDir), { recursive: true });
    const client = target.dataDir ? new PGlite(target.dataDir) : new PGlite();
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsDir });
    return {
      db,
      driver: 'pglite',
      ping: async () => {
        await client.query('select 1');
      },
      close: () => client.close(),
    };
  }

  await migrateWithLock(target.url);
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolMax ?? 20,
    connectionTimeoutMillis: 5_000,
  });
  // A dropped server connection surfaces here; without a listener it would crash the process.
  pool.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

async function migrateWithLock(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsDir });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}
