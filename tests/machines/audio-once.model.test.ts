import { TestModel, getStateNodes } from '@xstate/graph';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { __unsafe_getAllOwnEventDescriptors, createActor, type SnapshotFrom } from 'xstate';
import { audioOnceMachine, type AudioOnceEvent } from '../../machines/audio-once.machine.ts';
import { controllable, flush } from './harness.ts';

/** Every simple path of the audio chart, replayed on an actor with a controllable storage. */

type Snap = SnapshotFrom<typeof audioOnceMachine>;
type ModelEvent = AudioOnceEvent | { type: string; [k: string]: unknown };

const model = new TestModel(audioOnceMachine, {
  input: { index: 5 },
  events: ((s: Snap) =>
    (__unsafe_getAllOwnEventDescriptors(s) as string[]).flatMap((type): ModelEvent[] => {
      switch (type) {
        case 'xstate.done.actor.loadPlayed':
          return [
            { type, output: [] },
            { type, output: [5] },
          ];
        case 'xstate.error.actor.loadPlayed':
          return [{ type, error: new Error('storage') }];
        case 'audio.select':
          // Item 5 -> item 6 -> a screen without audio -> back to item 5 (already played or not):
          // one cycle through every kind of move, so simple paths stay countable.
          if (s.context.index === 5) return [{ type, index: 6 }];
          if (s.context.index === 6) return [{ type, index: null }];
          return [{ type, index: 5 }];
        default:
          return [{ type }];
      }
    })) as never,
  serializeEvent: (e: ModelEvent) => JSON.stringify({ ...e, error: undefined }),
});

let sut: ReturnType<typeof createSut>;
function createSut() {
  const load = controllable<readonly number[]>();
  const persistPlayed = vi.fn<(p: { played: number[] }) => void>();
  const reportReplayBlocked = vi.fn<(p: { index: number }) => void>();
  const logAutoplayBlocked = vi.fn();
  const actor = createActor(
    audioOnceMachine.provide({
      actors: { loadPlayed: load.logic },
      actions: {
        persistPlayed: (_, p) => persistPlayed(p),
        reportReplayBlocked: (_, p) => reportReplayBlocked(p),
        logAutoplayBlocked: (_, p) => {
          logAutoplayBlocked(p);
        },
      },
    }),
    { input: { index: 5 } },
  ).start();
  return { actor, load, persistPlayed, reportReplayBlocked, logAutoplayBlocked, replays: 0, autoplayRefusals: 0 };
}

beforeEach(() => {
  vi.useFakeTimers();
  sut = createSut();
});
afterEach(() => {
  sut.actor.stop();
  vi.useRealTimers();
});

const send = async ({ event }: { event: ModelEvent }) => {
  const locked = sut.actor.getSnapshot().matches('played');
  if (locked && (event.type === 'audio.playing' || event.type === 'audio.replay')) sut.replays++;
  if (event.type === 'audio.autoplayBlocked') sut.autoplayRefusals++;
  sut.actor.send(event as AudioOnceEvent);
  await flush();
};
const events: Record<string, (step: { event: ModelEvent }) => Promise<void>> = {
  'xstate.done.actor.loadPlayed': async ({ event }) => {
    sut.load.pending().resolve((event as unknown as { output: number[] }).output);
    await flush();
  },
  'xstate.error.actor.loadPlayed': async () => {
    sut.load.pending().reject(new Error('storage'));
    await flush();
  },
};
for (const type of [
  'audio.select',
  'audio.loaded',
  'audio.playing',
  'audio.ended',
  'audio.replay',
  'audio.autoplayBlocked',
  'audio.failed',
  'audio.retry',
]) {
  events[type] = send;
}

function checkState(expected: Snap) {
  const actual = sut.actor.getSnapshot();
  const c = actual.context;
  expect(actual.value).toEqual(expected.value);
  expect(c).toEqual(expected.context);
  // Played means locked: an index is never playable again once recorded.
  if (actual.matches('loading') || actual.matches('failed')) expect(c.played).not.toContain(c.index);
  if (actual.matches('playing') || actual.matches('played')) expect(c.played).toContain(c.index);
  if (actual.matches('idle')) expect(c.index).toBeNull();
  // Recorded as played the moment playback starts, persisted for the next reload.
  if (actual.matches('playing')) expect(sut.persistPlayed).toHaveBeenLastCalledWith({ played: c.played });
  expect(sut.reportReplayBlocked).toHaveBeenCalledTimes(sut.replays);
  expect(sut.logAutoplayBlocked).toHaveBeenCalledTimes(sut.autoplayRefusals);
}

const params = { states: { '*': (s: Snap) => checkState(s) }, events: events as never };
const simple = model.getSimplePaths();

afterAll(() => {
  console.info(`audio-once model: ${simple.length} simple paths`);
});

describe('audio-once machine, every simple path', () => {
  it('visits every state node', () => {
    const seen = new Set(simple.flatMap((p) => p.steps.flatMap((s) => s.state._nodes.map((n) => n.id))));
    const all = getStateNodes(audioOnceMachine.root)
      .map((n) => n.id)
      .filter((id) => !id.endsWith('.route'));
    expect(all.filter((id) => !seen.has(id))).toEqual([]);
  });
  it.each(simple.map((p, i) => [i, p.steps.map((s) => s.event.type.replace('xstate.', '')).join(' > ')] as const))(
    'path %i: %s',
    async (i) => {
      await simple[i]!.test(params);
    },
  );
});
