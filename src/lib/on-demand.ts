import { use } from 'react';

/**
 * Code that a screen needs only later (after a click, or a state the machine reaches later), kept
 * out of the code that paints it. `load()` fetches it once and answers the same promise to every
 * caller; a failed fetch is forgotten, so the next call fetches again. `useLoaded()`, while
 * rendering, answers the code synchronously once it is in and suspends until then.
 */
export function onDemand<T>(load: () => Promise<T>) {
  let loaded: { value: T } | undefined;
  let pending: Promise<T> | undefined;
  const start = (): Promise<T> =>
    (pending ??= load().then(
      (value) => {
        loaded = { value };
        return value;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  return {
    load: start,
    /** The code if it is in, without fetching it. */
    current: (): T | undefined => loaded?.value,
    useLoaded: (): T => (loaded ? loaded.value : use(start())),
  };
}
