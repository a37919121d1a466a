import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { onFirstUse } from '../first-use.ts';
import { migrationsDir } from '../paths.ts';
import type { ChangeChannel } from './pglite-protocol.ts';
import { PgliteThread } from './pglite-thread.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The driver-neutral Drizzle handle every service takes. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /**
   * Database calls waiting their turn: PGlite's queue (it runs one at a time) or the requests
   * waiting for a pooled PostgreSQL connection. Load shedding reads it (server/plugins/overload.ts).
   */
  queueDepth(): number;
  /**
   * PGlite only: how long a call joining the queue now would wait, in ms: the calls waiting times
   * the recent time per call while the database was busy. The door sheds by it (decision 024), so
   * a slower machine or heavier calls shorten the queue a request may join.
   */
  expectedWaitMs?: () => number;
  /**
   * Above this many waiting calls PGlite refuses a new one with DatabaseBusyError (a 503) instead
   * of queueing it without bound; buildApp sets it from the config. PostgreSQL's pool bounds the
   * wait by its acquire timeout instead.
   */
  queueLimit: number;
  /**
   * Statements (not counting begin/commit) sent through Drizzle since the start, background work's
   * (`inBackground`) left out: tests count the queries of one call.
   */
  readonly queryCount: number;
  /** The statements of background work, counted in the same way. */
  readonly backgroundQueryCount: number;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Subscribes to the change notices of migrations 0012 and 0013 (pglite-protocol.ts). PGlite
   * delivers each before the reply of the write that sent it (decision 024); PostgreSQL on a
   * listening connection of its own, just after the writer's commit (decision 027).
   */
  changes: (listener: (channel: ChangeChannel, payload: string) => void) => () => void;
  /**
   * Whether the notices are being heard now. While false (PostgreSQL's listening connection down
   * or not yet proven), nothing may be kept from the database; every subscriber was told `*`.
   */
  changesLive: () => boolean;
  /**
   * PostgreSQL only: resolves once every notice committed before the call has been heard. A kept
   * answer is served only after it, so it is exact across processes (decision 027). PGlite needs
   * none: its notices come before the replies of the writes that sent them.
   */
  changesHeard?: () => Promise<void>;
  /** PGlite only: an image of the whole data directory, which `from` starts a new database from. */
  image?: () => Promise<Blob>;
}

const callWeights = new WeakMap<Db, (extra: number) => void>();
const lanes = new WeakMap<Db, number>();

/**
 * How many statements of one kind may usefully run at once (decision 028): one on the embedded
 * database, which runs one at a time; half the pool on PostgreSQL, leaving the rest to other calls.
 */
export function parallelStatements(db: Db): number {
  return lanes.get(db) ?? 1;
}

/**
 * Tells the embedded database's wait estimate (`expectedWaitMs`) that the statement just completed
 * served `requests` requests, not one (decision 028). PostgreSQL keeps no such estimate.
 */
export function countServedRequests(db: Db, requests: number): void {
  if (requests > 1) callWeights.get(db)?.(requests - 1);
}

/** A call refused because the database queue is full: the client is told to repeat later (503). */
export class DatabaseBusyError extends Error {
  readonly code = 'DATABASE_BUSY';
  constructor() {
    super('database queue full');
    this.name = 'DatabaseBusyError';
  }
}

/** Any fixed number: serialises migrations when several app instances start against one server. */
const MIGRATION_LOCK = 7_311_442;

export type DatabaseTarget =
  /** `from`: a data directory image (from `dumpDataDir`) to start in memory from instead of an empty cluster. */
  | {
      kind: 'pglite';
      dataDir?: string | undefined;
      from?: Blob;
      /** The thread serving `dataDir`, already starting (server/index.ts); opened here otherwise. */
      thread?: Promise<PgliteThread> | undefined;
    }
  | { kind: 'postgres'; url: string; poolMax?: number };

const background = new AsyncLocalStorage<true>();

/**
 * PostgreSQL's driver, its Drizzle side and the change listener: a start on PGlite imports none of
 * them. The backup's check of an empty target takes its driver from here too.
 */
export const loadPostgres = onFirstUse(async () => {
  const [pg, drizzle, migrator, changes] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
    import('./pg-changes.ts'),
  ]);
  return { pg: pg.default, drizzlePg: drizzle.drizzle, migratePg: migrator.migrate, PgChangeListener: changes.PgChangeListener };
});

/**
 * Runs work no request waits for (the learning records' writer, decision 023): its statements are
 * left out of `queryCount`, which then counts what requests send, whenever the work runs.
 */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

/** Opens the database and applies every pending migration (DESIGN section 2: migrations run at start). */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  // Transaction control is left out: node-postgres sends it as statements, PGlite does not.
  const counter = {
    count: 0,
    background: 0,
    logQuery: (query: string) => {
      if (/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(query)) return;
      if (background.getStore() === undefined) counter.count += 1;
      else counter.background += 1;
    },
  };
  if (target.kind === 'pglite') {
    // The database runs on its own thread (decision 022) and applies the migrations there.
    const client = await (target.thread ??
      PgliteThread.open({
        dataDir: target.dataDir,
        image: target.from ? await target.from.arrayBuffer() : undefined,
        migrationsDir,
      }));
    // PGlite runs one statement or transaction at a time and queues the rest; counting the calls
    // in flight is what lets an overloaded process refuse work instead of stalling for minutes.
    let waiting = 0;
    // The time per call: wall time while calls were in flight (the one database thread runs them
    // back to back then) over the calls completed in it; idle time between calls is not counted.
    // Replies arrive in batches, so single gaps mean nothing; the sums do. Halved every 200 calls,
    // so the figure follows the recent load.
    let busyMs = 0;
    let busyCalls = 0;
    let lastDone = 0;
    let busySince = 0;
    const bounded = async <R>(run: () => Promise<R>): Promise<R> => {
      if (waiting >= database.queueLimit) throw new DatabaseBusyError();
      if (waiting === 0) busySince = performance.now();
      waiting += 1;
      try {
        return await run();
      } finally {
        waiting -= 1;
        const now = performance.now();
        busyMs += now - Math.max(lastDone, busySince);
        busyCalls += 1;
        halveOld();
        lastDone = now;
      }
    };
    const halveOld = () => {
      if (busyCalls >= 200) {
        busyMs /= 2;
        busyCalls /= 2;
      }
    };
    const query = client.query.bind(client);
    const transaction = client.transaction.bind(client);
    client.query = (...args: Parameters<typeof query>) => bounded(() => query(...args));
    client.transaction = ((...args: Parameters<typeof transaction>) => bounded(() => transaction(...args))) as typeof client.transaction;
    const db = drizzlePglite(client as unknown as PGlite, { schema, logger: counter }) as unknown as Db;
    // A statement that served several requests (decision 028) counts as that many calls: its time
    // is theirs, and one long batch would otherwise read as every waiting call being that long.
    callWeights.set(db, (extra) => {
      busyCalls += extra;
      halveOld();
    });
    const database: Database = {
      db,
      driver: 'pglite',
      queueDepth: () => waiting,
      expectedWaitMs: () => (busyCalls === 0 ? 0 : (waiting * busyMs) / busyCalls),
      queueLimit: Number.POSITIVE_INFINITY,
      get queryCount() {
        return counter.count;
      },
      get backgroundQueryCount() {
        return counter.background;
      },
      ping: async () => {
        await client.query('select 1');
      },
      close: () => client.close(),
      changes: (listener) => client.onNotice(listener),
      // One process, one session, every write seen; a lost thread sends `*`.
      changesLive: () => true,
      image: () => client.dumpDataDir(),
    };
    return database;
  }

  const { pg, drizzlePg, PgChangeListener } = await loadPostgres();
  await migrateWithLock(target.url);
  const poolMax = target.poolMax ?? 20;
  const pool = new pg.Pool({
    connectionString: target.url,
    max: poolMax,
    connectionTimeoutMillis: 5_000,
  });
  // A dropped server connection surfaces here; without a listener it would crash the process.
  pool.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
  const listener = new PgChangeListener(target.url);
  // Usually live in a few milliseconds; without it the server still starts and keeps nothing.
  if (!(await listener.whenLive(3_000))) console.error('PostgreSQL change notices not heard yet: nothing is kept in memory until they are');
  const db = drizzlePg(pool, { schema, logger: counter }) as unknown as Db;
  lanes.set(db, Math.max(1, Math.floor(poolMax / 2)));
  return {
    db,
    driver: 'postgres',
    queueDepth: () => pool.waitingCount,
    queueLimit: Number.POSITIVE_INFINITY,
    get queryCount() {
      return counter.count;
    },
    get backgroundQueryCount() {
      return counter.background;
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await listener.close();
      await pool.end();
    },
    changes: (onChange) => listener.subscribe(onChange),
    changesLive: () => listener.live(),
    changesHeard: () => listener.barrier(),
  };
}

async function migrateWithLock(url: string): Promise<void> {
  const { pg, drizzlePg, migratePg } = await loadPostgres();
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
