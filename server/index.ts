import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { seedDemoContent, tagSeededDemoContent } from './db/demo-content.ts';
import { seedPracticeBank } from './db/practice-content.ts';
import { BACKUP_ENDPOINT_FILE } from './services/backup.service.ts';
import { rememberInitialAdminPassword } from './services/payment-orders.service.ts';
import { ensureAdmin } from './services/users.service.ts';

/** Starts the server: validated config, database + migrations, admin account, listen, graceful stop. */
async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const app = await buildApp(config);

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

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
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
  // npm run backup asks this process for the snapshot (it holds the embedded database open).
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(
    path.join(config.dataDir, BACKUP_ENDPOINT_FILE),
    JSON.stringify({ url: `http://127.0.0.1:${port}`, token: app.backupToken }),
    {
      mode: 0o600,
    },
  );
  app.log.info({ database: app.database.driver, readyMs: Math.round(performance.now() - started) }, `${config.appName} siap`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Server gagal dijalankan:', err);
  }
  process.exit(1);
});
