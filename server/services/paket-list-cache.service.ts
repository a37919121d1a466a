import type { Db } from '../db/client.ts';
import { versionRow } from '../db/version-rows.ts';
import { ChangeNotices } from './change-notices.service.ts';
import { listPublicPaket } from './paket.service.ts';

/**
 * The public package list, cached exactly (docs/decisions/017-capacity-load-shedding-and-exact-caches.md). The
 * database owns the invalidation: a trigger bumps `paket_list_version` in the same transaction as
 * every change to paket_soal (admin edits, archive and restore, siap changes, import, clone,
 * deletion), whichever instance makes it. Each request costs one primary-key read of that row;
 * the list itself is read and serialised once per version. While the database tells this process
 * of changes (migrations 0012 and 0013, decisions 024 and 027), a request reads nothing.
 */
export interface PaketListAnswer {
  etag: string;
  /** The serialised `{ data }` answer. */
  body: string;
}

const etagOf = (row: { version: string; epoch: string }) => `W/"paket-${row.epoch}-${row.version}"`;

const currentVersion = (db: Db) => versionRow(db, 'paket_list_version');

export class PaketListCache {
  private cached: PaketListAnswer | undefined;
  /** With change notices: whether `cached` is still the list as it is. */
  private current = false;
  private readonly notices: ChangeNotices;

  /**
   * `told` and `heard`: the database's change notices (change-notices.service.ts); while told, a
   * list read once is served from memory until the next notice. Otherwise each request reads the
   * version row.
   */
  constructor(told?: () => boolean, heard?: () => Promise<void>) {
    this.notices = new ChangeNotices(told, heard);
  }

  /** A `paket_list` notice: the list changed (or the database can no longer tell). */
  changed(): void {
    this.notices.arrived();
    this.current = false;
  }

  /** The ETag of the list as it is now (one small query, or none when told of changes). */
  async etag(db: Db): Promise<string> {
    if (this.notices.live()) return (await this.answer(db)).etag;
    return etagOf(await currentVersion(db));
  }

  async answer(db: Db): Promise<PaketListAnswer> {
    if (this.notices.live()) {
      if (this.current && this.cached) await this.notices.caughtUp();
      if (this.current && this.cached) return this.cached;
      const ticket = this.notices.ticket();
      const fresh = await this.read(db);
      if (this.notices.unchangedSince(ticket)) {
        this.cached = fresh;
        this.current = true;
      }
      return fresh;
    }
    const etag = etagOf(await currentVersion(db));
    if (this.cached?.etag === etag) return this.cached;
    const fresh = await this.read(db);
    this.cached = fresh;
    return fresh;
  }

  private read(db: Db): Promise<PaketListAnswer> {
    // Version and rows from one snapshot, so a change committing in between cannot pair an old
    // list with the new version (which would then be served until the next change).
    return db.transaction(
      async (tx) => {
        const version = await currentVersion(tx);
        const data = await listPublicPaket(tx);
        return { etag: etagOf(version), body: JSON.stringify({ data }) };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }
}

/** True when an If-None-Match header names this ETag (weak comparison, as for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}
