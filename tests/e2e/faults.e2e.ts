import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient, signIn, signUpAndIn } from '../../scripts/bench/client.ts';
import { openDatabase } from '../../server/db/client.ts';
import { files, soal } from '../../server/db/schema.ts';
import { ADMIN, startServer, type RunningServer } from './harness.ts';

/**
 * Faults a server meets in production: a killed process, lost database connections, a disk that
 * refuses writes. Each must keep every acknowledged answer and the exam clock, and answer clearly.
 */
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.dispose();
});

interface Timer {
  sesi: string;
  endsAt: string;
  secondsRemaining: number;
  serverNow: string;
}

describe('PGlite: a killed server and an unwritable upload folder', () => {
  let server: RunningServer;

  it('keeps the section end instant and every acknowledged draft answer across kill -9 and a restart', async () => {
    server = await startServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    servers.push(server);
    let c = new ApiClient(server.baseUrl);
    await signUpAndIn(c, '081377700001');
    const list = await c.get<{ data: { id: number; harga: number }[] }>('/api/paket-soal');
    const paketId = list.body.data.find((p) => p.harga === 0)!.id;
    expect((await c.get(`/api/users/cek-akses/${paketId}`)).status).toBe(200);
    const start = await c.put<Timer>('/api/soal/timers', { paketId });
    expect(start.body.sesi).toBe('listening');

    const acknowledged: Record<string, string> = {};
    for (let i = 1; i <= 12; i++) {
      const answers = { [String(i)]: String((i % 4) + 1), [String(i + 20)]: String(((i + 2) % 4) + 1) };
      const res = await c.put<{ answers: Record<string, string> }>('/api/soal/jawaban/draft', { index: i, answers });
      expect(res.status).toBe(200);
      Object.assign(acknowledged, answers);
    }
    // The process dies at once: no graceful close, no flush on shutdown.
    await server.stop('SIGKILL');

    server = await startServer({ dataDir: server.dataDir, env: { LOGIN_MAX_PER_IP: '1000' } });
    servers.push(server);
    // Same session cookie, new port: the session lives in the database.
    const cookie = c.cookie;
    c = new ApiClient(server.baseUrl);
    c.cookie = cookie;
    const draft = await c.get<{ answers: Record<string, string>; index: number; sesi: string }>('/api/soal/jawaban/draft');
    expect(draft.status).toBe(200);
    expect(draft.body.sesi).toBe('listening');
    expect(draft.body.index).toBe(12);
    expect(draft.body.answers).toEqual(acknowledged);
    const timer = await c.put<Timer>('/api/soal/timers', {});
    expect(timer.body.sesi).toBe('listening');
    expect(timer.body.endsAt).toBe(start.body.endsAt);
    // The remaining time is derived from the stored end instant, so the restart gave no extra time.
    const remaining = Math.ceil((Date.parse(timer.body.endsAt) - Date.parse(timer.body.serverNow)) / 1000);
    expect(timer.body.secondsRemaining).toBe(remaining);
    expect(timer.body.secondsRemaining).toBeLessThan(start.body.secondsRemaining);
  });

  it('answers 507 with a clear message when uploads cannot be written, and saves nothing by half', async () => {
    // The folder goes away while the server runs (a lost mount). As root, chmod does not stop
    // writes; a regular file where the folder should be does.
    const uploads = path.join(server.dataDir, 'uploads');
    await rename(uploads, `${uploads}.bak`);
    await writeFile(uploads, 'not a folder');

    const admin = new ApiClient(server.baseUrl);
    await signIn(admin, ADMIN.nohp, ADMIN.password);
    const created = await admin.post<{ data: { id: number } }>('/api/admin/paket-soal', { nama_paket: 'Paket Disk Penuh' });
    expect(created.status).toBe(201);
    const paketId = created.body.data.id;

    const form = new FormData();
    for (const [k, v] of Object.entries({
      no_soal: '1',
      page: '1',
      pilihan_satu: 'A',
      pilihan_dua: 'B',
      pilihan_tiga: 'C',
      pilihan_empat: 'D',
      jawaban: '2',
      skill: 'la-idiom',
    }))
      form.append(k, v);
    const audio = await readFile(path.resolve(import.meta.dirname, '..', 'fixtures', 'tone.mp3'));
    form.append('audio', new Blob([audio], { type: 'audio/mpeg' }), 'tone.mp3');
    const res = await fetch(`${server.baseUrl}/api/admin/paket-soal/${paketId}/soal-listening`, {
      method: 'POST',
      body: form,
      headers: { cookie: admin.cookie! },
    });
    expect(res.status).toBe(507);
    expect(((await res.json()) as { message: string }).message).toBe('File tidak dapat disimpan di server. Silakan hubungi admin.');
    const list = await admin.get<{ data: unknown[] }>(`/api/admin/paket-soal/${paketId}/soal-listening`);
    expect(list.body.data).toEqual([]);
    // The server still answers everything else.
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);

    await server.stop();
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(server.dataDir, 'db') });
    try {
      const [fileRows] = await database.db.select({ n: count() }).from(files).where(eq(files.paketSoalId, paketId));
      const [soalRows] = await database.db
        .select({ n: count() })
        .from(soal)
        .where(and(eq(soal.paketSoalId, paketId)));
      expect(fileRows!.n).toBe(0);
      expect(soalRows!.n).toBe(0);
    } finally {
      await database.close();
    }
  });
});

const pgAdminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgAdminUrl)('PostgreSQL: connections terminated by the database server', () => {
  it('answers 503 in Indonesian or succeeds, and /api/health recovers without a restart', async () => {
    const name = `fault_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(pgAdminUrl!);
    url.pathname = `/${name}`;
    try {
      const server = await startServer({ env: { DATABASE_URL: url.toString(), DEMO_CONTENT: '0', LOGIN_MAX_PER_IP: '1000' } });
      servers.push(server);
      const c = new ApiClient(server.baseUrl);
      await signUpAndIn(c, '081377700002');
      // Several pooled connections exist before the cut.
      await Promise.all(Array.from({ length: 8 }, () => c.get('/api/users/getAuth')));

      const killed = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
        [name],
      );
      expect(killed.rowCount).toBeGreaterThan(0);

      const answers = await Promise.all(Array.from({ length: 8 }, () => c.get<{ message?: string }>('/api/users/getAuth')));
      for (const a of answers) {
        expect([200, 503]).toContain(a.status);
        if (a.status === 503) expect(a.body.message).toMatch(/Layanan sedang tidak tersedia/);
      }
      const deadline = Date.now() + 10_000;
      let health = 0;
      while (Date.now() < deadline && health !== 200) {
        health = (await fetch(`${server.baseUrl}/api/health`)).status;
        if (health !== 200) await new Promise((r) => setTimeout(r, 200));
      }
      expect(health).toBe(200);
      expect((await c.get('/api/users/getAuth')).status).toBe(200);
      await server.stop();
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
