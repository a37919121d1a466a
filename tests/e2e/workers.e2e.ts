import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_ENDPOINT_FILE } from '../../server/services/backup.service.ts';
import { firstPublicPaket, startServer, type RunningServer } from './harness.ts';

/**
 * WORKERS=2 on PostgreSQL: two processes behind one port. Every request here opens its own
 * connection (no keep-alive), so node:cluster hands them to the workers in turn; the learner's
 * session, the section's end and the draft must be the same whichever worker answers.
 */
const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const database = `workers_e2e_${process.pid}`;
let server: RunningServer | undefined;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

interface Answer {
  status: number;
  instance: string | undefined;
  cookie: string | undefined;
  body: unknown;
}

/** One request on a new connection. */
function call(method: string, url: string, body?: unknown, cookie?: string): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${server!.baseUrl}${url}`,
      {
        method,
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            instance: res.headers['x-instance'] as string | undefined,
            cookie: res.headers['set-cookie']?.map((c) => c.split(';')[0]).join('; '),
            body: text ? (JSON.parse(text) as unknown) : null,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe.skipIf(!testDatabaseUrl)('two workers behind one port (WORKERS=2, PostgreSQL)', () => {
  beforeAll(async () => {
    await admin(`drop database if exists ${database} with (force)`);
    await admin(`create database ${database}`);
    const url = new URL(testDatabaseUrl!);
    url.pathname = `/${database}`;
    server = await startServer({ env: { WORKERS: '2', DATABASE_URL: url.toString() } });
    // Healthy means one worker listens; the other may still be starting. Every check below needs
    // both, so wait (bounded) until fresh connections have reached each of them.
    const seen = new Set<string | undefined>();
    for (let i = 0; i < 200 && !(seen.has('1') && seen.has('2')); i += 1) {
      seen.add((await call('GET', '/api/health')).instance);
      if (!(seen.has('1') && seen.has('2'))) await new Promise((r) => setTimeout(r, 50));
    }
  });
  afterAll(async () => {
    await server?.dispose();
    if (testDatabaseUrl) await admin(`drop database if exists ${database} with (force)`);
  });

  it('shares sessions, the running section and drafts; a backup is answered by either', async () => {
    const nohp = '081266660001';
    const password = 'rahasia-worker-1';
    const registered = await call('POST', '/api/users/register', { nohp, nama: 'Wulan Dua Proses', email: 'wulan@example.id', password });
    expect(registered.status).toBe(201);
    const login = await call('POST', '/api/users/login', { nohp, password });
    expect(login.status).toBe(200);
    const cookie = login.cookie!;
    const paket = await firstPublicPaket(server!.baseUrl);
    expect((await call('GET', `/api/users/cek-akses/${paket.id}`, undefined, cookie)).status).toBe(200);

    // The section's end is set once and read the same by both workers.
    const timers: Answer[] = [];
    for (let i = 0; i < 6; i += 1) timers.push(await call('PUT', '/api/soal/timers', { paketId: paket.id }, cookie));
    expect(timers.map((t) => t.status)).toEqual(timers.map(() => 200));
    expect(new Set(timers.map((t) => t.instance))).toEqual(new Set(['1', '2']));
    expect(new Set(timers.map((t) => (t.body as { endsAt: string }).endsAt)).size).toBe(1);

    // A draft saved through one worker is read back through both.
    const saved = await call('PUT', '/api/soal/jawaban/draft', { index: 3, answers: { '1': '2', '2': '4', '3': '1' } }, cookie);
    expect(saved.status).toBe(200);
    const reads: Answer[] = [];
    for (let i = 0; i < 4; i += 1) reads.push(await call('GET', '/api/soal/jawaban/draft', undefined, cookie));
    expect(new Set(reads.map((r) => r.instance))).toEqual(new Set(['1', '2']));
    for (const r of reads) {
      expect(r.status).toBe(200);
      expect((r.body as { answers: Record<string, string> }).answers).toMatchObject({ '1': '2', '2': '4', '3': '1' });
    }

    // Signing out through one worker ends the session for both.
    expect((await call('GET', '/api/users/logout', undefined, cookie)).status).toBe(200);
    const after = [
      await call('PUT', '/api/soal/timers', { paketId: paket.id }, cookie),
      await call('PUT', '/api/soal/timers', { paketId: paket.id }, cookie),
    ];
    expect(new Set(after.map((a) => a.instance))).toEqual(new Set(['1', '2']));
    expect(after.map((a) => a.status)).toEqual([401, 401]);

    // npm run backup reads the address and the token the primary wrote; any worker answers it.
    const endpoint = JSON.parse(await readFile(path.join(server!.dataDir, BACKUP_ENDPOINT_FILE), 'utf8')) as { url: string; token: string };
    expect(endpoint.url).toBe(server!.baseUrl);
    const backup = await fetch(`${endpoint.url}/api/system/backup`, { method: 'POST', headers: { 'x-backup-token': endpoint.token } });
    expect(backup.status).toBe(200);
    expect((await backup.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });
});
