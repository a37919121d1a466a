import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { describe, expect, it } from 'vitest';
import { withTransientRetry } from './transient-retry.ts';

const unavailable: FetchBaseQueryError = { status: 503, data: { message: 'Layanan sedang tidak tersedia' } };
const offline: FetchBaseQueryError = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };
const conflict: FetchBaseQueryError = { status: 409, data: { message: 'Tidak ada ujian yang berjalan.' } };

/** A call that answers the given results in order, counting its calls and the waits between them. */
function scripted(results: ({ data: string } | { error: FetchBaseQueryError })[]) {
  const waits: number[] = [];
  let calls = 0;
  const call = () => Promise.resolve(results[Math.min(calls++, results.length - 1)]!);
  const wait = (ms: number) => {
    waits.push(ms);
    return Promise.resolve();
  };
  return { call, wait, waits, calls: () => calls };
}

describe('withTransientRetry', () => {
  it('repeats after 503 and network failures until the call succeeds', async () => {
    const s = scripted([{ error: unavailable }, { error: offline }, { data: 'skor' }]);
    const result = await withTransientRetry(s.call, { wait: s.wait, random: () => 0.5 });
    expect(result).toEqual({ data: 'skor' });
    expect(s.calls()).toBe(3);
    expect(s.waits).toEqual([1000, 3000]);
  });

  it('gives up after three repeats and returns the last failure', async () => {
    const s = scripted([{ error: unavailable }]);
    const result = await withTransientRetry(s.call, { wait: s.wait, random: () => 0 });
    expect(result).toEqual({ error: unavailable });
    expect(s.calls()).toBe(4);
    expect(s.waits).toEqual([500, 1500, 3500]);
  });

  it('returns an answer about the request itself at once', async () => {
    const s = scripted([{ error: conflict }, { data: 'never' }]);
    expect(await withTransientRetry(s.call, { wait: s.wait })).toEqual({ error: conflict });
    expect(s.calls()).toBe(1);
    expect(s.waits).toEqual([]);
  });

  it('waits at least as long as the Retry-After of a 503', async () => {
    const busy = (seconds: string) => ({
      error: unavailable,
      meta: { request: new Request('http://x/api'), response: new Response(null, { status: 503, headers: { 'retry-after': seconds } }) },
    });
    const s = scripted([busy('5'), busy('2'), { data: 'skor' }] as never);
    expect(await withTransientRetry(s.call, { wait: s.wait, random: () => 0.5 })).toMatchObject({ data: 'skor' });
    expect(s.waits).toEqual([5000, 3000]);
  });

  it('does not repeat a success', async () => {
    const s = scripted([{ data: 'skor' }]);
    expect(await withTransientRetry(s.call, { wait: s.wait })).toEqual({ data: 'skor' });
    expect(s.calls()).toBe(1);
  });
});
