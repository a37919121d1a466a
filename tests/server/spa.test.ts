import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_HINT_METRIC } from '../../contract/page-hints.ts';
import { createTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
let clientDir: string;
// Over the compression threshold, so the test sees whether a page travels compressed.
const filler = 'x'.repeat(4_000);

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'toefl-client-'));
  await mkdir(path.join(clientDir, 'prerendered'));
  await writeFile(path.join(clientDir, 'index.html'), `<div id="root"></div>shell${filler}`);
  await writeFile(path.join(clientDir, 'prerendered', 'index.html'), `<div id="root">landing</div>${filler}`);
  await writeFile(path.join(clientDir, 'prerendered', 'login.html'), `<div id="root">login</div>${filler}`);
  await writeFile(path.join(clientDir, 'prerendered', 'manifest.json'), JSON.stringify({ '/': 'index.html', '/login': 'login.html' }));
  ctx = await createTestApp({}, { clientDir });
});

afterAll(async () => {
  await ctx?.close();
  await rm(clientDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('serving the pages', () => {
  it('answers the prerendered pages from the manifest, compressed, and every other client route with the shell', async () => {
    const landing = await get('/', { 'accept-encoding': 'br, gzip' });
    expect(landing.statusCode).toBe(200);
    expect(landing.headers['content-encoding']).toMatch(/^(br|gzip)$/);
    expect((await get('/')).body).toContain('<div id="root">landing</div>');
    expect((await get('/login?from=%2Fprofile')).body).toContain('<div id="root">login</div>');
    for (const url of ['/register', '/paketsoal', '/simulasi-toefl/1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('shell');
    }
  });

  it('tells each page load whether a session cookie came, and never answers it from a cache', async () => {
    for (const url of ['/', '/login', '/paketsoal']) {
      const anonymous = await get(url);
      expect(anonymous.headers['server-timing'], url).toBe(`${SESSION_HINT_METRIC};desc=0`);
      expect(anonymous.headers['cache-control'], url).toBe('no-store');
      expect(anonymous.headers.etag, url).toBeUndefined();
      expect(anonymous.headers['set-cookie'], url).toBeUndefined();
      const signedIn = await get(url, { cookie: 'sid=any-token' });
      expect(signedIn.headers['server-timing'], url).toBe(`${SESSION_HINT_METRIC};desc=1`);
    }
  });

  it('keeps API misses as JSON 404s without a page hint', async () => {
    const res = await get('/api/tidak-ada');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Alamat API tidak ditemukan.' });
    expect(res.headers['server-timing']).toBeUndefined();
  });
});
