import { describe, expect, it } from 'vitest';
import { medianRun, requestsPerSecond, type MeasuredRun } from '../../scripts/bench/api.ts';

/** A measured run that answered `total` requests in `seconds`. */
const run = (total: number, seconds = 5) =>
  ({ requests: { total, average: total / seconds }, duration: seconds }) as unknown as MeasuredRun;

describe('bench runs measured in turn', () => {
  it('compares the median round, not the first or the best', () => {
    const rounds = [run(90_000), run(40_000), run(60_000)];
    expect(requestsPerSecond(medianRun(rounds))).toBe(12_000);
  });

  it('takes the lower middle round of an even count', () => {
    expect(requestsPerSecond(medianRun([run(50_000), run(20_000), run(40_000), run(10_000)]))).toBe(4_000);
  });

  it('reads a fixed-amount run by its own elapsed time', () => {
    expect(requestsPerSecond({ ...run(150, 2), elapsedS: 1.5 })).toBe(100);
  });
});
