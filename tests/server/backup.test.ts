import { randomBytes } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { examAttempts, users } from '../../server/db/schema.ts';
import { assertEmptyTarget, restoreSnapshot } from '../../server/services/backup.service.ts';
import { Client, createTestApp, fixture, insertCompletePackage, multipart, testDb, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_PER_IP: '1000' });
});
afterAll(async () => ctx.close());

/** A fresh empty target of the same kind as the suite's database. */
async function emptyTarget(): Promise<{ dataDir: string; databaseUrl?: string; open: () => Promise<Database>; drop: () => Promise<void> }> {
  const dataDir = path.join(tmpdir(), `toefl-restore-${randomBytes(4).toString('hex')}`);
  if (testDb !== 'postgres') {
    return { dataDir, open: () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') }), drop: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `r_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    open: () => openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 3 }),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function takeBackup(): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/system/backup', headers: { 'x-backup-token': ctx.app.backupToken } });
  expect(res.statusCode).toBe(200);
  const file = path.join(tmpdir(), `toefl-test-backup-${randomBytes(4).toString('hex')}.tar.gz`);
  await writeFile(file, res.rawPayload);
  return file;
}

describe('backup and restore', () => {
  it('restores a backup taken mid-exam with every acknowledged answer and the same section end', { timeout: 120_000 }, async () => {
    const paket = await insertCompletePackage(ctx.database.db, { durasi: [1200, 1500, 1800] });
    const learner = new Client(ctx.app);
    await learner.signUpAndIn({ nohp: '081377700001', password: 'rahasia123' });
    await ctx.database.db.update(users).set({ paketSoalIdAktif: paket.id }).where(eq(users.nohp, '6281377700001'));
    // An uploaded file (a profile picture) travels with the snapshot.
    const body = multipart(
      { nama: 'Peserta Cadangan' },
      { profilePic: { filename: 'p.png', content: fixture('red.png'), type: 'image/png' } },
    );
    await learner.request({ method: 'PUT', url: '/api/users/profile', payload: body.payload, headers: body.headers });
    const started = (await learner.put('/api/soal/timers', { paketId: paket.id })).json<{ endsAt: string }>();
    const answers = [1, 2, 3, 5, 8, 13, 21, 34].map((id, i) => ({ id, answer: String((i % 4) + 1) }));
    const saved = await learner.put('/api/soal/jawaban/draft', { index: 34, answers });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().ignored ?? []).toEqual([]);
    const uploadsBefore = (await readdir(ctx.app.storage.dir)).sort();

    const file = await takeBackup();
    // The exam goes on after the snapshot; the restore holds the state at the snapshot.
    await learner.put('/api/soal/jawaban/draft', { index: 40, answers: [{ id: 40, answer: '2' }] });

    const target = await emptyTarget();
    await assertEmptyTarget(target);
    const restored = await target.open();
    try {
      await restoreSnapshot(file, restored, path.join(target.dataDir, 'uploads'));
      const [attempt] = await restored.db.select().from(examAttempts);
      expect(attempt!.listeningEndsAt!.toISOString()).toBe(started.endsAt);
      expect(attempt!.answers).toEqual(Object.fromEntries(answers.map((a) => [String(a.id), a.answer])));
      if (uploadsBefore.length > 0) expect((await readdir(path.join(target.dataDir, 'uploads'))).sort()).toEqual(uploadsBefore);

      // The restored server carries on: the learner signs in and finds the exam where it was.
      const app = await buildApp({ ...ctx.config, dataDir: target.dataDir }, { database: restored, logger: false });
      try {
        const again = new Client(app);
        expect((await again.post('/api/users/login', { nohp: '081377700001', password: 'rahasia123' })).statusCode).toBe(200);
        const timer = (await again.put('/api/soal/timers', { paketId: paket.id })).json<{ sesi: string; endsAt: string }>();
        expect(timer).toMatchObject({ sesi: 'listening', endsAt: started.endsAt });
        const draft = (await again.get('/api/soal/jawaban/draft')).json<{ answers: Record<string, string> }>();
        expect(draft.answers).toEqual(Object.fromEntries(answers.map((a) => [String(a.id), a.answer])));
        // Sequences continue after the restored ids: a new account gets a fresh id.
        await new Client(app).signUpAndIn({ nohp: '081377700002' });
      } finally {
        await app.close();
      }
      await expect(assertEmptyTarget(target)).rejects.toThrow(/tidak kosong/);
    } finally {
      await restored.close();
      await target.drop();
    }
  });

  it('refuses a non-empty target and a call from outside or without the token', async () => {
    const target = await emptyTarget();
    await mkdir(path.join(target.dataDir, 'uploads'), { recursive: true });
    await writeFile(path.join(target.dataDir, 'uploads', 'x'), 'x');
    await expect(assertEmptyTarget(target)).rejects.toThrow('tidak kosong');
    await target.drop();
    const noToken = await ctx.app.inject({ method: 'POST', url: '/api/system/backup' });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().message).toBe('Cadangan hanya dapat dibuat dari server ini dengan npm run backup.');
    const remote = await ctx.app.inject({
      method: 'POST',
      url: '/api/system/backup',
      remoteAddress: '203.0.113.9',
      headers: { 'x-backup-token': ctx.app.backupToken },
    });
    expect(remote.statusCode).toBe(403);
  });
});
