import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countServedRequests, openDatabase, type Database } from '../../server/db/client.ts';
import { PGlite, types } from '@electric-sql/pglite';
import { ResultParsers } from '../../server/db/pglite-parsers.ts';
import { literalArgs } from '../../server/db/pglite-prepared.ts';
import { createTestApp, testDb, type TestContext } from './helpers.ts';
import { migratedPgliteImage } from './pglite-image.ts';

/** Db is driver-neutral, so a raw statement's result is typed unknown; PGlite's has `rows`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The embedded database behind its thread, as every service sees it (decision 022). */
describe.runIf(testDb === 'pglite')('PGlite on its own thread', () => {
  let ctx: TestContext;
  let database: Database;
  beforeAll(async () => {
    ctx = await createTestApp();
    database = ctx.database;
    await database.db.execute(sql`create table thread_probe (id int primary key, note text, at timestamptz, ok boolean, doc jsonb)`);
  });
  afterAll(async () => ctx.close());

  const rows = async () =>
    rowsOf<{ id: number; note: string }>(await database.db.execute(sql`select id, note from thread_probe order by id`));

  it('commits a transaction when its callback resolves and rolls it back when it throws', async () => {
    const value = await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe (id, note) values (1, 'kept')`);
      return 'done';
    });
    expect(value).toBe('done');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe (id, note) values (2, 'dropped')`);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await rows()).toEqual([{ id: 1, note: 'kept' }]);
  });

  it('keeps a savepoint rollback inside a transaction that commits', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe (id, note) values (3, 'outer')`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`insert into thread_probe (id, note) values (4, 'inner')`);
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
    });
    expect((await rows()).map((r) => r.id)).toEqual([1, 3]);
  });

  it('passes a database error through with its code and constraint (services map 23505 to a 409)', async () => {
    const err = await database.db.execute(sql`insert into thread_probe (id, note) values (1, 'again')`).catch((e: unknown) => e);
    const cause = (err as { cause?: { code?: string; constraint?: string } }).cause;
    expect(cause).toMatchObject({ code: '23505', constraint: 'thread_probe_pkey' });
    expect(await rows()).toHaveLength(2);
  });

  it('answers the same rows from a prepared statement as from the statement sent as is', async () => {
    const at = '2026-11-26T10:00:00.000Z';
    const note = "it's a \\ quote; drop table thread_probe; --";
    await database.db.execute(
      sql`insert into thread_probe (id, note, at, ok, doc) values (10, ${note}, ${at}, ${true}, ${JSON.stringify({ a: [1, 'x'] })})`,
    );
    const read = () =>
      database.db.execute(
        sql`select id, note, at, ok, doc from thread_probe where id = ${10} and note = ${note} and ok = ${true} and at = ${at}`,
      );
    const first = rowsOf<Record<string, unknown>>(await read());
    // The third read of the same text runs through EXECUTE with the arguments as literals.
    await read();
    const third = rowsOf<Record<string, unknown>>(await read());
    expect(first).toHaveLength(1);
    expect(third).toEqual(first);
    expect(third[0]).toMatchObject({ note, ok: true, doc: { a: [1, 'x'] } });
    // Drizzle keeps timestamps as the text PostgreSQL sent; its parsers cannot cross the thread.
    expect(typeof third[0]!.at).toBe('string');
    const prepared = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from pg_prepared_statements where statement like ${'%from thread_probe where id = $1 and note = $2%'}`,
      ),
    );
    expect(prepared[0]!.n).toBe(1);
  });

  it('refuses a NUL in an argument the same way on every read, prepared or not, and runs nothing after it', async () => {
    const note = "x\0'); delete from thread_probe; --";
    const read = () => database.db.execute(sql`select id from thread_probe where note = ${note}`);
    const before = await rows();
    for (let i = 0; i < 3; i++) await expect(read()).rejects.toMatchObject({ cause: { code: '22021' } });
    expect(await rows()).toEqual(before);
  });

  it('prepares a statement seen inside transactions, and a rolled-back transaction keeps neither its rows nor a broken plan', async () => {
    const insert = (tx: Parameters<Parameters<typeof database.db.transaction>[0]>[0], id: number) =>
      tx.execute(sql`insert into thread_probe (id, note) values (${id}, ${`tx ${id}`}) returning id`);
    for (const id of [20, 21]) await database.db.transaction((tx) => insert(tx, id));
    await expect(
      database.db.transaction(async (tx) => {
        await insert(tx, 22);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const returned = await database.db.transaction((tx) => insert(tx, 23));
    expect(rowsOf<{ id: number }>(returned)).toEqual([{ id: 23 }]);
    expect((await rows()).filter((r) => r.id >= 20).map((r) => r.id)).toEqual([20, 21, 23]);
    const prepared = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from pg_prepared_statements where statement like ${'%insert into thread_probe (id, note) values ($1, $2) returning id%'}`,
      ),
    );
    expect(prepared[0]!.n).toBe(1);
  });

  it('answers every call of a burst, each with its own result', async () => {
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => database.db.execute(sql`select ${i}::int + 1 as n`)));
    expect(results.map((r) => rowsOf<{ n: number }>(r)[0]!.n)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  });

  it('counts a statement that served several requests as that many calls in its wait estimate (decision 028)', async () => {
    // A database of its own: the estimate follows the calls it has seen.
    const fresh = await openDatabase({ kind: 'pglite', from: await migratedPgliteImage() });
    try {
      const sleep = (ms: number) => fresh.db.execute(sql`select pg_sleep(${ms / 1000})`);
      for (let i = 0; i < 10; i++) await sleep(20);
      // Drizzle sends a statement when it is awaited: these two start now.
      const running = Promise.resolve(sleep(100));
      const queued = Promise.resolve(sleep(0));
      await new Promise((resolve) => setImmediate(resolve)); // both handed to the database thread
      const before = fresh.expectedWaitMs!();
      // Told that a statement served forty requests, the estimate counts its time as theirs: the
      // same queue now reads as far shorter. Read with the same two calls waiting, so how fast
      // the machine runs the statements does not enter (a loaded run read 72 ms, then 82 ms
      // when the second reading came after two more statements).
      countServedRequests(fresh.db, 40);
      const after = fresh.expectedWaitMs!();
      await Promise.all([running, queued]);
      expect(before).toBeGreaterThan(30);
      expect(after).toBeLessThan(before / 2);
    } finally {
      await fresh.close();
    }
  });

  it('makes an image that a new database starts from', async () => {
    const copy = await openDatabase({ kind: 'pglite', from: await database.image!() });
    try {
      const read = rowsOf<{ id: number }>(await copy.db.execute(sql`select id from thread_probe order by id`));
      expect(read.map((r) => r.id)).toEqual([1, 3, 10, 20, 21, 23]);
    } finally {
      await copy.close();
    }
  });
});

describe('arguments written as literals for EXECUTE', () => {
  it('quotes text by doubling its quotes and nothing else', () => {
    expect(literalArgs(["it's", 'a\\b', ''], ['text', 'text', 'text'])).toBe("'it''s', 'a\\b', ''");
  });
  it('writes numbers, booleans and null as PGlite would send them', () => {
    expect(literalArgs([5, 1.5, true, null, undefined, 9n], ['integer', 'numeric', 'boolean', 'text', 'text', 'bigint'])).toBe(
      "'5', '1.5', 'true', null, null, '9'",
    );
  });
  it('leaves a call as sent when an argument has no exact literal', () => {
    expect(literalArgs([new Date()], ['timestamp with time zone'])).toBeUndefined();
    expect(literalArgs([new Uint8Array([1])], ['bytea'])).toBeUndefined();
    expect(literalArgs([{ a: 1 }], ['jsonb'])).toBeUndefined();
    expect(literalArgs([Number.NaN], ['numeric'])).toBeUndefined();
    // The simple protocol's message would end at the NUL, inside the literal.
    expect(literalArgs(['a\0b'], ['text'])).toBeUndefined();
    // PGlite turns a number for a time parameter into a date; a literal number would not parse.
    expect(literalArgs([1_700_000_000_000], ['timestamp with time zone'])).toBeUndefined();
  });
});

describe.runIf(testDb === 'pglite')('the parsers each call passes (ResultParsers)', () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = new PGlite();
    await pg.waitReady;
  });
  afterAll(async () => pg.close());

  const DRIZZLE_TEXT = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
  const read = async (parsers: ReturnType<ResultParsers['differencesFor']>) =>
    (
      await pg.query<{ at: unknown; d: unknown; n: unknown }>(
        "select '2026-11-28 10:00:00.123456+00'::timestamptz as at, '2026-11-28'::date as d, 5::int as n",
        [],
        parsers ? { parsers } : {},
      )
    ).rows[0]!;

  it('keeps the first set asked for as text on the instance, so such a call passes none', async () => {
    const results = new ResultParsers(pg);
    // Asked before any set was kept: PGlite's own parsing, nothing to pass.
    expect(results.differencesFor(undefined)).toBeUndefined();
    expect(results.differencesFor(DRIZZLE_TEXT)).toBeUndefined();
    expect(await read(undefined)).toEqual({ at: '2026-11-28 10:00:00.123456+00', d: '2026-11-28', n: 5 });
    // A call that keeps nothing as text gets PGlite's own parsers back, worked out after the set was kept.
    const none = results.differencesFor(undefined);
    expect(none).toBeDefined();
    const parsed = await read(none);
    expect(parsed.at).toBeInstanceOf(Date);
    expect((parsed.at as Date).toISOString()).toBe('2026-11-28T10:00:00.123Z');
    expect(parsed.d).toBeInstanceOf(Date);
    // A set of its own: its types as text, the others parsed.
    const dateOnly = await read(results.differencesFor([types.DATE]));
    expect(dateOnly.d).toBe('2026-11-28');
    expect(dateOnly.at).toBeInstanceOf(Date);
    // The kept set again: still nothing to pass, still text.
    expect(results.differencesFor(DRIZZLE_TEXT)).toBeUndefined();
    expect((await read(undefined)).at).toBe('2026-11-28 10:00:00.123456+00');
  });
});
