import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';

export interface ApiAnswer<T> {
  status: number;
  body: T;
  ms: number;
}

/**
 * Called after every request (route label, status, latency, and for a shed answer the rule that
 * shed it, from `x-overload`) so callers can keep statistics.
 */
export type RequestObserver = (label: string, status: number, ms: number, overload?: string) => void;

/**
 * A participant's HTTP client with its own session cookie, as a browser tab would be.
 * Network failures come back as status 0 instead of throwing, so load loops count them.
 */
export class ApiClient {
  cookie: string | undefined;
  constructor(
    readonly baseUrl: string,
    private readonly observe?: RequestObserver,
    /** How many times a 503 (load shed) is repeated after its Retry-After, as the SPA and a person do. */
    private readonly busyRepeats = 0,
  ) {}

  async call<T = Record<string, unknown>>(method: string, url: string, body?: unknown, label = `${method} ${url}`): Promise<ApiAnswer<T>> {
    for (let repeat = 0; ; repeat++) {
      const answer = await this.once<T>(method, url, body, label);
      if (answer.status !== 503 || repeat >= this.busyRepeats) return answer;
      // Jittered, so the shed requests do not all come back in the same instant.
      await new Promise((r) => setTimeout(r, (answer.retryAfterSeconds ?? 1) * 1000 * (0.5 + Math.random())));
    }
  }

  private async once<T>(method: string, url: string, body: unknown, label: string): Promise<ApiAnswer<T> & { retryAfterSeconds?: number }> {
    const headers: Record<string, string> = { 'accept-encoding': 'br, gzip, deflate' };
    if (this.cookie) headers.cookie = this.cookie;
    const payload = body !== undefined ? Buffer.from(JSON.stringify(body)) : undefined;
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    const started = performance.now();
    let status = 0;
    let parsed: unknown = null;
    let retryAfterSeconds: number | undefined;
    let overload: string | undefined;
    try {
      const res = await send(new URL(`${this.baseUrl}${url}`), method, headers, payload);
      status = res.status;
      retryAfterSeconds = Number(res.headers['retry-after']) || undefined;
      overload = typeof res.headers['x-overload'] === 'string' ? res.headers['x-overload'] : undefined;
      for (const c of res.headers['set-cookie'] ?? []) {
        const pair = c.split(';')[0] ?? '';
        if (pair.startsWith('sid=')) this.cookie = /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c) ? undefined : pair;
      }
      const text = res.body.toString('utf8');
      parsed = text ? (JSON.parse(text) as unknown) : null;
    } catch (err) {
      parsed = { message: (err as Error).message };
    }
    const ms = performance.now() - started;
    this.observe?.(label, status, ms, overload);
    return { status, body: parsed as T, ms, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) };
  }

  get<T = Record<string, unknown>>(url: string, label?: string) {
    return this.call<T>('GET', url, undefined, label);
  }
  put<T = Record<string, unknown>>(url: string, body: unknown, label?: string) {
    return this.call<T>('PUT', url, body, label);
  }
  post<T = Record<string, unknown>>(url: string, body: unknown, label?: string) {
    return this.call<T>('POST', url, body, label);
  }
}

/**
 * Kept-alive sockets shared by every client of the process, as fetch's own pool was. node:http
 * costs the simulating process about a third of the CPU per request that fetch did (200-330 µs
 * against 630-1,160 µs, measured here), and on a two-core machine the load generator's CPU is
 * taken from the server it measures.
 */
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Decoded as the server's content-encoding says. */
  body: Buffer;
}

/** Decodes a body the way a browser does (the server compresses what a browser accepts). */
function decoded(body: Buffer, encoding: string | undefined): Buffer {
  switch (encoding) {
    case 'br':
      return zlib.brotliDecompressSync(body);
    case 'gzip':
      return zlib.gunzipSync(body);
    case 'deflate':
      return zlib.inflateSync(body);
    default:
      return body;
  }
}

function send(url: URL, method: string, headers: Record<string, string>, payload: Buffer | undefined): Promise<RawAnswer> {
  const secure = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(url, { method, headers, agent: agents[secure ? 'https:' : 'http:'] }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        try {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: decoded(Buffer.concat(chunks), res.headers['content-encoding']),
          });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** A valid Indonesian mobile number, unique per (run, index). */
export function phoneOf(run: number, index: number): string {
  return `0812${String(run % 10_000).padStart(4, '0')}${String(index).padStart(5, '0')}`;
}

export async function signIn(client: ApiClient, nohp: string, password: string): Promise<void> {
  const res = await client.post('/api/users/login', { nohp, password }, 'POST /api/users/login');
  if (res.status !== 200) throw new Error(`login ${nohp}: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Every load participant's password (signUpAndIn registers them with it). */
export const PARTICIPANT_PASSWORD = 'rahasia-beban-1';

/** Registers a participant with PARTICIPANT_PASSWORD; a number that already exists is left as it is. */
export async function register(client: ApiClient, nohp: string, nama = 'Peserta Beban'): Promise<void> {
  const password = PARTICIPANT_PASSWORD;
  const reg = await client.post('/api/users/register', { nohp, nama, email: `p${nohp}@example.id`, password }, 'POST /api/users/register');
  if (reg.status !== 201 && reg.status !== 409) throw new Error(`register ${nohp}: ${reg.status} ${JSON.stringify(reg.body)}`);
}

/** Registers and signs in a participant; a number that already exists just signs in. */
export async function signUpAndIn(client: ApiClient, nohp: string, nama = 'Peserta Beban'): Promise<void> {
  await register(client, nohp, nama);
  await signIn(client, nohp, PARTICIPANT_PASSWORD);
}

/** The free package a fresh install seeds (harga 0, siap), or the first free one listed. */
export async function findFreePackage(baseUrl: string): Promise<{ id: number; nama_paket: string }> {
  const res = await new ApiClient(baseUrl).get<{ data: { id: number; nama_paket: string; harga: number }[] }>('/api/paket-soal');
  const paket = res.body.data.find((p) => p.harga === 0);
  if (!paket) throw new Error('no free package is listed at /api/paket-soal');
  return paket;
}

/** Runs `task` over `items` with at most `limit` at once. */
export async function pool<T, R>(items: T[], limit: number, task: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!, i);
    }
  });
  await Promise.all(workers);
  return results;
}

export type Stage = 'listening' | 'reading';

/**
 * Participants of the free package with a started attempt: in listening (its clock running), or
 * moved to reading by ending listening and written early (Selesai). Returns their cookies.
 */
export async function prepareParticipants(
  baseUrl: string,
  options: { run: number; from: number; count: number; stage: Stage; paketId: number; concurrency?: number },
): Promise<string[]> {
  const indexes = Array.from({ length: options.count }, (_, i) => options.from + i);
  return pool(indexes, options.concurrency ?? 16, async (index) => {
    const c = new ApiClient(baseUrl);
    await signUpAndIn(c, phoneOf(options.run, index));
    const access = await c.get(`/api/users/cek-akses/${options.paketId}`);
    if (access.status !== 200) throw new Error(`cek-akses: ${access.status} ${JSON.stringify(access.body)}`);
    const t = await c.put<{ sesi: string }>('/api/soal/timers', { paketId: options.paketId });
    if (t.status !== 200 || t.body.sesi !== 'listening') throw new Error(`timers: ${t.status} ${JSON.stringify(t.body)}`);
    if (options.stage === 'reading') {
      for (let i = 0; i < 2; i++) {
        await c.put('/api/soal/timers-to-zero', {});
        const next = await c.put<{ sesi: string }>('/api/soal/timers/next', {});
        if (next.status !== 200) throw new Error(`timers/next: ${next.status} ${JSON.stringify(next.body)}`);
      }
    }
    return c.cookie!;
  });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}
