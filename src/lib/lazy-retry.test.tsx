import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, preloadAfterPaint, retrying } from './lazy-retry.ts';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/PaketSayaScreen-x.js');

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a screen whose code fails to load', () => {
  it('is loaded again by itself after a pause, and its module is used', async () => {
    vi.useFakeTimers();
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(chunkError()).mockResolvedValueOnce('screen');
    const result = retrying(load, { attempts: 3, pauseMs: 100 })();
    await vi.advanceTimersByTimeAsync(100);
    await expect(result).resolves.toBe('screen');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('waits for the connection to return while offline before trying again', async () => {
    vi.useFakeTimers();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(chunkError()).mockResolvedValueOnce('screen');
    const result = retrying(load, { attempts: 3, pauseMs: 10, offlineWaitMs: 60_000 })();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(load).toHaveBeenCalledTimes(1);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(10);
    await expect(result).resolves.toBe('screen');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up after its attempts, and never retries an error in the screen itself', async () => {
    vi.useFakeTimers();
    const failing = vi.fn<() => Promise<string>>().mockRejectedValue(chunkError());
    const result = retrying(failing, { attempts: 3, pauseMs: 10 })();
    const settled = expect(result).rejects.toThrow(/dynamically imported/);
    await vi.advanceTimersByTimeAsync(100);
    await settled;
    expect(failing).toHaveBeenCalledTimes(3);
    const broken = vi.fn<() => Promise<string>>().mockRejectedValue(new ReferenceError('x is not defined'));
    await expect(retrying(broken)()).rejects.toThrow(ReferenceError);
    expect(broken).toHaveBeenCalledTimes(1);
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
  });
});

describe('code fetched after a paint', () => {
  /** The browser's frame and idle callbacks, run by hand. */
  function browserQueues() {
    const frames: FrameRequestCallback[] = [];
    const idle: IdleRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => undefined);
    vi.stubGlobal('requestIdleCallback', (cb: IdleRequestCallback) => idle.push(cb));
    const deadline = { didTimeout: false, timeRemaining: () => 10 };
    return {
      frame: () => frames.shift()?.(0),
      idle: () => idle.shift()?.(deadline),
    };
  }

  afterEach(() => vi.unstubAllGlobals());

  it('asks for one screen per idle period, after the paint, so no single task asks for them all', () => {
    const queues = browserQueues();
    const loads = [1, 2, 3].map(() => vi.fn(() => Promise.resolve()));
    preloadAfterPaint(loads);
    expect(loads.map((l) => l.mock.calls.length)).toEqual([0, 0, 0]);
    queues.frame();
    expect(loads.map((l) => l.mock.calls.length)).toEqual([0, 0, 0]);
    queues.idle();
    expect(loads.map((l) => l.mock.calls.length)).toEqual([1, 0, 0]);
    queues.idle();
    expect(loads.map((l) => l.mock.calls.length)).toEqual([1, 1, 0]);
    queues.idle();
    expect(loads.map((l) => l.mock.calls.length)).toEqual([1, 1, 1]);
  });

  it('asks for nothing more once the page that wanted them is gone', () => {
    const queues = browserQueues();
    const loads = [1, 2].map(() => vi.fn(() => Promise.resolve()));
    const cancel = preloadAfterPaint(loads);
    queues.frame();
    queues.idle();
    cancel();
    queues.idle();
    expect(loads.map((l) => l.mock.calls.length)).toEqual([1, 0]);
  });

  it('goes on with the next screen when one fails to load', async () => {
    const queues = browserQueues();
    const loads = [vi.fn(() => Promise.reject(chunkError())), vi.fn(() => Promise.resolve())];
    preloadAfterPaint(loads);
    queues.frame();
    queues.idle();
    await Promise.resolve();
    queues.idle();
    expect(loads[1]).toHaveBeenCalledTimes(1);
  });
});
