/**
 * Exam-day simulation: N participants register, sign in, start the free package, autosave drafts
 * with changing answers every few seconds, move through the three sections (some press Selesai,
 * some let the clock run out) and submit. Every acknowledged draft answer must reach the score:
 * the expected correct counts are computed from the acknowledged answers and the keys (read
 * through the admin API) and compared with the returned listeningCorrect/writtenCorrect/readingCorrect.
 *
 *   npm run simulate -- --users 300 [--url http://host:port] [--section-seconds 20] [--ramp-seconds 10]
 *                       [--autosave-seconds 2-4] [--pg] [--registered] [--server-env KEY=VALUE ...]
 *
 * --registered: the accounts are created before the clock starts (untimed), and the participants
 * only sign in, as on an exam day whose learners registered when they bought their package.
 *
 * Without --url it starts the built server (dist/, run `npm run build` first) on a temporary
 * DATA_DIR, on PGlite or (with --pg) on a fresh PostgreSQL database it creates and drops.
 *
 * Besides the latency per route, the report shows every 30 s of the run: its answers' latency and
 * the CPU of the machine, of this process and (when it started it) of the server, so a tail can be
 * told apart from a machine the simulated participants themselves filled.
 * Exit code 1 when any request failed or any answer was lost.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import {
  ApiClient,
  PARTICIPANT_PASSWORD,
  percentile,
  phoneOf,
  pool,
  register,
  signIn,
  signUpAndIn,
  type ApiAnswer,
} from './bench/client.ts';
import { BENCH_ADMIN, serverEnvOf, startServerProcess, type ServerProcess } from './bench/server.ts';
import { QUESTION_INDEXES, sectionOfQuestionPage } from '../machines/exam-layout.ts';

type Sesi = 'listening' | 'written' | 'reading';
type Answer = '1' | '2' | '3' | '4' | '-1';
interface Timer {
  sesi: Sesi | 'finished';
  secondsRemaining: number;
  endsAt: string | null;
  serverNow: string;
}
interface Score {
  listeningCorrect: number;
  writtenCorrect: number;
  readingCorrect: number;
  toeflScore: number;
}

export interface SimulationOptions {
  users: number;
  /** Base URL of a running server; its admin credentials must be given. */
  url: string;
  admin: { nohp: string; password: string };
  sectionSeconds?: number;
  /** Participants arrive spread over this many seconds. */
  rampSeconds?: number;
  /** Autosave interval range in seconds. */
  autosaveSeconds?: [number, number];
  /** Distinguishes phone numbers between runs against one server. */
  run?: number;
  /**
   * The accounts exist before the exam day (learners register when they buy a package): they are
   * created before the clock starts and each participant only signs in. Without it every
   * participant also registers during the run.
   */
  registered?: boolean;
  /** The server's CPU time so far in ms (all threads), when the simulator started it: shown per window. */
  serverCpuMs?: () => Promise<number>;
  log?: (line: string) => void;
}

export interface LatencyRow {
  label: string;
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export interface SimulationReport {
  users: number;
  finished: number;
  errors: number;
  /** Answers 503 (load shed) that were repeated after Retry-After. */
  shed: number;
  /** The same, by the rule that shed them (`x-overload`: event-loop, database-queue, deadline, busy). */
  shedBy: Record<string, number>;
  errorSamples: string[];
  lostAnswers: number;
  lostSamples: string[];
  acknowledgedDrafts: number;
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  latency: LatencyRow[];
  all: Omit<LatencyRow, 'label'>;
  /**
   * The simulating process's own event-loop delay in ms. Every latency above includes it once per
   * turn a request's answer needs (a large compressed answer is decompressed and read in several).
   */
  simulatorLag: { p50: number; p99: number; max: number };
  /**
   * The run in windows of `WINDOW_S` seconds: the answers that arrived in each, and how busy the
   * machine's cores, the simulator and (when it started it) the server were. Shows when a tail
   * happened and whether the machine, the load generator included, had a core to spare then.
   */
  windows: WindowRow[];
}

export interface WindowRow extends Omit<LatencyRow, 'label' | 'p90'> {
  fromS: number;
  /** Busy share of all the machine's cores, in % of one core (200 = both of two). */
  machineCpu: number;
  simulatorCpu: number;
  serverCpu?: number;
}

/** Length of a report window in seconds. */
const WINDOW_S = 30;

const pagesOf = (sesi: Sesi) => QUESTION_INDEXES.filter((p) => sectionOfQuestionPage(p) === sesi);
const SECTION_PAGES: Record<Sesi, number[]> = { listening: pagesOf('listening'), written: pagesOf('written'), reading: pagesOf('reading') };
const NEXT: Record<Sesi, Sesi | 'finished'> = { listening: 'written', written: 'reading', reading: 'finished' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const ANSWERS: Answer[] = ['1', '2', '3', '4', '1', '2', '3', '4', '-1'];

/** Latencies per route label (path ids collapsed) and failures, shared by every participant. */
class Recorder {
  readonly latencies = new Map<string, number[]>();
  readonly errorSamples: string[] = [];
  errors = 0;
  lost = 0;
  readonly lostSamples: string[] = [];
  acknowledged = 0;
  shed = 0;
  readonly shedBy: Record<string, number> = {};
  /** Latencies of the window under way (see `WindowRow`). */
  window: number[] = [];
  observe = (label: string, status: number, ms: number, overload?: string) => {
    this.window.push(ms);
    if (status === 503) {
      this.shed += 1;
      const reason = overload ?? 'unnamed';
      this.shedBy[reason] = (this.shedBy[reason] ?? 0) + 1;
    }
    let list = this.latencies.get(label);
    if (!list) this.latencies.set(label, (list = []));
    list.push(ms);
  };
  fail(who: string, what: string, res?: ApiAnswer<unknown>) {
    this.errors += 1;
    if (this.errorSamples.length < 20)
      this.errorSamples.push(`${who}: ${what}${res ? ` -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}` : ''}`);
  }
  loseAnswers(who: string, count: number, detail: string) {
    this.lost += count;
    if (this.lostSamples.length < 20) this.lostSamples.push(`${who}: ${detail}`);
  }
}

async function adminSetup(options: SimulationOptions, sectionSeconds: number) {
  // Repeats a shed answer like the participants do: right after start the seeding has lagged the
  // event loop, and the first calls may be answered 503 (a 3,000-participant run ended there).
  const admin = new ApiClient(options.url, undefined, 5);
  await signIn(admin, options.admin.nohp, options.admin.password);
  const list = await admin.get<{
    data: {
      id: number;
      nama_paket: string;
      harga: number;
      status: string;
      level: string;
      durasi_listening: number;
      durasi_written: number;
      durasi_reading: number;
    }[];
  }>('/api/admin/paket-soal');
  const paket = list.body.data.find((p) => p.harga === 0 && p.status === 'siap');
  if (!paket) throw new Error('no free, complete (siap) package: seed the demo content or create one');
  const original = { durasi_listening: paket.durasi_listening, durasi_written: paket.durasi_written, durasi_reading: paket.durasi_reading };
  const setDurations = async (d: typeof original) => {
    const res = await admin.put(`/api/admin/paket-soal/${paket.id}`, {
      nama_paket: paket.nama_paket,
      status: paket.status,
      level: paket.level,
      harga: paket.harga,
      ...d,
    });
    if (res.status !== 200) throw new Error(`setting durations: ${res.status} ${JSON.stringify(res.body)}`);
  };
  await setDurations({ durasi_listening: sectionSeconds, durasi_written: sectionSeconds, durasi_reading: sectionSeconds });
  const keys = new Map<number, string>();
  for (const section of ['listening', 'structure', 'written', 'reading']) {
    const res = await admin.get<{ data: { page: number; jawaban: string }[] }>(`/api/admin/paket-soal/${paket.id}/soal-${section}`);
    for (const q of res.body.data) keys.set(q.page, q.jawaban);
  }
  if (keys.size !== 140) throw new Error(`the package has ${keys.size} questions, expected 140`);
  return { paketId: paket.id, keys, restore: () => setDurations(original) };
}

/** One participant from registration to the score. */
async function participant(
  index: number,
  ctx: { options: SimulationOptions; paketId: number; keys: Map<number, string>; rec: Recorder; run: number },
) {
  const { rec, options } = ctx;
  const who = `peserta ${index}`;
  // Up to 5 repeats of a shed request: what the SPA does for exam calls and a person does at the
  // login button. Each shed answer is counted (rec.shed); only a request still refused counts as an error.
  const c = new ApiClient(options.url, rec.observe, 5);
  const [minSave, maxSave] = options.autosaveSeconds ?? [2, 4];
  try {
    if (options.registered) await signIn(c, phoneOf(ctx.run, index), PARTICIPANT_PASSWORD);
    else await signUpAndIn(c, phoneOf(ctx.run, index), `Peserta Simulasi ${index}`);
  } catch (err) {
    rec.fail(who, (err as Error).message);
    return false;
  }
  const ok = <T>(res: ApiAnswer<T>, what: string) => {
    if (res.status >= 200 && res.status < 300) return true;
    rec.fail(who, what, res);
    return false;
  };
  if (!ok(await c.get('/api/paket-soal', 'GET /api/paket-soal'), 'paket list')) return false;
  if (!ok(await c.get(`/api/users/cek-akses/${ctx.paketId}`, 'GET /api/users/cek-akses/:id'), 'access')) return false;
  if (!ok(await c.get('/api/soal', 'GET /api/soal'), 'questions')) return false;

  let timer = await c.put<Timer>('/api/soal/timers', { paketId: ctx.paketId }, 'PUT /api/soal/timers');
  if (!ok(timer, 'start')) return false;
  // Server time = local time + offset (the SPA does the same with serverNow).
  let offset = Date.parse(timer.body.serverNow) - Date.now();
  const serverNow = () => Date.now() + offset;

  const acked = new Map<number, Answer>();
  const current = new Map<number, Answer>();
  let position = 1;

  const save = async (sesi: Sesi): Promise<boolean> => {
    const answers: Record<string, Answer> = {};
    for (const p of SECTION_PAGES[sesi]) {
      const v = current.get(p);
      if (v) answers[String(p)] = v;
    }
    const res = await c.put<{ answers: Record<string, Answer>; ignored?: { id: number }[] }>(
      '/api/soal/jawaban/draft',
      { index: position, answers },
      'PUT /api/soal/jawaban/draft',
    );
    if (!ok(res, `draft in ${sesi}`)) return false;
    const ignored = new Set((res.body.ignored ?? []).map((i) => i.id));
    for (const [page, value] of Object.entries(answers)) {
      if (!ignored.has(Number(page))) acked.set(Number(page), value);
    }
    rec.acknowledged += 1;
    // What the server says it holds must contain every answer it acknowledged before.
    const missing = [...acked].filter(([p, v]) => res.body.answers[String(p)] !== v);
    if (missing.length > 0)
      rec.loseAnswers(who, missing.length, `draft answer lost after save in ${sesi}: pages ${missing.map(([p]) => p).join(',')}`);
    return true;
  };

  for (let sesi: Sesi | 'finished' = 'listening'; sesi !== 'finished';) {
    if (timer.body.sesi !== sesi || !timer.body.endsAt) {
      rec.fail(who, `expected ${sesi}, server says ${JSON.stringify(timer.body)}`);
      return false;
    }
    const endsAt = Date.parse(timer.body.endsAt);
    const finishEarly = Math.random() < 0.3;
    const plannedEnd = finishEarly ? endsAt - (2_000 + Math.random() * 4_000) : endsAt - 300;
    let refreshed = false;
    for (;;) {
      const wait = (minSave + Math.random() * (maxSave - minSave)) * 1000;
      if (serverNow() + wait >= plannedEnd) break;
      await sleep(wait);
      for (let k = 1 + Math.floor(Math.random() * 4); k > 0; k--) {
        const page = pick(SECTION_PAGES[sesi]);
        current.set(page, pick(ANSWERS));
        position = page;
      }
      if (!(await save(sesi))) return false;
      if (!refreshed && serverNow() > endsAt - (endsAt - Date.parse(timer.body.serverNow)) / 2) {
        // A timer refresh mid-section, as the SPA does periodically and when the tab is shown again.
        refreshed = true;
        const r = await c.put<Timer>('/api/soal/timers', {}, 'PUT /api/soal/timers');
        if (!ok(r, 'timer refresh')) return false;
        if (r.body.endsAt !== timer.body.endsAt) rec.fail(who, `timer moved: ${timer.body.endsAt} -> ${r.body.endsAt}`);
        offset = Date.parse(r.body.serverNow) - Date.now();
      }
    }
    await sleep(plannedEnd - serverNow());
    // The last changes of the section, saved as its time ends.
    current.set(pick(SECTION_PAGES[sesi]), pick(ANSWERS));
    if (!(await save(sesi))) return false;

    const draft = await c.get<{ answers: Record<string, Answer> }>('/api/soal/jawaban/draft', 'GET /api/soal/jawaban/draft');
    if (!ok(draft, 'read draft')) return false;
    const missing = [...acked].filter(([p, v]) => draft.body.answers[String(p)] !== v);
    if (missing.length > 0) rec.loseAnswers(who, missing.length, `saved draft lacks pages ${missing.map(([p]) => p).join(',')}`);

    if (finishEarly) {
      if (!ok(await c.put('/api/soal/timers-to-zero', {}, 'PUT /api/soal/timers-to-zero'), 'Selesai')) return false;
    } else {
      await sleep(endsAt + 250 - serverNow());
    }
    if (sesi === 'reading') break;
    timer = await c.put<Timer>('/api/soal/timers/next', { sesi }, 'PUT /api/soal/timers/next');
    if (!ok(timer, `next after ${sesi}`)) return false;
    offset = Date.parse(timer.body.serverNow) - Date.now();
    sesi = NEXT[sesi];
  }

  // The final submission carries the acknowledged state of every page (unanswered = -1).
  const answers = [...ctx.keys.keys()].sort((a, b) => a - b).map((page) => ({ id: page, answer: acked.get(page) ?? '-1' }));
  const submit = await c.post<Score>('/api/soal/jawaban', { answers }, 'POST /api/soal/jawaban');
  if (!ok(submit, 'submit')) return false;
  const expected = { listening: 0, written: 0, reading: 0 };
  for (const sesi of ['listening', 'written', 'reading'] as const) {
    for (const p of SECTION_PAGES[sesi]) if (acked.get(p) === ctx.keys.get(p)) expected[sesi] += 1;
  }
  const got = { listening: submit.body.listeningCorrect, written: submit.body.writtenCorrect, reading: submit.body.readingCorrect };
  const diff =
    Math.abs(got.listening - expected.listening) + Math.abs(got.written - expected.written) + Math.abs(got.reading - expected.reading);
  if (diff > 0) rec.loseAnswers(who, diff, `score ${JSON.stringify(got)} but acknowledged answers give ${JSON.stringify(expected)}`);
  // A repeated submission returns the same score (idempotent).
  const again = await c.post<Score>('/api/soal/jawaban', { answers }, 'POST /api/soal/jawaban');
  if (ok(again, 'repeat submit') && again.body.toeflScore !== submit.body.toeflScore)
    rec.fail(who, 'a repeated submission changed the score');
  return true;
}

function stats(values: number[]): Omit<LatencyRow, 'label'> {
  const sorted = [...values].sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 10) / 10;
  return {
    count: sorted.length,
    p50: r(percentile(sorted, 50)),
    p90: r(percentile(sorted, 90)),
    p99: r(percentile(sorted, 99)),
    max: r(sorted.at(-1) ?? 0),
  };
}

/** How often the simulator's event loop is sampled; each sample counts this interval as well. */
const LAG_RESOLUTION_MS = 10;
/** A sample of monitorEventLoopDelay (nanoseconds, the interval included) as the delay beyond it in ms. */
const lagMs = (ns: number) => Math.max(0, Math.round(ns / 1e5) / 10 - LAG_RESOLUTION_MS);

export async function runSimulation(options: SimulationOptions): Promise<SimulationReport> {
  const log = options.log ?? (() => undefined);
  const sectionSeconds = options.sectionSeconds ?? 20;
  const rampSeconds = options.rampSeconds ?? Math.min(30, Math.max(5, options.users / 50));
  const run = options.run ?? Math.floor(Math.random() * 10_000);
  const setup = await adminSetup(options, sectionSeconds);
  const rec = new Recorder();
  const [minSave, maxSave] = options.autosaveSeconds ?? [2, 4];
  log(
    `paket ${setup.paketId}: ${options.users} peserta, ${sectionSeconds} s per sesi, datang dalam ${rampSeconds} s, simpan tiap ${minSave}-${maxSave} s`,
  );
  if (options.registered) {
    const before = performance.now();
    // Not part of the exam day: neither timed nor counted; two at a time, as the hashing allows.
    const quiet = new ApiClient(options.url, undefined, 20);
    await pool(
      Array.from({ length: options.users }, (_, i) => i),
      2,
      (i) => register(quiet, phoneOf(run, i), `Peserta Simulasi ${i}`),
    );
    log(`${options.users} akun terdaftar sebelum hari ujian (${Math.round((performance.now() - before) / 1000)} s)`);
  }
  const started = performance.now();
  const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  lag.enable();
  const windows = new WindowSampler(rec, options.serverCpuMs);
  await windows.start();
  let finished = 0;
  try {
    await Promise.all(
      Array.from({ length: options.users }, async (_, i) => {
        await sleep((i / options.users) * rampSeconds * 1000);
        // A participant that stops with an exception is one error of the run, not the end of it:
        // thrown through Promise.all it ended the run mid-exam and its report was never printed.
        try {
          if (await participant(i, { options, paketId: setup.paketId, keys: setup.keys, rec, run })) finished += 1;
        } catch (error) {
          rec.fail(`peserta ${i}`, `berhenti: ${(error as Error).message}`);
        }
      }),
    );
  } finally {
    lag.disable();
    await windows.stop();
    await setup.restore().catch((error: unknown) => {
      rec.fail('admin', `durasi paket tidak dapat dipulihkan: ${(error as Error).message}`);
    });
  }
  const seconds = (performance.now() - started) / 1000;
  const all = [...rec.latencies.values()].flat();
  return {
    users: options.users,
    finished,
    errors: rec.errors,
    shed: rec.shed,
    shedBy: rec.shedBy,
    errorSamples: rec.errorSamples,
    lostAnswers: rec.lost,
    lostSamples: rec.lostSamples,
    acknowledgedDrafts: rec.acknowledged,
    requests: all.length,
    seconds: Math.round(seconds * 10) / 10,
    requestsPerSecond: Math.round(all.length / seconds),
    latency: [...rec.latencies].map(([label, v]) => ({ label, ...stats(v) })).sort((a, b) => a.label.localeCompare(b.label)),
    all: stats(all),
    simulatorLag: { p50: lagMs(lag.percentile(50)), p99: lagMs(lag.percentile(99)), max: lagMs(lag.max) },
    windows: windows.rows,
  };
}

/** The machine's busy and total CPU time in clock ticks, from the first line of /proc/stat (null elsewhere). */
async function machineCpuTicks(): Promise<{ busy: number; total: number } | null> {
  try {
    const fields = (await readFile('/proc/stat', 'utf8')).split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal: idle and iowait are not busy.
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: total - fields[3]! - fields[4]!, total };
  } catch {
    return null;
  }
}

interface CpuSample {
  at: number;
  machine: { busy: number; total: number } | null;
  self: NodeJS.CpuUsage;
  server: number;
}

/** Closes a `WindowRow` every `WINDOW_S` seconds while the participants run. */
class WindowSampler {
  readonly rows: WindowRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private last: CpuSample | undefined;
  private readonly started = performance.now();

  constructor(
    private readonly rec: Recorder,
    private readonly serverCpuMs?: () => Promise<number>,
  ) {}

  private async sample(): Promise<CpuSample> {
    return { at: performance.now(), machine: await machineCpuTicks(), self: process.cpuUsage(), server: (await this.serverCpuMs?.()) ?? 0 };
  }

  async start(): Promise<void> {
    this.rec.window = [];
    this.last = await this.sample();
    this.timer = setInterval(() => void this.close(), WINDOW_S * 1000);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.close();
  }

  private async close(): Promise<void> {
    const latencies = this.rec.window;
    this.rec.window = [];
    const now = await this.sample();
    const last = this.last!;
    this.last = now;
    const wall = now.at - last.at;
    if (latencies.length === 0 || wall <= 0) return;
    const pct = (ms: number) => Math.round((ms / wall) * 100);
    const { p50, p99, max, count } = stats(latencies);
    this.rows.push({
      fromS: Math.round((last.at - this.started) / 1000),
      count,
      p50,
      p99,
      max,
      machineCpu:
        now.machine && last.machine && now.machine.total > last.machine.total
          ? Math.round(
              ((now.machine.busy - last.machine.busy) / (now.machine.total - last.machine.total)) * os.availableParallelism() * 100,
            )
          : 0,
      simulatorCpu: pct((now.self.user + now.self.system - last.self.user - last.self.system) / 1000),
      ...(this.serverCpuMs ? { serverCpu: pct(now.server - last.server) } : {}),
    });
  }
}

export function formatReport(r: SimulationReport): string {
  const lines = [
    `peserta ${r.users}, selesai ${r.finished}, galat ${r.errors}, ditolak sibuk lalu diulang ${r.shed}${
      r.shed
        ? ` (${Object.entries(r.shedBy)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')})`
        : ''
    }, jawaban hilang ${r.lostAnswers}, draft diakui ${r.acknowledgedDrafts}`,
    `${r.requests} permintaan dalam ${r.seconds} s = ${r.requestsPerSecond} per detik; semua: p50 ${r.all.p50} ms, p90 ${r.all.p90} ms, p99 ${r.all.p99} ms, maks ${r.all.max} ms`,
    `jeda event loop simulator (termasuk dalam latensi): p50 ${r.simulatorLag.p50} ms, p99 ${r.simulatorLag.p99} ms, maks ${r.simulatorLag.max} ms`,
    '',
    `${'route'.padEnd(36)} ${'count'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p90 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
    ...r.latency.map(
      (l) =>
        `${l.label.padEnd(36)} ${String(l.count).padStart(7)} ${String(l.p50).padStart(8)} ${String(l.p90).padStart(8)} ${String(l.p99).padStart(8)} ${String(l.max).padStart(8)}`,
    ),
  ];
  if (r.windows.length > 0) {
    lines.push(
      '',
      `per ${WINDOW_S} s (CPU dalam % satu inti)`,
      `${'dari s'.padStart(7)} ${'count'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'mesin'.padStart(6)} ${'simulator'.padStart(9)} ${'server'.padStart(7)}`,
      ...r.windows.map(
        (w) =>
          `${String(w.fromS).padStart(7)} ${String(w.count).padStart(7)} ${String(w.p50).padStart(8)} ${String(w.p99).padStart(8)} ${String(w.max).padStart(8)} ${String(w.machineCpu).padStart(6)} ${String(w.simulatorCpu).padStart(9)} ${String(w.serverCpu ?? '-').padStart(7)}`,
      ),
    );
  }
  for (const e of r.errorSamples) lines.push(`galat: ${e}`);
  for (const e of r.lostSamples) lines.push(`hilang: ${e}`);
  return lines.join('\n');
}

/** A fresh PostgreSQL database (name, url, drop) on the local server. */
export async function freshPostgresDatabase(adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres') {
  const name = `sim_${randomBytes(5).toString('hex')}`;
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: adminUrl });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

function argOf(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const users = Number(argOf(args, 'users') ?? 100);
  const sectionSeconds = Number(argOf(args, 'section-seconds') ?? 20);
  const rampArg = argOf(args, 'ramp-seconds');
  // '8-12' saves every 8 to 12 s (the design's 10 s cadence); the default 2-4 s is a harder load.
  const autosaveArg = argOf(args, 'autosave-seconds')?.split('-').map(Number);
  const autosaveSeconds =
    autosaveArg && autosaveArg.length === 2 && autosaveArg.every((n) => n > 0)
      ? ([autosaveArg[0]!, autosaveArg[1]!] as [number, number])
      : undefined;
  let url = argOf(args, 'url');
  let server: ServerProcess | undefined;
  let cleanup = async () => {};
  const admin = {
    nohp: process.env.ADMIN_NOHP ?? BENCH_ADMIN.nohp,
    password: process.env.ADMIN_PASSWORD ?? BENCH_ADMIN.password,
  };
  if (!url) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'toefl-sim-'));
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      LOGIN_MAX_PER_IP: '1000000',
      ADMIN_NOHP: admin.nohp,
      ADMIN_PASSWORD: admin.password,
      ...serverEnvOf(args),
    };
    let drop = async () => {};
    if (args.includes('--pg')) {
      const db = await freshPostgresDatabase();
      env.DATABASE_URL = db.url;
      drop = db.drop;
    }
    server = await startServerProcess({ env });
    url = server.baseUrl;
    console.info(`server ${url} (${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}) sehat dalam ${Math.round(server.readyMs)} ms`);
    cleanup = async () => {
      const peak = await server!.peakRssMb();
      console.info(`puncak RSS server: ${peak} MB`);
      await server!.stop();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    };
  }
  try {
    const report = await runSimulation({
      users,
      url,
      admin,
      sectionSeconds,
      ...(rampArg ? { rampSeconds: Number(rampArg) } : {}),
      ...(autosaveSeconds ? { autosaveSeconds } : {}),
      registered: args.includes('--registered'),
      ...(server ? { serverCpuMs: () => server.cpuMs() } : {}),
      log: (l) => console.info(l),
    });
    console.info(formatReport(report));
    if (args.includes('--json')) console.info(JSON.stringify(report));
    return report.errors === 0 && report.lostAnswers === 0 && report.finished === users ? 0 : 1;
  } finally {
    await cleanup();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
