import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { listPublicPaket } from './paket.service.ts';

/**
 * The public package list, cached exactly (docs/decisions/017-capacity-load-shedding-and-exact-caches.md). The
 * database owns the invalidation: a trigger bumps `paket_list_version` in the same transaction as
 * every change to paket_soal (admin edits, archive and restore, siap changes, import, clone,
 * deletion), whichever instance makes it. Each request costs one primary-key read of that row;
 * the list itself is read and serialised once per version.
 */
export interface PaketListAnswer {
  etag: string;
  /** The serialised `{ data }` answer. */
  body: string;
}

type VersionRow = { version: string | number; epoch: string };

const etagOf = (row: VersionRow) => `W/"paket-${row.epoch}-${row.version}"`;

async function currentVersion(db: Db): Promise<VersionRow> {
  // Both drivers answer a raw statement as `{ rows }`.
  const result: unknown = await db.execute(sql`select version, epoch from paket_list_version where id = 1`);
  const row = (result as { rows: VersionRow[] }).rows[0];
  if (!row) throw new Error('paket_list_version has no row');
  return row;
}

export class PaketListCache {
  private cached: PaketListAnswer | undefined;

  /** The ETag of the list as it is now (one small query). */
  async etag(db: Db): Promise<string> {
    return etagOf(await currentVersion(db));
  }

  async answer(db: Db): Promise<PaketListAnswer> {
    const etag = await this.etag(db);
    if (this.cached?.etag === etag) return this.cached;
    // Version and rows from one snapshot, so a change committing in between cannot pair an old
    // list with the new version (which would then be served until the next change).
    const fresh = await db.transaction(
      async (tx) => {
        const version = await currentVersion(tx);
        const data = await listPublicPaket(tx);
        return { etag: etagOf(version), body: JSON.stringify({ data }) };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    this.cached = fresh;
    return fresh;
  }
}

/** True when an If-None-Match header names this ETag (weak comparison, as for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}
