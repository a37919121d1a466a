import { fromCallback, fromPromise } from 'xstate';
import {
  MINI_SECTIONS,
  MINI_TEST_DURATIONS,
  MINI_TEST_KEYS,
  MINI_TEST_STORAGE_KEYS,
  miniTestMachine,
  type MiniSection,
  type MiniTestAnswers,
  type MiniTestSaved,
} from '../../../machines/mini-test.machine.ts';
import type { PlayedStore } from '../../components/AudioOncePlayer.tsx';

/** Where the running section and its end instant are kept, beside the spec's three answer keys. */
export const PROGRESS_KEY = 'miniTestProgress';
/** Listening items already heard in this mini test (audio plays once, also across reloads). */
export const PLAYED_KEY = 'miniTestListeningPlayed';
/** The answers of the last finished mini test, so its result and review survive a reload. */
export const RESULT_KEY = 'miniTestResult';

/**
 * A record whose whole remaining test would have run out long ago is an abandoned attempt, not
 * one to resume: the next visit starts fresh instead of landing in an expired section.
 */
const ABANDONED_AFTER_MS = (MINI_TEST_DURATIONS.listening + MINI_TEST_DURATIONS.structure + MINI_TEST_DURATIONS.reading) * 1000;

function readJson(storage: Storage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

const numberList = (v: unknown): number[] | null => (Array.isArray(v) && v.every((x) => typeof x === 'number') ? v : null);

function readProgress(storage: Storage): { section: MiniSection; endsAt: number } | null {
  const v = readJson(storage, PROGRESS_KEY) as { section?: unknown; endsAt?: unknown } | null;
  if (!v || typeof v.endsAt !== 'number' || !MINI_SECTIONS.includes(v.section as MiniSection)) return null;
  return { section: v.section as MiniSection, endsAt: v.endsAt };
}

export function clearMiniTestStorage(storage: Storage): void {
  for (const key of [...Object.values(MINI_TEST_STORAGE_KEYS), PROGRESS_KEY, PLAYED_KEY]) storage.removeItem(key);
}

export function loadMiniTestSaved(storage: Storage, now: number): MiniTestSaved {
  const progress = readProgress(storage);
  if (progress && now - progress.endsAt > ABANDONED_AFTER_MS) {
    clearMiniTestStorage(storage);
    return {};
  }
  return {
    listeningAnswers: numberList(readJson(storage, MINI_TEST_STORAGE_KEYS.listening)),
    structureAnswers: numberList(readJson(storage, MINI_TEST_STORAGE_KEYS.structure)),
    readingAnswers: numberList(readJson(storage, MINI_TEST_STORAGE_KEYS.reading)),
    progress,
  };
}

/** The last finished mini test's answers, or null when none is kept or the record is malformed. */
export function loadMiniResult(storage: Storage): MiniTestAnswers | null {
  const v = readJson(storage, RESULT_KEY) as Partial<Record<MiniSection, unknown>> | null;
  if (!v || typeof v !== 'object') return null;
  const out: Partial<MiniTestAnswers> = {};
  for (const s of MINI_SECTIONS) {
    const list = numberList(v[s]);
    if (!list || list.length !== MINI_TEST_KEYS[s].length) return null;
    out[s] = list;
  }
  return out as MiniTestAnswers;
}

export function saveMiniResult(storage: Storage, answers: MiniTestAnswers): void {
  storage.setItem(RESULT_KEY, JSON.stringify(answers));
}

/** A new run replaces the last result. */
export function clearMiniResult(storage: Storage): void {
  storage.removeItem(RESULT_KEY);
}

/** The played-audio record of the mini test's listening section. */
export function miniPlayedStore(storage: Storage): PlayedStore {
  return {
    load: () => numberList(readJson(storage, PLAYED_KEY)) ?? [],
    save: (played) => storage.setItem(PLAYED_KEY, JSON.stringify(played)),
  };
}

/**
 * The mini-test machine with its effects bound to the browser: a 1 s ticker, the wall clock,
 * and localStorage under listeningAnswers, structureAnswers and readingAnswers.
 */
export function miniTestLogic(storage: Storage, now: () => number = Date.now) {
  return miniTestMachine.provide({
    actors: {
      loadSaved: fromPromise(async () => loadMiniTestSaved(storage, now())),
      ticker: fromCallback(({ sendBack }) => {
        const id = window.setInterval(() => sendBack({ type: 'timer.tick' }), 1000);
        return () => window.clearInterval(id);
      }),
    },
    actions: {
      saveAnswers: (_, { key, answers }) => storage.setItem(key, JSON.stringify(answers)),
      saveProgress: (_, progress) => storage.setItem(PROGRESS_KEY, JSON.stringify(progress)),
      clearSaved: () => clearMiniTestStorage(storage),
    },
  });
}
