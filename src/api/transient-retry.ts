import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

export type Attempt<T> = ({ data: T; error?: undefined } | { error: FetchBaseQueryError; data?: undefined }) & {
  meta?: FetchBaseQueryMeta | undefined;
};

/** Retry-After of an answer in ms (seconds or an HTTP date); 0 when absent or unreadable. */
export function retryAfterMs(meta: FetchBaseQueryMeta | undefined, now = Date.now()): number {
  const value = meta?.response?.headers.get('retry-after')?.trim();
  if (!value) return 0;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? 0 : Math.max(0, at - now);
}

/** Failures that say nothing about the request itself: the network, a gateway, an overloaded server. */
export function isTransientFailure(error: FetchBaseQueryError): boolean {
  return (
    error.status === 'FETCH_ERROR' ||
    error.status === 'TIMEOUT_ERROR' ||
    error.status === 502 ||
    error.status === 503 ||
    error.status === 504
  );
}

/**
 * Waits before each repeat of an idempotent call: about 1, 3 and 7 s. The jitter (x0.5-1.5)
 * spreads the repeats of many phones that failed together (everyone submits when the reading clock
 * ends), so the repeats do not arrive as the same wave again.
 */
export const TRANSIENT_RETRY_DELAYS_MS = [1_000, 3_000, 7_000] as const;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Repeats an idempotent call while it fails transiently, then hands back its last answer, so a
 * caller sees an error only when repeating no longer helps. Any other answer returns at once. A
 * server that sheds load says when to come back (Retry-After); no repeat comes sooner.
 */
export async function withTransientRetry<T>(
  call: () => Promise<Attempt<T>>,
  options: { delaysMs?: readonly number[]; wait?: (ms: number) => Promise<void>; random?: () => number } = {},
): Promise<Attempt<T>> {
  const { delaysMs = TRANSIENT_RETRY_DELAYS_MS, wait = sleep, random = Math.random } = options;
  let result = await call();
  for (const delay of delaysMs) {
    if (!result.error || !isTransientFailure(result.error)) return result;
    await wait(Math.max(Math.round(delay * (0.5 + random())), retryAfterMs(result.meta)));
    result = await call();
  }
  return result;
}
