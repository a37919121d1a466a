/**
 * The budgets of DESIGN section 8 judged against one bench run (scripts/bench/index.ts): the one
 * place that says which measurement meets which budget.
 */
import type { LoadResult } from './api.ts';
import type { BundleSize } from './build.ts';
import type { LighthouseScores } from './lighthouse.ts';

/**
 * The design's exam-day sizes (DESIGN section 8: participants autosave every 10 s and refresh the
 * timer every 30 s): the exam mix runs at their calls per second.
 */
export const PARTICIPANTS = { pglite: 3_000, postgres: 10_000 } as const;

export interface Budget {
  name: string;
  budget: string;
  measured: string;
  met: boolean | null;
}

export interface StartTimes {
  firstStartMs: number;
  restartMs: number[];
  restartMedianMs: number;
  postgresFirstStartMs: number | null;
}

export interface BenchResult {
  startedAt: string;
  finishedAt: string;
  seconds: number;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; loadAverageAtStart: number[] };
  settings: { durationS: number; connections: number[]; draftUsers: number; submitUsers: Record<number, number> };
  bundles: BundleSize[];
  lighthouse: LighthouseScores[];
  api: LoadResult[];
  peakRssMb: { pglite: number | null; postgres: number | null };
  start: StartTimes;
  budgets: Budget[];
}

type Add = (name: string, budget: string, measured: string, met: boolean | null) => void;

/**
 * A read's ratio to bare `node:http`, judged at the lowest of the connection counts measured (the
 * design names none), every count shown.
 */
function readRatio(add: Add, name: string, min: number, runs: readonly LoadResult[]): void {
  if (runs.length === 0) return;
  const ratios = [...runs]
    .sort((a, b) => a.connections - b.connections)
    .map((a) => ({ connections: a.connections, ratio: a.ratioToBare ?? 0 }));
  const lowest = Math.min(...ratios.map((r) => r.ratio));
  add(name, `>= ${min} at every connection count`, ratios.map((r) => `${r.ratio} at ${r.connections}`).join(', '), lowest >= min);
}

export function budgets(r: Omit<BenchResult, 'budgets' | 'finishedAt' | 'seconds'>): Budget[] {
  const out: Budget[] = [];
  const add: Add = (name, budget, measured, met) => out.push({ name, budget, measured, met });
  const bundle = (route: string) => r.bundles.find((b) => b.route === route);
  const landing = bundle('landing');
  const exam = bundle('exam');
  if (landing) {
    add('landing JS gzip', '<= 150 KB', `${landing.jsKb} KB`, landing.jsKb <= 150);
    add('landing CSS gzip', '<= 30 KB', `${landing.cssKb} KB`, landing.cssKb <= 30);
  }
  if (exam)
    add(
      'exam route total gzip',
      '<= 230 KB',
      exam.found ? `${Math.round((exam.jsKb + exam.cssKb) * 10) / 10} KB` : 'route not built yet',
      exam.found ? exam.jsKb + exam.cssKb <= 230 : null,
    );
  for (const lh of r.lighthouse) {
    if (lh.page === 'landing')
      add('Lighthouse performance, landing', '>= 95', String(lh.performance), lh.performance === null ? null : lh.performance >= 95);
    if (lh.page === 'exam')
      add('Lighthouse performance, exam', '>= 90', String(lh.performance), lh.performance === null ? null : lh.performance >= 90);
    add(
      `Lighthouse accessibility, ${lh.page}`,
      '100',
      String(lh.accessibility),
      lh.accessibility === null ? null : lh.accessibility === 100,
    );
  }
  for (const db of ['pglite', 'postgres'] as const) {
    const rows = r.api.filter((a) => a.database === db);
    if (rows.length === 0) continue;
    const mix = rows.find((a) => a.route.startsWith('exam mix'));
    if (mix)
      add(
        `exam calls p99 at ${PARTICIPANTS[db]} participants (${db})`,
        '< 50 ms, all 2xx',
        `${mix.p99Ms} ms at ${mix.requestsPerSecond} req/s, non-2xx ${mix.non2xx}`,
        mix.p99Ms < 50 && mix.non2xx === 0 && mix.errors === 0,
      );
    for (const route of ['PUT /api/soal/timers', 'PUT /api/soal/jawaban/draft']) {
      const at10 = rows.find((a) => a.route === route && a.connections === 10);
      const at100 = rows.find((a) => a.route === route && a.connections === 100);
      if (at10)
        add(`${route} vs bare node:http at 10 connections (${db})`, '>= 0.23', String(at10.ratioToBare), (at10.ratioToBare ?? 0) >= 0.23);
      if (at100) add(`${route} p99 at 100 connections (${db})`, '<= 50 ms', `${at100.p99Ms} ms`, at100.p99Ms <= 50);
    }
    const submitAt10 = rows.find((a) => a.route.startsWith('POST /api/soal/jawaban') && a.connections === 10);
    const submitRate = db === 'postgres' ? 200 : 100;
    if (submitAt10)
      add(
        `submissions per second at 10 connections (${db})`,
        `>= ${submitRate}`,
        String(submitAt10.requestsPerSecond),
        submitAt10.requestsPerSecond >= submitRate,
      );
    const submitAt500 = rows.find((a) => a.route.startsWith('POST /api/soal/jawaban') && a.connections === 500);
    if (submitAt500)
      add(`500 simultaneous submissions (${db})`, 'no 503', `${submitAt500.status503} answered 503`, submitAt500.status503 === 0);
    const storm = rows.find((a) => a.route.startsWith('exam calls during the login storm'));
    if (storm)
      add(
        `exam calls p99 during a login storm (${db})`,
        '<= 100 ms, all 2xx',
        `${storm.p99Ms} ms, non-2xx ${storm.non2xx}`,
        storm.p99Ms <= 100 && storm.non2xx === 0 && storm.errors === 0,
      );
    if (submitAt10)
      add(`140-answer submission p99 at 10 connections (${db})`, '< 100 ms', `${submitAt10.p99Ms} ms`, submitAt10.p99Ms < 100);
    const submitAt100 = rows.find((a) => a.route.startsWith('POST /api/soal/jawaban') && a.connections === 100);
    if (submitAt100)
      add(`140-answer submission p99 at 100 connections (${db})`, '< 500 ms', `${submitAt100.p99Ms} ms`, submitAt100.p99Ms < 500);
    readRatio(
      add,
      `DB-free route vs bare node:http (${db})`,
      0.8,
      rows.filter((a) => a.route.startsWith('GET /api/site')),
    );
    readRatio(
      add,
      `public package list vs bare node:http (${db})`,
      0.5,
      rows.filter((a) => a.route === 'GET /api/paket-soal'),
    );
    const failed = rows.filter((a) => a.non2xx > 0 || a.errors > 0);
    add(
      `load runs without failed requests (${db})`,
      '0 non-2xx',
      failed.length === 0 ? '0' : failed.map((f) => `${f.route} @${f.connections}: ${f.non2xx} non-2xx, ${f.errors} errors`).join('; '),
      failed.length === 0,
    );
  }
  add(
    'restart to healthy (PGlite, existing data)',
    '<= 1500 ms',
    `${r.start.restartMedianMs} ms (median of 3)`,
    r.start.restartMedianMs <= 1500,
  );
  add('first start with demo seeding (PGlite)', '<= 10000 ms', `${r.start.firstStartMs} ms`, r.start.firstStartMs <= 10_000);
  return out;
}
