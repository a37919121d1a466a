import { TestModel, getStateNodes } from '@xstate/graph';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { __unsafe_getAllOwnEventDescriptors, createActor, type SnapshotFrom } from 'xstate';
import {
  MINI_TEST_DURATIONS,
  MINI_TEST_KEYS,
  miniTestMachine,
  scoreMiniTest,
  secondsLeftUntil,
  type MiniSection,
  type MiniTestEvent,
  type MiniTestSaved,
} from '../../machines/mini-test.machine.ts';
import { controllable, flush, manualTicker } from './harness.ts';

/**
 * Model-based test of the mini test: the machine is the model (tick guard abstracted as in the
 * exam test), every simple path of the abstract graph is replayed on an actor under fake timers.
 */

type Snap = SnapshotFrom<typeof miniTestMachine>;
type ModelEvent = MiniTestEvent | { type: 'timer.tick'; expired: true } | { type: string; [k: string]: unknown };

const T0 = Date.parse('2030-02-01T09:00:00.000Z');
const SAVED_IN_STRUCTURE: MiniTestSaved = {
  listeningAnswers: [2, 1, 3, 0, -1],
  progress: { section: 'structure', endsAt: T0 + 120_000 },
};

const model = new TestModel(
  miniTestMachine.provide({ guards: { timeIsUp: ({ event }) => (event as { expired?: boolean }).expired === true } }),
  {
    input: { now: () => T0 },
    events: ((s: Snap) =>
      (__unsafe_getAllOwnEventDescriptors(s) as string[]).flatMap((type): ModelEvent[] => {
        const last = MINI_TEST_KEYS[s.context.section].length - 1;
        switch (type) {
          case 'xstate.done.actor.loadSaved':
            return [
              { type, output: {} },
              { type, output: SAVED_IN_STRUCTURE },
            ];
          case 'xstate.error.actor.loadSaved':
            return [{ type, error: new Error('storage') }];
          case 'timer.tick':
            return [{ type, expired: true }];
          case 'user.answer':
            // Answering only the first question keeps the graph small and still shows saving.
            return s.context.index === 0 ? [{ type, index: 0, option: 1 }] : [];
          case 'user.goto':
            return [{ type, index: last }];
          default:
            return [{ type }];
        }
      })) as never,
    serializeState: (s: Snap) =>
      JSON.stringify({
        value: s.value,
        index: s.context.index,
        answers: s.context.answers,
        resumed: s.context.endsAt !== T0 + MINI_TEST_DURATIONS[s.context.section] * 1000,
      }),
    serializeEvent: (e: ModelEvent) => JSON.stringify({ ...e, error: undefined }),
  },
);

let sut: ReturnType<typeof createSut>;
function createSut() {
  const load = controllable<MiniTestSaved>();
  const ticker = manualTicker();
  const saveAnswers = vi.fn<(p: { key: string; answers: number[] }) => void>();
  const saveProgress = vi.fn<(p: { section: MiniSection; endsAt: number }) => void>();
  const clearSaved = vi.fn();
  const storage: Record<string, readonly number[] | null | undefined> = {};
  const state = { storage, clearedWith: null as null | Record<string, readonly number[] | null | undefined> };
  const actor = createActor(
    miniTestMachine.provide({
      actors: { loadSaved: load.logic, ticker: ticker.logic },
      actions: {
        saveAnswers: (_, p) => {
          saveAnswers(p);
          storage[p.key] = p.answers;
        },
        saveProgress: (_, p) => saveProgress(p),
        clearSaved: () => {
          clearSaved();
          state.clearedWith = { ...storage };
        },
      },
    }),
    { input: { now: () => Date.now() } },
  ).start();
  return {
    actor,
    load,
    ticker,
    saveAnswers,
    saveProgress,
    clearSaved,
    storage,
    get clearedWith() {
      return state.clearedWith;
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  sut = createSut();
});
afterEach(() => {
  sut.actor.stop();
  vi.useRealTimers();
});

const send = async ({ event }: { event: ModelEvent }) => {
  sut.actor.send(event as MiniTestEvent);
  await flush();
};
const events = {
  'xstate.done.actor.loadSaved': async ({ event }: { event: ModelEvent }) => {
    const output = (event as unknown as { output: MiniTestSaved }).output;
    Object.assign(sut.storage, output);
    sut.load.pending().resolve(output);
    await flush();
  },
  'xstate.error.actor.loadSaved': async () => {
    sut.load.pending().reject(new Error('storage'));
    await flush();
  },
  'timer.tick': async () => {
    const before = sut.actor.getSnapshot().context;
    // Sleep until the stored end instant: the machine must end the section on the next tick.
    vi.setSystemTime(before.endsAt!);
    sut.ticker.tick();
    await flush();
  },
  'user.answer': send,
  'user.next': send,
  'user.prev': send,
  'user.goto': send,
  'user.finishSection': send,
};

const SECTIONS = ['listening', 'structure', 'reading'] as const;
function checkState(expected: Snap) {
  const actual = sut.actor.getSnapshot();
  const c = actual.context;
  expect(actual.value).toEqual(expected.value);
  expect(c.index).toBe(expected.context.index);
  expect(sut.ticker.running, 'a ticker runs in each section only').toBe(SECTIONS.some((s) => actual.matches(s)) ? 1 : 0);
  for (const s of SECTIONS) {
    if (!actual.matches(s)) continue;
    const duration = MINI_TEST_DURATIONS[s] * 1000;
    // A fresh section runs its full time; a resumed one keeps the stored end instant.
    expect(c.endsAt === Date.now() + duration || c.endsAt === SAVED_IN_STRUCTURE.progress!.endsAt).toBe(true);
    expect(c.secondsLeft).toBe(secondsLeftUntil(c.endsAt, Date.now()));
    expect(sut.saveProgress).toHaveBeenLastCalledWith({ section: s, endsAt: c.endsAt });
    expect(c.answers).toEqual(expected.context.answers);
  }
  // Storage holds every section's answers except the one running (listening saves on each change).
  if (!actual.matches('restoring')) {
    const storage = actual.status === 'done' ? sut.clearedWith : sut.storage;
    for (const sec of SECTIONS) {
      if ((sec === 'structure' || sec === 'reading') && actual.matches(sec)) continue;
      const stored = MINI_TEST_KEYS[sec].map((_, i) => storage?.[`${sec}Answers`]?.[i] ?? -1);
      expect(stored, `${sec}Answers in storage`).toEqual(c.answers[sec]);
    }
  }
  if (actual.status === 'done') {
    expect(c.score).toEqual(scoreMiniTest(c.answers));
    expect(sut.clearSaved).toHaveBeenCalledTimes(1);
  } else {
    expect(sut.clearSaved).not.toHaveBeenCalled();
  }
}

const params = { states: { '*': (s: Snap) => checkState(s) }, events: events as never };
/**
 * Simple paths explode here (3,024 even with the index abstracted to first/last, millions with
 * it exact), so: the shortest path to every state, plus one path per transition.
 */
const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
type Adjacency = Record<string, { transitions: Record<string, { event: ModelEvent; state: Snap }> }>;
const adjacency = model.getAdjacencyMap() as unknown as Adjacency;
const serialize = (s: Snap) => (model.options.serializeState as (s: Snap) => string)(s);
const bySerial = new Map(shortest.map((p) => [serialize(p.state), p]));
const transitionPaths = Object.entries(adjacency).flatMap(([source, { transitions }]) =>
  Object.values(transitions).map(({ event, state }) => {
    const head = bySerial.get(source)!;
    return { source, path: { state, steps: [...head.steps, { event, state }], weight: head.weight + 1 } };
  }),
);

afterAll(() => {
  console.info(`mini test model: ${shortest.length} states by shortest paths, ${transitionPaths.length} transitions`);
});

describe('mini test machine, shortest path to every state', () => {
  it('reaches every state node', () => {
    const seen = new Set(shortest.flatMap((p) => p.state._nodes.map((n) => n.id)));
    const all = getStateNodes(miniTestMachine.root)
      .map((n) => n.id)
      .filter((id) => !id.endsWith('.route'));
    expect(all.filter((id) => !seen.has(id))).toEqual([]);
  });
  it.each(shortest.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' > ')] as const))('path %i: %s', async (i) => {
    await shortest[i]!.test(params);
  });
});

describe('mini test machine, every transition', () => {
  const sources = [...new Set(transitionPaths.map((t) => t.source))];
  it.each(sources.map((s, i) => [i, s] as const))('transitions out of state %i %s', async (_i, source) => {
    for (const t of transitionPaths.filter((x) => x.source === source)) {
      sut.actor.stop();
      sut = createSut();
      await model.testPath(t.path as never, params);
    }
  });
});
