import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgChangeListener, SYNC_CHANNEL } from '../../server/db/pg-changes.ts';
import { until } from '../until.ts';
import { createPostgresDatabase, testDb } from './helpers.ts';

/** A TCP relay to PostgreSQL whose answers to the client can be held and let through chunk by chunk. */
class HoldingProxy {
  private holding = false;
  private readonly chunks: Buffer[] = [];
  private readonly sockets = new Set<net.Socket>();
  private toClient: net.Socket | null = null;

  private constructor(private readonly server: net.Server) {}

  static async start(target: URL): Promise<HoldingProxy> {
    const server = net.createServer();
    const proxy = new HoldingProxy(server);
    server.on('connection', (client) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      proxy.sockets.add(client).add(upstream);
      proxy.toClient = client;
      client.pipe(upstream);
      upstream.on('data', (chunk: Buffer) => {
        if (proxy.holding) proxy.chunks.push(chunk);
        else client.write(chunk);
      });
      upstream.on('end', () => client.end());
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  url(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String((this.server.address() as net.AddressInfo).port);
    return url.toString();
  }

  hold(): void {
    this.holding = true;
  }

  heldChunks(): number {
    return this.chunks.length;
  }

  /** Lets the first `count` held chunks through (all of them, and stops holding, without a count). */
  release(count?: number): void {
    if (count === undefined) this.holding = false;
    for (const chunk of this.chunks.splice(0, count ?? this.chunks.length)) this.toClient?.write(chunk);
  }

  close(): void {
    for (const socket of this.sockets) socket.destroy();
    this.server.close();
  }
}

describe.runIf(testDb === 'postgres')("PostgreSQL's change notices: sync points (docs/decisions/027)", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let listener: PgChangeListener;
  let other: pg.Client;
  /** Sync points seen by another connection listening on the same channel. */
  let syncsSeen = 0;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    listener = new PgChangeListener(database.url);
    expect(await listener.whenLive(5_000)).toBe(true);
    other = new pg.Client({ connectionString: database.url });
    await other.connect();
    other.on('notification', (msg) => {
      if (msg.channel === SYNC_CHANNEL) syncsSeen += 1;
    });
    await other.query(`listen ${SYNC_CHANNEL}`);
  });
  afterAll(async () => {
    await other?.end();
    await listener?.close();
    await database?.drop();
  });

  /** Lets the other connection's notifications arrive (it hears them in its own round trip). */
  const settle = () => other.query('select 1');

  it('gives the calls asking in one turn of the event loop one sync point between them', async () => {
    await settle();
    const before = syncsSeen;
    await Promise.all(Array.from({ length: 20 }, () => listener.barrier()));
    await settle();
    expect(syncsSeen - before).toBe(1);
  });

  it('makes a call asking while a sync point is on its way wait for one sent after it', async () => {
    // The listening connection's replies held back at will, so a change can commit, and a call
    // ask, while a sync point's answer is still on its way.
    const proxy = await HoldingProxy.start(new URL(database.url));
    const held = new PgChangeListener(proxy.url(database.url));
    const told: string[] = [];
    held.subscribe((channel, payload) => told.push(`${channel}:${payload}`));
    try {
      expect(await held.whenLive(5_000)).toBe(true);
      proxy.hold();
      const first = held.barrier();
      await until(() => proxy.heldChunks() > 0);
      // Everything of the first sync point's answer arrives at once; give a split one time too.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const firstAnswer = proxy.heldChunks();
      await other.query(`notify paket_list, 'after-the-first-sync'`);
      await until(() => proxy.heldChunks() > firstAnswer);
      let toldWhenSecondReturned: string[] | null = null;
      const second = held.barrier().then(() => {
        toldWhenSecondReturned = [...told];
      });
      proxy.release(firstAnswer);
      await first;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(toldWhenSecondReturned).toBeNull();
      proxy.release();
      await second;
      expect(toldWhenSecondReturned).toContain('paket_list:after-the-first-sync');
    } finally {
      proxy.release();
      await held.close();
      proxy.close();
    }
  });
});
