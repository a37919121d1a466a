import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, retrying } from './lazy-retry.ts';

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
