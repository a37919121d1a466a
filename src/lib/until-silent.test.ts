import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchUntilSilent, SilentConnectionError } from './until-silent.ts';

/** A real HTTP server whose answers are told per path: silence, a slow body, a body that stops. */
let server: Server;
let base: string;
const open: ServerResponse[] = [];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  server = createServer((req, res) => {
    open.push(res);
    if (req.url === '/silent') return; // neither answered nor closed
    if (req.url === '/empty') return void res.writeHead(204).end();
    res.writeHead(200, { 'content-type': 'text/plain' });
    void (async () => {
      // Fifteen pieces 100 ms apart: 1.5 s in all, never 500 ms without a byte.
      for (let i = 0; i < 15; i++) {
        res.write(String(i));
        if (req.url === '/stops' && i === 2) return; // the rest never comes
        await pause(100);
      }
      res.end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of open) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('fetchUntilSilent', () => {
  it('gives up a request that gets no answer once the silence lasts', async () => {
    const started = Date.now();
    await expect(fetchUntilSilent(`${base}/silent`, {}, 200)).rejects.toBeInstanceOf(SilentConnectionError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('waits for a slow body that keeps coming, however long it takes in all', async () => {
    const started = Date.now();
    const res = await fetchUntilSilent(`${base}/slow`, {}, 500);
    expect(Date.now() - started).toBeGreaterThan(1_000);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(await res.text()).toBe('01234567891011121314');
  });

  it('gives up a body that stops coming', async () => {
    await expect(fetchUntilSilent(`${base}/stops`, {}, 500)).rejects.toBeInstanceOf(SilentConnectionError);
  });

  it("passes the caller's own abort through as it is", async () => {
    const caller = new AbortController();
    const call = fetchUntilSilent(`${base}/silent`, { signal: caller.signal }, 5_000);
    caller.abort();
    const error = await call.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(SilentConnectionError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('answers a status without a body', async () => {
    const res = await fetchUntilSilent(`${base}/empty`, {}, 200);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
  });
});
