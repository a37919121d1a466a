import { randomBytes } from 'node:crypto';
import cluster, { type Worker } from 'node:cluster';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import type { PgliteThread } from './db/pglite-thread.ts';
import { seedDemoContent, tagSeededDemoContent } from './db/demo-content.ts';
import { seedPracticeBank } from './db/practice-content.ts';
import { STOP_GRACE_MS } from './plugins/requests-in-flight.ts';
import { BACKUP_ENDPOINT_FILE } from './services/backup.service.ts';
import { rememberInitialAdminPassword } from './services/payment-orders.service.ts';
import { ensureAdmin } from './services/users.service.ts';

/** The admin account, demo content and practice bank: once per start, before any request. */
async function prepareData(app: FastifyInstance, config: Config): Promise<void> {
  const admin = await ensureAdmin(app.db, { nohp: config.adminNohp, password: config.adminPassword });
  // The first-run checklist asks the admin to change the password the server set.
  if (admin) await rememberInitialAdminPassword(app.db, admin.nohp);
  if (admin?.generatedPassword) {
    // Printed once, on the install that created it; it is not stored anywhere in clear text.
    console.info(
      `\n  Akun admin dibuat: nomor HP ${admin.nohp}, password ${admin.generatedPassword}\n` +
        '  Simpan password ini sekarang; ia tidak akan ditampilkan lagi.\n',
    );
  }

  if (config.demoContent) {
    const seededAt = performance.now();
    const paketId = await seedDemoContent(app.db, app.storage);
    if (paketId !== null) app.log.info({ paketId, ms: Math.round(performance.now() - seededAt) }, 'demo content seeded');
  }
  const tagged = await tagSeededDemoContent(app.db);
  if (tagged > 0) app.log.info({ tagged }, 'demo content tagged with skills and transcripts');
  // The practice bank is the product's free drill material (like the built-in mini test), not a
  // sellable demo package: it is seeded whatever DEMO_CONTENT says (decision 008).
  const practiceSeeded = await seedPracticeBank(app.db);
  if (practiceSeeded > 0) app.log.info({ items: practiceSeeded }, 'practice bank seeded');
}

/** npm run backup asks the server for the snapshot through this file (local address and token). */
async function writeBackupEndpoint(config: Config, port: number, token: string): Promise<void> {
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(path.join(config.dataDir, BACKUP_ENDPOINT_FILE), JSON.stringify({ url: `http://127.0.0.1:${port}`, token }), {
    mode: 0o600,
  });
}

/** One process serving the port: the only one, or one of WORKERS (then `instance` is set). */
async function serve(config: Config, instance?: { id: number; backupToken: string }, pglite?: Promise<PgliteThread>): Promise<void> {
  const started = performance.now();
  const app = await buildApp(config, instance ? { instance } : { pglite });
  // With WORKERS the primary process prepared the data before starting any worker.
  if (!instance) await prepareData(app, config);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), STOP_GRACE_MS);
    force.unref();
    app
      .close()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (!instance) {
    // npm run backup asks this process for the snapshot (it holds the embedded database open).
    const address = app.server.address();
    await writeBackupEndpoint(config, typeof address === 'object' && address ? address.port : config.port, app.backupToken);
  }
  app.log.info(
    { database: app.database.driver, readyMs: Math.round(performance.now() - started), ...(instance ? { instance: instance.id } : {}) },
    `${config.appName} siap`,
  );
}

/**
 * WORKERS=N (PostgreSQL only): this process migrates and prepares the data once, then starts N
 * workers that share the port (node:cluster hands each new connection to the next worker). They
 * keep no state of their own that another needs: sessions, timers and drafts live in PostgreSQL,
 * and what each keeps in memory it hears every change of before serving it (decision 027). A
 * worker that dies is replaced; one that dies before it listens stops the start.
 */
async function runPrimary(config: Config): Promise<void> {
  const started = performance.now();
  const setup = await buildApp(config, { logger: { level: config.logLevel } });
  await prepareData(setup, config);
  await setup.close();

  const backupToken = randomBytes(24).toString('base64url');
  const listening = new Set<number>();
  let stopping = false;
  const fork = () => cluster.fork({ CLUSTER_BACKUP_TOKEN: backupToken });

  const ready = new Promise<number>((resolve, reject) => {
    cluster.on('listening', (worker: Worker, address) => {
      listening.add(worker.id);
      if (listening.size === config.workers) resolve(address.port);
    });
    cluster.on('exit', (worker: Worker, code, signal) => {
      const wasListening = listening.delete(worker.id);
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
        return;
      }
      if (!wasListening) {
        reject(new Error(`worker ${worker.id} stopped before it listened (${signal ?? code})`));
        return;
      }
      console.error(`Worker ${worker.id} berhenti (${signal ?? code}); menjalankan pengganti.`);
      fork();
    });
  });

  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), STOP_GRACE_MS + 2_000).unref();
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  for (let i = 0; i < config.workers; i += 1) fork();
  let port: number;
  try {
    port = await ready;
  } catch (err) {
    shutdown();
    throw err;
  }
  await writeBackupEndpoint(config, port, backupToken);
  console.info(`${config.appName} siap: ${config.workers} worker di port ${port} (${Math.round(performance.now() - started)} ms)`);
}

/** `pglite`: the embedded database's thread, already starting (server/index.ts). */
export async function main(config: Config, pglite?: Promise<PgliteThread>): Promise<void> {
  if (config.workers > 1 && cluster.isPrimary) return runPrimary(config);
  if (cluster.isWorker) {
    const backupToken = process.env.CLUSTER_BACKUP_TOKEN;
    if (!backupToken) throw new Error('CLUSTER_BACKUP_TOKEN missing in a worker');
    return serve(config, { id: cluster.worker!.id, backupToken });
  }
  return serve(config, undefined, pglite);
}
