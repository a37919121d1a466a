import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import type { Clock } from '../../server/clock.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { PgliteThread } from '../../server/db/pglite-thread.ts';
import { migrationsDir } from '../../server/paths.ts';
import { ensureAdmin } from '../../server/services/users.service.ts';
import { migratedPgliteImage } from './pglite-image.ts';

/**
 * The server suite runs against PGlite (TEST_DB=pglite) and PostgreSQL (TEST_DB=postgres with
 * TEST_DATABASE_URL). Each test file gets its own empty database with every migration applied.
 */
export const testDb = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** PostgreSQL only: the test file's own database, for a second connection. */
  databaseUrl?: string;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    clock?: Clock;
    /** A built client to serve (default: none). */ clientDir?: string;
    /** The app logs at `info` to this stream instead of keeping quiet. */ logTo?: { write(line: string): void };
    /** Longest the app's close waits for requests still running (BuildOptions.stopWaitMs). */ stopWaitMs?: number;
    /**
     * The app opens its database and closes it with itself, as in production (by default the
     * test opens it, and closes it after the app). PGlite's is in memory: it is gone once closed.
     */
    ownDatabase?: boolean;
  } = {},
): Promise<TestContext> {
  const config: Config = {
    ...loadConfig({
      DATA_DIR: path.join('/tmp', `toefl-test-${randomBytes(4).toString('hex')}`),
      LOG_LEVEL: 'silent',
      // A loaded test machine lags its event loop and slows requests far beyond production; only
      // tests/server/overload.test.ts, which sets its own, exercises load shedding and the deadline.
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      REQUEST_DEADLINE_MS: '600000',
      ...env,
    }),
    clientDir: options.clientDir ?? '/nonexistent',
  };
  let database: Database | undefined;
  let pglite: Promise<PgliteThread> | undefined;
  let drop = async () => {};
  let databaseUrl: string | undefined;
  if (testDb === 'postgres') {
    const created = await createPostgresDatabase();
    drop = created.drop;
    databaseUrl = created.url;
    if (options.ownDatabase) config.databaseUrl = created.url;
    else database = await openDatabase({ kind: 'postgres', url: created.url, poolMax: 5 });
  } else if (options.ownDatabase) {
    pglite = PgliteThread.open({ image: await (await migratedPgliteImage()).arrayBuffer(), migrationsDir });
  } else {
    database = await openDatabase({ kind: 'pglite', from: await migratedPgliteImage() });
  }
  const logger = options.logTo ? { level: 'info', stream: options.logTo } : false;
  const app = await buildApp(config, {
    ...(database ? { database } : { pglite }),
    logger,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.stopWaitMs !== undefined ? { stopWaitMs: options.stopWaitMs } : {}),
  });
  await app.ready();
  return {
    app,
    database: app.database,
    config,
    ...(databaseUrl ? { databaseUrl } : {}),
    close: async () => {
      await app.close();
      await database?.close();
      await drop();
    },
  };
}

/**
 * Holds every connection of the pool (the test pool has 5) or PGlite's single lane until
 * `release`; `ready` resolves once all `lanes` hold one (on PGlite only when `lanes` is 1: the
 * others wait behind the first).
 */
export function holdDatabase(ctx: Pick<TestContext, 'database'>, lanes = 5) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let holding = 0;
  let allHolding!: () => void;
  const ready = new Promise<void>((resolve) => (allHolding = resolve));
  const held = Array.from({ length: lanes }, () =>
    ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      holding += 1;
      if (holding === lanes) allHolding();
      await gate;
    }),
  );
  return {
    ready,
    release: async () => {
      release();
      await Promise.allSettled(held);
    },
  };
}

/** A cookie jar over app.inject, so a test reads like a browser session. */
export class Client {
  private cookie: string | undefined;
  constructor(private readonly app: FastifyInstance) {}

  get sessionCookie(): string | undefined {
    return this.cookie;
  }

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const headers = { ...(options.headers ?? {}) } as Record<string, string>;
    if (this.cookie) headers.cookie = this.cookie;
    const res = await this.app.inject({ ...options, headers });
    const setCookie = res.headers['set-cookie'];
    for (const c of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = c.split(';');
      if (!pair) continue;
      const [name, value] = pair.split('=');
      if (name === 'sid') this.cookie = value ? `sid=${value}` : undefined;
      if (/Expires=Thu, 01 Jan 1970/i.test(c) || /Max-Age=0/i.test(c)) this.cookie = undefined;
    }
    return res;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'GET', url, ...(headers ? { headers } : {}) });
  }
  post(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'], ...(headers ? { headers } : {}) });
  }
  put(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'], ...(headers ? { headers } : {}) });
  }
  delete(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'DELETE', url, ...(headers ? { headers } : {}) });
  }

  /**
   * A set-up call repeated after a 503, as the SPA repeats it: a test app with a short request
   * deadline on a loaded machine can pass it while a password is hashed.
   */
  async repeatedWhileBusy(send: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
    for (let tries = 1; ; tries++) {
      const res = await send();
      if (res.statusCode !== 503 || tries === 10) return res;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Registers (if needed) and signs in; returns the login answer. */
  async signUpAndIn(user: { nohp: string; nama?: string; email?: string; password?: string }) {
    const body = { nama: 'Peserta Uji', email: 'peserta@example.id', password: 'rahasia123', ...user };
    await this.repeatedWhileBusy(() => this.post('/api/users/register', body));
    const res = await this.repeatedWhileBusy(() => this.post('/api/users/login', { nohp: body.nohp, password: body.password }));
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return res;
  }
}

let counter = 0;
/** A fresh valid Indonesian mobile number per call (unique within a test file). */
export function uniquePhone(): string {
  counter += 1;
  return `0812${String(Date.now() % 1_000_000).padStart(6, '0')}${String(counter).padStart(2, '0')}`.slice(0, 13);
}

/** A multipart/form-data body for app.inject (text fields and files). */
export function multipart(
  fields: Record<string, string | number>,
  files: Record<string, { filename: string; content: Buffer; type?: string }> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----toefl${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const fixture = (name: string): Buffer => readFileSync(path.join(import.meta.dirname, '..', 'fixtures', name));

/** Signs in as an Admin created for this test context. */
export async function adminClient(ctx: TestContext, nohp = '081100000099'): Promise<Client> {
  await ensureAdmin(ctx.database.db, { nohp, password: 'admin-rahasia-uji' });
  const c = new Client(ctx.app);
  const res = await c.repeatedWhileBusy(() => c.post('/api/users/login', { nohp, password: 'admin-rahasia-uji' }));
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.body}`);
  return c;
}

/**
 * A complete, siap package inserted directly (fast): 140 questions with keys following
 * `keyOf(page)` and skills following `skillOf` (by default the section's skills in turn), one
 * passage for reading, durations in seconds. Returns its id, the key map and the skill map.
 */
export async function insertCompletePackage(
  db: Database['db'],
  options: {
    harga?: number;
    durasi?: [number, number, number];
    keyOf?: (page: number) => '1' | '2' | '3' | '4';
    skillOf?: (section: 'listening' | 'structure' | 'written' | 'reading', noSoal: number) => string;
    nama?: string;
  } = {},
): Promise<{ id: number; keys: Map<number, string>; skills: Map<number, string> }> {
  const { paketSoal, questionReading, soal } = await import('../../server/db/schema.ts');
  const { pageOf } = await import('../../machines/exam-layout.ts');
  const { skillsOfSection } = await import('../../contract/skills.ts');
  const skillOf =
    options.skillOf ??
    ((section: 'listening' | 'structure' | 'written' | 'reading', no: number) => {
      const list = skillsOfSection(section);
      return list[no % list.length]!.id;
    });
  const skills = new Map<number, string>();
  const keyOf = options.keyOf ?? ((page: number) => String(((page * 7) % 4) + 1) as '1' | '2' | '3' | '4');
  const [durL, durW, durR] = options.durasi ?? [2100, 1500, 3300];
  const [paket] = await db
    .insert(paketSoal)
    .values({
      namaPaket: options.nama ?? 'Paket Lengkap Uji',
      level: 'itp',
      harga: options.harga ?? 0,
      status: 'siap',
      durasiListening: durL,
      durasiWritten: durW,
      durasiReading: durR,
    })
    .returning();
  const [passage] = await db
    .insert(questionReading)
    .values({ paketSoalId: paket!.id, nama: 'Bacaan', html: '<p>Teks bacaan.</p>' })
    .returning();
  const rows: (typeof soal.$inferInsert)[] = [];
  const keys = new Map<number, string>();
  const add = (section: 'listening' | 'structure' | 'written' | 'reading', no: number) => {
    const page = pageOf(section, no);
    const jawaban = keyOf(page);
    keys.set(page, jawaban);
    const skill = skillOf(section, no);
    skills.set(page, skill);
    rows.push({
      paketSoalId: paket!.id,
      section,
      noSoal: no,
      page,
      soal: section === 'listening' ? '' : `Soal ${section} ${no}`,
      pilihanSatu: 'A',
      pilihanDua: 'B',
      pilihanTiga: 'C',
      pilihanEmpat: 'D',
      jawaban,
      audio: null,
      qReading: section === 'reading' ? passage!.id : null,
      pembahasan: 'Rahasia pembahasan',
      skill,
      transcript: section === 'listening' ? `Transkrip rahasia ${no}` : null,
      spokenQuestion: section === 'listening' ? `Pertanyaan rahasia ${no}` : null,
    });
  };
  for (let n = 1; n <= 50; n++) add('listening', n);
  for (let n = 1; n <= 15; n++) add('structure', n);
  for (let n = 16; n <= 40; n++) add('written', n);
  for (let n = 1; n <= 50; n++) add('reading', n);
  await db.insert(soal).values(rows);
  return { id: paket!.id, keys, skills };
}

/**
 * A signed-in learner whose active package is `paketId` and whose exam has started (listening
 * runs). `nohp`: a 0 8xx number unique within the test file.
 */
export async function startedExam(ctx: TestContext, paketId: number, nohp: string): Promise<{ c: Client; userId: number }> {
  const { eq } = await import('drizzle-orm');
  const { users } = await import('../../server/db/schema.ts');
  const c = new Client(ctx.app);
  await c.signUpAndIn({ nohp });
  const [user] = await ctx.database.db
    .update(users)
    .set({ paketSoalIdAktif: paketId })
    .where(eq(users.nohp, `62${nohp.slice(1)}`))
    .returning({ id: users.id });
  const started = await c.put('/api/soal/timers', { paketId });
  if (started.statusCode !== 200 || started.json<{ sesi: string }>().sesi !== 'listening') {
    throw new Error(`exam did not start: ${started.statusCode} ${started.body}`);
  }
  return { c, userId: user!.id };
}

/** Moves a started learner to reading: listening and written ended early with Selesai. */
export async function toReading(c: Client): Promise<void> {
  for (let i = 0; i < 2; i++) {
    await c.put('/api/soal/timers-to-zero', {});
    const next = await c.put('/api/soal/timers/next', {});
    if (next.statusCode !== 200) throw new Error(`timers/next: ${next.statusCode} ${next.body}`);
  }
}

/** Statements the database received for one call (begin/commit not counted); the call must answer 200. */
export async function statementsOf(ctx: TestContext, call: () => Promise<{ statusCode: number; body: string }>): Promise<number> {
  const before = ctx.database.queryCount;
  const res = await call();
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode} ${res.body}`);
  return ctx.database.queryCount - before;
}
