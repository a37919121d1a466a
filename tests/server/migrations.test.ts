import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../../server/paths.ts';
import { createPostgresDatabase, testDb } from './helpers.ts';

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}
const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as Journal;

/** What a database's schema is made of, in a stable order: columns, triggers and the version rows. */
type Fingerprint = string[];
type Query = (text: string) => Promise<Record<string, unknown>[]>;

async function fingerprint(query: Query): Promise<Fingerprint> {
  const columns = await query(
    `select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
     where table_schema = 'public' order by table_name, column_name`,
  );
  const triggers = await query(
    `select event_object_table, trigger_name, event_manipulation from information_schema.triggers
     where trigger_schema = 'public' order by 1, 2, 3`,
  );
  const indexes = await query(`select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`);
  // The version rows the migrations insert (their epoch is random per database: only counted).
  const versions = await query(
    `select table_name from information_schema.tables where table_schema = 'public' and table_name like '%\\_version' order by 1`,
  );
  const rows = [];
  for (const { table_name } of versions)
    rows.push(...(await query(`select '${String(table_name)}' as t, count(*)::int as n from "${String(table_name)}"`)));
  return [...columns, ...triggers, ...indexes, ...rows].map((r) => JSON.stringify(r));
}

/** A migrations folder holding the first `count` migrations, as a release that shipped them had it. */
function folderWith(count: number, entries = journal.entries): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toefl-migrations-'));
  cpSync(migrationsDir, dir, { recursive: true });
  writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: entries.slice(0, count) }));
  return dir;
}

/** Migrates with each folder in turn, then removes them. */
async function migrateThrough(migrate: (folder: string) => Promise<void>, folders: string[]): Promise<void> {
  for (const folder of folders) {
    try {
      await migrate(folder);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

/** A new empty database of the suite's kind: its migrator and a raw query. */
async function emptyDatabase(): Promise<{ migrate: (folder: string) => Promise<void>; query: Query }> {
  if (testDb === 'postgres') {
    const created = await createPostgresDatabase();
    const client = new pg.Client({ connectionString: created.url });
    await client.connect();
    cleanups.push(async () => {
      await client.end();
      await created.drop();
    });
    return {
      migrate: (folder) => migratePg(drizzlePg(client), { migrationsFolder: folder }),
      query: async (text) => (await client.query(text)).rows as Record<string, unknown>[],
    };
  }
  const db = new PGlite();
  cleanups.push(() => db.close());
  return {
    migrate: (folder) => migratePglite(drizzlePglite(db), { migrationsFolder: folder }),
    query: async (text) => (await db.query<Record<string, unknown>>(text)).rows,
  };
}

describe('migrations', () => {
  it('are journaled in order: each instant after the one before (drizzle applies only what is newer than the newest recorded)', () => {
    const order = journal.entries.map((e) => e.idx);
    expect(order).toEqual(order.map((_, i) => i));
    for (let i = 1; i < journal.entries.length; i++) {
      expect(journal.entries[i]!.when, journal.entries[i]!.tag).toBeGreaterThan(journal.entries[i - 1]!.when);
    }
  });

  it('a database upgraded release by release ends with the schema of a new one', { timeout: 120_000 }, async () => {
    const fresh = await emptyDatabase();
    const all = folderWith(journal.entries.length);
    await fresh.migrate(all);

    const upgraded = await emptyDatabase();
    await migrateThrough(
      upgraded.migrate,
      journal.entries.map((_, i) => folderWith(i + 1)),
    );
    // A database that recorded 0014_proof_grid under its first instant, earlier than 0013's.
    const early = await emptyDatabase();
    const firstJournal = journal.entries.map((e) => (e.tag === '0014_proof_grid' ? { ...e, when: 1795791946557 } : e));
    await migrateThrough(early.migrate, [folderWith(15, firstJournal), folderWith(journal.entries.length)]);

    rmSync(all, { recursive: true, force: true });
    const expected = await fingerprint(fresh.query);
    expect(await fingerprint(upgraded.query)).toEqual(expected);
    expect(await fingerprint(early.query)).toEqual(expected);
  });
});
