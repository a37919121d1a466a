import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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
      // Thirty pieces 50 ms apart: 1.5 s in all, never near the 1 s limit without a byte (a
      // loaded machine may hold either side of the connection for a few hundred ms).
      for (let i = 0; i < 30; i++) {
        res.write(String(i));
        if (req.url === '/stops' && i === 2) return; // the rest never comes
        await pause(50);
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
    const res = await fetchUntilSilent(`${base}/slow`, {}, 1_000);
    expect(Date.now() - started).toBeGreaterThan(1_000);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(await res.text()).toBe(Array.from({ length: 30 }, (_, i) => i).join(''));
  });

  it('gives up a body that stops coming', async () => {
    await expect(fetchUntilSilent(`${base}/stops`, {}, 1_000)).rejects.toBeInstanceOf(SilentConnectionError);
  });

  it("passes the caller's own abort through as it is", async () => {
    const caller = new AbortController();
    const call = fetchUntilSilent(`${base}/silent`, { signal: caller.signal }, 5_000);
    caller.abort();
    const error = await call.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(SilentConnectionError);
    expect((error as Error).name).toBe('AbortError');
  });

  it("passes the caller's abort in the middle of a body through, never a body cut short", async () => {
    const caller = new AbortController();
    const call = fetchUntilSilent(`${base}/slow`, { signal: caller.signal }, 5_000);
    setTimeout(() => caller.abort(), 300);
    const error = await call.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(SilentConnectionError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('answers a status without a body', async () => {
    const res = await fetchUntilSilent(`${base}/empty`, {}, 200);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
  });

  describe('with a body that does not end when its request is aborted', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });
    /** A fetch whose answer sends one piece and then neither ends nor errors, whatever the signal says. */
    const stuckAfterOnePiece = () =>
      vi.stubGlobal('fetch', async () => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"soal":'));
          },
        });
        return new Response(body, { status: 200 });
      });

    it('never answers a body cut short by the caller', async () => {
      stuckAfterOnePiece();
      const caller = new AbortController();
      const call = fetchUntilSilent('http://any.test/', { signal: caller.signal }, 5_000);
      setTimeout(() => caller.abort(), 50);
      const error = await call.catch((e: unknown) => e);
      expect(error).not.toBeInstanceOf(Response);
      expect((error as Error).name).toBe('AbortError');
    });

    it('gives it up once the silence lasts', async () => {
      stuckAfterOnePiece();
      await expect(fetchUntilSilent('http://any.test/', {}, 200)).rejects.toBeInstanceOf(SilentConnectionError);
    });
  });
});
