import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * The version tables of migrations 0010 and 0015: one row each, bumped by triggers in the same
 * transaction as every change they cover; the epoch differs per database, so a version seen before
 * a restore never names other content.
 */
export type VersionTable = 'paket_list_version' | 'soal_content_version';

export async function versionRow(db: Db, table: VersionTable): Promise<{ version: string; epoch: string }> {
  // Both drivers answer a raw statement as `{ rows }`.
  const result: unknown = await db.execute(sql`select version, epoch from ${sql.identifier(table)} where id = 1`);
  const row = (result as { rows: { version: string | number; epoch: string }[] }).rows[0];
  if (!row) throw new Error(`${table} has no row`);
  return { version: String(row.version), epoch: row.epoch };
}
