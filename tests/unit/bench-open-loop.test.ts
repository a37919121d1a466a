import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { measureAtRate } from '../../scripts/bench/api.ts';

interface Arrival {
  at: number;
  method: string;
  path: string;
  cookie: string;
}

/** A server that notes every arrival and answers through `answer` (default: 200 at once). */
async function recordingServer(answer: (req: IncomingMessage, respond: () => void) => void = (_req, respond) => respond()) {
  const arrivals: Arrival[] = [];
  const server: Server = createServer((req, res) => {
    arrivals.push({ at: performance.now(), method: req.method!, path: req.url!, cookie: String(req.headers.cookie) });
    req.resume();
    req.on('end', () =>
      answer(req, () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, arrivals };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

const mix = {
  route: 'mix',
  requests: [
    { method: 'PUT' as const, path: '/draft', body: () => '{}' },
    { method: 'PUT' as const, path: '/draft', body: () => '{}' },
    { method: 'PUT' as const, path: '/draft', body: () => '{}' },
    { method: 'PUT' as const, path: '/timer', body: () => '{}' },
  ],
  cookies: ['a', 'b', 'c', 'd'],
};

describe('the bench load at a fixed rate', () => {
  it('sends its requests evenly spaced, not each second in one burst', async () => {
    const { url, arrivals } = await recordingServer();
    const run = await measureAtRate(url, { ...mix, overallRate: 200 }, 100, 1);
    expect(run.requests.total).toBe(200);
    // 200 a second are 5 ms apart: a 20 ms window holds about four. A loaded test machine may stall
    // this process for tens of ms (9 once, beside the stories' browser), so the bound is 20: a burst
    // each second puts 200 in one window, five bursts a second 40.
    const times = arrivals.map((a) => a.at).sort((a, b) => a - b);
    const busiest = Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + 20).length));
    expect(busiest).toBeLessThanOrEqual(20);
    expect(times.at(-1)! - times[0]!).toBeGreaterThan(900);
  });

  it('counts a stall from when each request was due, not from when it could be sent', async () => {
    let stalled = false;
    // The first request is held for 300 ms on a single socket: every request due meanwhile waits.
    const { url } = await recordingServer((_req, respond) => {
      if (stalled) return respond();
      stalled = true;
      setTimeout(respond, 300);
    });
    const run = await measureAtRate(url, { ...mix, overallRate: 100 }, 1, 1);
    expect(run.latency.max).toBeGreaterThanOrEqual(290);
    // About 30 of the 100 requests were due during the stall, so the slow ones are well over 1 %.
    expect(run.latency.p99).toBeGreaterThan(200);
    expect(run.latency.p50).toBeLessThan(100);
  });

  it('gives every participant every kind of request in turn', async () => {
    const { url, arrivals } = await recordingServer();
    await measureAtRate(url, { ...mix, overallRate: 400 }, 10, 0.16);
    const timersOf = (cookie: string) => arrivals.filter((a) => a.cookie === cookie && a.path === '/timer').length;
    expect(arrivals).toHaveLength(64);
    for (const cookie of mix.cookies) expect(timersOf(cookie), cookie).toBe(4);
  });
});
