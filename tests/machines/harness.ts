import { vi } from 'vitest';
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';

/**
 * Test doubles for provided actors. A promise actor's calls wait until the test settles them, so
 * a model step "the server answered X" becomes `resolve(X)` on the pending call.
 */
export interface Call<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
  settled: boolean;
}

export function controllable<O, I = void>() {
  const calls: Call<I, O>[] = [];
  const logic = fromPromise<O, I>(
    ({ input }) =>
      new Promise<O>((resolve, reject) => {
        const call: Call<I, O> = {
          input,
          settled: false,
          resolve: (o) => {
            call.settled = true;
            resolve(o);
          },
          reject: (e) => {
            call.settled = true;
            reject(e instanceof Error ? e : new Error(String(e)));
          },
        };
        calls.push(call);
      }),
  );
  const pending = () => {
    const open = calls.filter((c) => !c.settled);
    const last = open[open.length - 1];
    if (!last) throw new Error('no pending call to settle');
    return last;
  };
  return { logic, calls, pending };
}

/** A ticker whose ticks the test delivers (the real one is a 1000 ms interval in the app). */
export function manualTicker() {
  const listeners = new Set<(e: AnyEventObject) => void>();
  const logic = fromCallback(({ sendBack }) => {
    listeners.add(sendBack);
    return () => listeners.delete(sendBack);
  });
  return {
    logic,
    get running() {
      return listeners.size;
    },
    tick() {
      for (const send of [...listeners]) send({ type: 'timer.tick' });
    },
  };
}

/** A ticker as the app builds it: an interval under vitest's fake timers. */
export function intervalTicker(ms = 1000) {
  return fromCallback(({ sendBack }) => {
    const id = setInterval(() => sendBack({ type: 'timer.tick' }), ms);
    return () => clearInterval(id);
  });
}

/** Lets settled promises reach the actor without moving the fake clock. */
export const flush = () => vi.advanceTimersByTimeAsync(0);

export const stateKey = (value: unknown) => JSON.stringify(value);
