import pg from 'pg';
import { CHANGE_CHANNELS, type ChangeChannel } from './pglite-protocol.ts';

type Listener = (channel: ChangeChannel, payload: string) => void;

/** Resolves after the I/O callbacks of the event loop's current turn (setImmediate's check phase). */
const endOfTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The listening connection's name in pg_stat_activity. */
export const PG_CHANGES_APPLICATION = 'toefl-change-notices';

/** Where a sync point comes back: the connection notifies itself and waits to hear it. */
export const SYNC_CHANNEL = 'toefl_sync';

/** A sync point not heard back within this counts as a lost connection. */
const SYNC_TIMEOUT_MS = 2_000;
/** Pause before connecting again after a loss. */
const RETRY_MS = 1_000;
/** A sync point at least this often, so a silently dead connection is found while idle. */
const HEARTBEAT_MS = 5_000;

/**
 * PostgreSQL's change notices (migrations 0012 and 0013) heard on one connection of their own
 * (docs/decisions/027-postgres-told-of-changes.md).
 *
 * Notifications arrive in commit order, just after the writer's commit. `barrier()` is what makes a
 * kept answer exact across processes: this connection notifies itself and waits to hear it, and
 * since that sync commits after every commit acknowledged before the call, all their notices have
 * been heard when the sync is. A sync is sent at the end of the event loop's turn, so the barriers
 * asked for in one turn share it; those asked for while it is on its way share the next one. A
 * burst of requests costs one or two syncs, not one each.
 *
 * While the connection is down (or not yet proven to deliver), `live()` is false and every
 * listener has been told `*`: nothing may be kept from a database that cannot tell.
 */
export class PgChangeListener {
  private client: pg.Client | null = null;
  private isLive = false;
  private closed = false;
  private readonly listeners = new Set<Listener>();
  private syncSeq = 0;
  private readonly pendingSyncs = new Map<string, { resolve: () => void; reject: (err: Error) => void }>();
  private waiting: { promise: Promise<void>; resolve: () => void } | null = null;
  private syncing = false;
  private readonly heartbeat: NodeJS.Timeout;
  private retry: NodeJS.Timeout | null = null;
  private readonly onLive = new Set<() => void>();

  constructor(private readonly url: string) {
    this.heartbeat = setInterval(() => {
      if (this.isLive && !this.syncing) void this.barrier();
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
    void this.connect();
  }

  live(): boolean {
    return this.isLive;
  }

  /** Resolves when first live, or after `timeoutMs` (a server starts even where LISTEN cannot work). */
  whenLive(timeoutMs: number): Promise<boolean> {
    if (this.isLive) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.onLive.delete(done);
        resolve(false);
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.onLive.add(done);
    });
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Resolves once every notice committed before the call has been heard (or at once when not
   * live: then nothing is kept, so nothing needs waiting for).
   */
  barrier(): Promise<void> {
    if (!this.isLive) return Promise.resolve();
    if (this.waiting) return this.waiting.promise;
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    this.waiting = { promise, resolve };
    if (!this.syncing) void this.runSyncs();
    return promise;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.drop();
    await client?.end().catch(() => undefined);
  }

  private async runSyncs(): Promise<void> {
    this.syncing = true;
    // Each sync goes out at the end of the event loop's turn, not at the first call that asks:
    // the requests read in the same turn share it. Sent at once, a sync served 1.9 requests at 10
    // connections, and each sync's write to PostgreSQL cost the HTTP thread more than a response.
    await endOfTurn();
    while (this.waiting && this.isLive && this.client) {
      const batch = this.waiting;
      this.waiting = null;
      const client = this.client;
      try {
        await this.syncOnce(client);
      } catch {
        this.lost(client);
      }
      batch.resolve();
      await endOfTurn();
    }
    this.waiting?.resolve();
    this.waiting = null;
    this.syncing = false;
  }

  private syncOnce(client: pg.Client): Promise<void> {
    const token = String(++this.syncSeq);
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pendingSyncs.delete(token);
        reject(new Error('change notices: sync point not heard back'));
      }, SYNC_TIMEOUT_MS);
      const settle = (err?: Error) => {
        clearTimeout(timer);
        this.pendingSyncs.delete(token);
        if (err) reject(err);
        else resolve();
      };
      this.pendingSyncs.set(token, { resolve: () => settle(), reject: settle });
      // The simple protocol: one message and no parse, where a parameterised call takes five.
      client.query(`notify ${SYNC_CHANNEL}, '${token}'`).catch((err: Error) => settle(err));
    });
  }

  private async connect(): Promise<void> {
    this.retry = null;
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      application_name: PG_CHANGES_APPLICATION,
    });
    client.on('notification', (msg) => {
      if (client !== this.client) return;
      if (msg.channel === SYNC_CHANNEL) this.pendingSyncs.get(msg.payload ?? '')?.resolve();
      else if ((CHANGE_CHANNELS as readonly string[]).includes(msg.channel)) this.tell(msg.channel as ChangeChannel, msg.payload ?? '');
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    // The connection being opened is the current one: a late event of an earlier one is ignored.
    this.client = client;
    try {
      await client.connect();
      if (this.closed) {
        await client.end();
        return;
      }
      await client.query([SYNC_CHANNEL, ...CHANGE_CHANNELS].map((c) => `listen ${c}`).join('; '));
      // Proven to deliver (a pooler in transaction mode would accept LISTEN and deliver nothing).
      await this.syncOnce(client);
      if (this.client !== client) return;
      // Anything read while not listening may have missed a change: forget it before going live.
      this.tellAll();
      this.isLive = true;
      for (const done of this.onLive) done();
      this.onLive.clear();
    } catch {
      this.lost(client);
    }
  }

  private lost(client: pg.Client): void {
    if (client !== this.client) return;
    this.drop();
    void client.end().catch(() => undefined);
    if (!this.closed) {
      this.retry = setTimeout(() => void this.connect(), RETRY_MS);
      this.retry.unref();
    }
  }

  private drop(): void {
    this.client = null;
    const wasLive = this.isLive;
    this.isLive = false;
    for (const pending of this.pendingSyncs.values()) pending.reject(new Error('change notices: connection lost'));
    this.pendingSyncs.clear();
    if (wasLive) this.tellAll();
  }

  private tellAll(): void {
    this.tell('exam_guard', '*');
    this.tell('paket_list', '');
    this.tell('soal_content', '');
  }

  private tell(channel: ChangeChannel, payload: string): void {
    for (const listener of this.listeners) listener(channel, payload);
  }
}
