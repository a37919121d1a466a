import { describe, expect, it } from 'vitest';
import type { LoadResult } from '../../scripts/bench/api.ts';
import { budgets, type BenchResult } from '../../scripts/bench/budgets.ts';

/** One measured route of a bench run; only the fields a budget reads matter. */
const load = (database: LoadResult['database'], route: string, connections: number, ratioToBare: number): LoadResult => ({
  database,
  route,
  connections,
  ratioToBare,
  requestsPerSecond: 1_000,
  p50Ms: 1,
  p99Ms: 2,
  maxMs: 3,
  requests: 5_000,
  non2xx: 0,
  status503: 0,
  statusCodes: {},
  errors: 0,
});

const run = (api: LoadResult[]): Omit<BenchResult, 'budgets' | 'finishedAt' | 'seconds'> => ({
  startedAt: '2026-11-28T00:00:00.000Z',
  machine: { cpus: 2, cpuModel: 'test', memoryGb: 24, node: 'v20', loadAverageAtStart: [0, 0, 0] },
  settings: { durationS: 5, connections: [10, 100, 500], draftUsers: 200, submitUsers: { 10: 150 } },
  bundles: [],
  lighthouse: [],
  api,
  peakRssMb: { pglite: null, postgres: null },
  start: { firstStartMs: 4_000, restartMs: [900, 1_000, 1_100], restartMedianMs: 1_000, postgresFirstStartMs: null },
});

const judged = (api: LoadResult[], name: string) => budgets(run(api)).find((b) => b.name === name);

describe('bench budgets of the reads', () => {
  const site = 'GET /api/site (no database)';
  const list = 'GET /api/paket-soal';

  it('judges the route with no database at its lowest connection count, not its best', () => {
    const b = judged(
      [load('pglite', site, 10, 0.795), load('pglite', site, 100, 0.9), load('pglite', site, 500, 0.804)],
      'DB-free route vs bare node:http (pglite)',
    );
    expect(b).toMatchObject({ met: false, measured: '0.795 at 10, 0.9 at 100, 0.804 at 500' });
    expect(judged([load('pglite', site, 10, 0.8), load('pglite', site, 100, 0.81)], 'DB-free route vs bare node:http (pglite)')?.met).toBe(
      true,
    );
  });

  it('reports the public package list against 0.5 of bare on each database', () => {
    const api = [
      load('postgres', list, 10, 0.286),
      load('postgres', list, 100, 0.509),
      load('pglite', list, 10, 0.809),
      load('pglite', list, 100, 0.5),
    ];
    expect(judged(api, 'public package list vs bare node:http (postgres)')).toMatchObject({
      met: false,
      measured: '0.286 at 10, 0.509 at 100',
    });
    expect(judged(api, 'public package list vs bare node:http (pglite)')?.met).toBe(true);
  });

  it('leaves out a read that was not measured', () => {
    expect(judged([load('pglite', site, 10, 0.9)], 'public package list vs bare node:http (pglite)')).toBeUndefined();
  });
});

describe('bench budgets of the final submission', () => {
  it('reads its rate and its p99 from the run at 10 connections', () => {
    const route = 'POST /api/soal/jawaban (140 answers)';
    const at10 = { ...load('postgres', route, 10, 0.009), requestsPerSecond: 459, p99Ms: 49 };
    const at100 = { ...load('postgres', route, 100, 0.009), requestsPerSecond: 150, p99Ms: 250 };
    const all = budgets(run([at100, at10]));
    expect(all.find((b) => b.name === 'submissions per second at 10 connections (postgres)')).toMatchObject({ met: true, measured: '459' });
    expect(all.find((b) => b.name === '140-answer submission p99 at 10 connections (postgres)')).toMatchObject({
      met: true,
      measured: '49 ms',
    });
  });

  it('judges the p99 at 100 connections against 500 ms', () => {
    const route = 'POST /api/soal/jawaban (140 answers)';
    const at10 = { ...load('postgres', route, 10, 0.009), requestsPerSecond: 459, p99Ms: 49 };
    const p99At100 = (p99Ms: number) =>
      budgets(run([at10, { ...load('postgres', route, 100, 0.009), requestsPerSecond: 380, p99Ms }])).find(
        (b) => b.name === '140-answer submission p99 at 100 connections (postgres)',
      );
    expect(p99At100(499)).toMatchObject({ met: true, measured: '499 ms', budget: '< 500 ms' });
    expect(p99At100(500)).toMatchObject({ met: false, measured: '500 ms' });
  });
});
