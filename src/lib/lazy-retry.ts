/** Whether a rejection is a screen's code that could not be fetched (offline, a dropped connection, a new deploy). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch/i.test(
    message,
  );
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves when the browser is online again, or after `maxMs`. */
function onlineAgain(maxMs: number): Promise<void> {
  if (typeof navigator === 'undefined' || navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('online', done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, maxMs);
    window.addEventListener('online', done);
  });
}

/**
 * A screen's code load that retries by itself: a few times with a growing pause, and while the
 * browser is offline it first waits (up to `offlineWaitMs`) for the connection to return. Only
 * then does the route show its error, which offers a reload.
 */
export function retrying<T>(load: () => Promise<T>, { attempts = 3, pauseMs = 400, offlineWaitMs = 20_000 } = {}): () => Promise<T> {
  return async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await load();
      } catch (error) {
        if (attempt >= attempts || !isChunkLoadError(error)) throw error;
        await onlineAgain(offlineWaitMs);
        await wait(pauseMs * 2 ** (attempt - 1));
      }
    }
  };
}

/**
 * Resolves in a later task of the event loop: work asked for after it runs in a task of its own
 * instead of lengthening the current one.
 */
export const nextTask = (): Promise<void> => wait(0);

/**
 * Loads every given screen's code once, after the current screen has painted, one load per idle
 * period, so moving between signed-in screens later needs no network for code. Asking for a
 * chunk adds a preload link for each chunk it imports in the same task (about a millisecond each
 * on a phone), so asking for them all at once made one task long enough to block the page.
 */
export function preloadAfterPaint(loads: readonly (() => Promise<unknown>)[]): () => void {
  let cancelled = false;
  const whenIdle = (run: () => void) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 3000 });
    else setTimeout(run, 200);
  };
  const loadFrom = (i: number) => {
    if (cancelled || i >= loads.length) return;
    loads[i]!().catch(() => undefined); // a screen that fails now retries on visit
    whenIdle(() => loadFrom(i + 1));
  };
  const frame = requestAnimationFrame(() => whenIdle(() => loadFrom(0)));
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
  };
}
