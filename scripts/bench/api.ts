import { spawn } from 'node:child_process';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon, { type RawRequest } from 'autocannon';
import { percentile } from './client.ts';
import { freePort } from './server.ts';

export interface LoadResult {
  database: 'pglite' | 'postgres';
  route: string;
  connections: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  non2xx: number;
  /** Of non2xx: answers 503 (load shedding or a pool wait past its timeout). */
  status503: number;
  /** Every answer that was not 2xx, by status code (a pool wait past its timeout answers 500). */
  statusCodes: Record<string, number>;
  errors: number;
  /** Answers shed by load shedding, by the rule that shed them (the `x-overload` header). */
  overload?: Record<string, number>;
  /** requests/s of this route divided by the bare node:http server's at the same connections. */
  ratioToBare: number | null;
}

export interface Scenario {
  route: string;
  /** Requests sent in turn on each connection (e.g. three autosaves, then one timer refresh). */
  requests: {
    method: 'GET' | 'PUT' | 'POST';
    path: string;
    body?: (i: number) => string;
    /** Sent with every request of this kind (e.g. the Accept-Encoding of a browser). */
    headers?: Record<string, string>;
  }[];
  /** One cookie per request in turn (distinct signed-in users). */
  cookies?: string[];
  /** A fixed number of requests (each cookie once) instead of a duration. */
  amount?: number;
  /** Requests per second over all connections, evenly spaced (an open-loop load, `measureAtRate`). */
  overallRate?: number;
}

/**
 * One measured run (autocannon's result, or `measureAtRate`'s in the same shape): latencies in
 * ms of the 2xx answers; a fixed-amount or open-loop run carries its own elapsed time, a server's
 * run its shed answers.
 */
export interface MeasuredRun {
  latency: { p50: number; p99: number; max: number };
  requests: { total?: number; average: number };
  duration: number;
  non2xx: number;
  errors: number;
  statusCodeStats?: Record<string, { count: number }>;
  elapsedS?: number;
  overload?: Record<string, number>;
}

/** Counts an answer shed by load shedding under the rule its `x-overload` header names. */
function countShed(overload: Record<string, number>, rule: string | string[] | undefined): void {
  if (typeof rule === 'string') overload[rule] = (overload[rule] ?? 0) + 1;
}

/**
 * Runs one autocannon measurement. A run of a fixed amount ends at autocannon's next one-second
 * tick, so its own duration rounds up to whole seconds (150 submissions done in 1.1 s read as
 * 75/s); `elapsedS` is the time to the last answer instead.
 */
export async function measure(
  baseUrl: string,
  scenario: Scenario,
  connections: number,
  durationS: number,
): Promise<MeasuredRun & { overload: Record<string, number> }> {
  if (scenario.overallRate) return measureAtRate(baseUrl, { ...scenario, overallRate: scenario.overallRate }, connections, durationS);
  let i = 0;
  const overload: Record<string, number> = {};
  const requests = scenario.requests.map((r) => ({
    method: r.method,
    path: r.path,
    setupRequest: (req: RawRequest): RawRequest => {
      const n = i++;
      const headers: Record<string, string> = { ...(req.headers ?? {}), ...(r.headers ?? {}) };
      if (scenario.cookies) headers.cookie = scenario.cookies[n % scenario.cookies.length]!;
      if (r.body) headers['content-type'] = 'application/json';
      return { ...req, headers, ...(r.body ? { body: r.body(n) } : {}) };
    },
    onResponse: (_status: number, _body: string, _context: unknown, headers: Record<string, string | string[]>) => {
      countShed(overload, headers['x-overload']);
    },
  }));
  const started = performance.now();
  let lastAnswer = started;
  const run = autocannon({
    url: baseUrl,
    connections,
    timeout: 30,
    ...(scenario.amount ? { amount: scenario.amount } : { duration: durationS }),
    requests,
  });
  if (scenario.amount) run.on('response', () => (lastAnswer = performance.now()));
  const result = { ...(await run), overload };
  return scenario.amount && lastAnswer > started ? { ...result, elapsedS: (lastAnswer - started) / 1000 } : result;
}

/**
 * An open-loop load, as participants' phones make it: request k is due at k / rate seconds
 * whatever the earlier answers did, over at most `connections` kept-alive sockets. Its latency
 * runs from when it was due, so a stalled server, and a request waiting for a free socket, count
 * in full. (autocannon's own rate limit lets each connection send its share at the start of every
 * second: 100 connections sent the whole second's 400 requests in one burst, and its correction
 * for that weighted every slow answer by its length in milliseconds.) Participant k mod n sends
 * the scenario's requests in turn, shifted by one each round, so every kind goes out evenly.
 */
export async function measureAtRate(
  baseUrl: string,
  scenario: Scenario & { overallRate: number },
  connections: number,
  durationS: number,
): Promise<MeasuredRun & { overload: Record<string, number> }> {
  const { overallRate: rate, requests: kinds } = scenario;
  const cookies = scenario.cookies ?? [];
  const total = Math.max(1, Math.round(rate * durationS));
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(baseUrl);
  const latencies: number[] = [];
  const statusCodeStats: Record<string, { count: number }> = {};
  const overload: Record<string, number> = {};
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  const dueAt = (k: number) => started + (k * 1000) / rate;
  let lastAnswer = started;
  await new Promise<void>((resolve) => {
    let sent = 0;
    let settled = 0;
    const settle = () => {
      lastAnswer = performance.now();
      if (++settled === total) resolve();
    };
    const send = (k: number) => {
      const round = cookies.length > 0 ? Math.floor(k / cookies.length) : k;
      const kind = kinds[(k + round) % kinds.length]!;
      const body = kind.body?.(k);
      const headers: Record<string, string> = { ...(kind.headers ?? {}) };
      if (cookies.length > 0) headers.cookie = cookies[k % cookies.length]!;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const request = http.request({ agent, hostname, port, method: kind.method, path: kind.path, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          statusCodeStats[status] = { count: (statusCodeStats[status]?.count ?? 0) + 1 };
          if (status >= 200 && status < 300) latencies.push(performance.now() - dueAt(k));
          else non2xx++;
          countShed(overload, res.headers['x-overload']);
          settle();
        });
      });
      request.setTimeout(30_000, () => request.destroy(new Error('timeout')));
      request.on('error', () => {
        errors++;
        settle();
      });
      request.end(body);
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && dueAt(sent) <= now) send(sent++);
      if (sent < total) setTimeout(tick, Math.max(0, dueAt(sent) - performance.now()));
    };
    tick();
  });
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const ms = (x: number) => Math.round(x * 10) / 10;
  const elapsedS = (lastAnswer - started) / 1000;
  const answered = total - errors;
  return {
    latency: { p50: ms(percentile(latencies, 50)), p99: ms(percentile(latencies, 99)), max: ms(latencies.at(-1) ?? 0) },
    requests: { total: answered, average: answered / elapsedS },
    duration: durationS,
    elapsedS,
    non2xx,
    errors,
    statusCodeStats,
    overload,
  };
}

/** Requests answered per second of a run (a fixed-amount run by its own elapsed time). */
export function requestsPerSecond(r: MeasuredRun): number {
  const seconds = r.elapsedS ?? r.duration;
  return r.requests.total !== undefined && seconds > 0 ? r.requests.total / seconds : r.requests.average;
}

/** The run with the median throughput (the lower middle one of an even count). */
export function medianRun<R extends MeasuredRun>(runs: readonly R[]): R {
  if (runs.length === 0) throw new Error('no runs to take a median of');
  const sorted = [...runs].sort((a, b) => requestsPerSecond(a) - requestsPerSecond(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

export function toRow(
  database: LoadResult['database'],
  route: string,
  connections: number,
  r: MeasuredRun,
  bare: number | null,
): LoadResult {
  const rps = requestsPerSecond(r);
  return {
    database,
    route,
    connections,
    requestsPerSecond: Math.round(rps),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    maxMs: r.latency.max,
    requests: r.requests.total ?? Math.round(r.requests.average * r.duration),
    non2xx: r.non2xx,
    status503: r.statusCodeStats?.['503']?.count ?? 0,
    statusCodes: Object.fromEntries(
      Object.entries(r.statusCodeStats ?? {}).flatMap(([code, v]) => (code.startsWith('2') ? [] : [[code, v.count]])),
    ),
    errors: r.errors,
    ...(r.overload && Object.keys(r.overload).length > 0 ? { overload: r.overload } : {}),
    // Three significant digits: a database route's 0.0144 and 0.0122 (one more statement) both read 0.01 at two decimals.
    ratioToBare: bare ? Number((rps / bare).toPrecision(3)) : null,
  };
}

/** A bare node:http server in its own process answering a small JSON body: the ceiling of this machine. */
export async function startBareServer(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const code = `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'application/json' }); s.end('{"status":"ok"}'); }).listen(${port}, '127.0.0.1', () => console.log('ready'));`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (c) => reject(new Error(`bare server exited ${c}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}
