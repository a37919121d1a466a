import { createTestModel } from '@xstate/graph';
import { assign, createMachine } from 'xstate';
interface C { heard: number; interruptions: number; retried: boolean; seekTried: boolean }
const MAX = Number(process.argv[2] ?? 2);
const canInterrupt = ({ context }: { context: C }) => context.interruptions < MAX;
const interrupt = assign({ interruptions: ({ context }: { context: C }) => context.interruptions + 1 });
const m = createMachine({
  types: {} as { context: C },
  context: { heard: 0, interruptions: 0, retried: false, seekTried: false },
  initial: 'loading',
  states: {
    loading: { on: { FETCH_OK: 'playing', FETCH_FAIL: { guard: ({ context }) => !context.retried, target: 'failed' } } },
    failed: { on: { RETRY: { target: 'loading', actions: assign({ retried: true }) } } },
    playing: { on: {
      PLAY_HALF: { guard: ({ context }) => context.heard < 50, target: 'playing', actions: assign({ heard: 50 }) },
      PLAY_TO_89: { guard: ({ context }) => context.heard < 89, target: 'playing', actions: assign({ heard: 89 }) },
      PLAY_PAST_90: { guard: ({ context }) => context.heard >= 89, target: 'played', actions: assign({ heard: 91 }) },
      SEEK_AHEAD: { guard: ({ context }) => !context.seekTried, target: 'playing', actions: assign({ seekTried: true }) },
      STALL: { guard: canInterrupt, target: 'stalled', actions: interrupt },
      HIDE: { guard: canInterrupt, target: 'hidden', actions: interrupt },
      LEAVE: { guard: canInterrupt, target: 'asking', actions: interrupt },
      RELOAD: { guard: canInterrupt, target: 'playing', actions: interrupt },
    } },
    stalled: { on: { WAIT: 'playing' } },
    hidden: { on: { SHOW: 'playing' } },
    asking: { on: { STAY: 'playing', GO: 'away' } },
    away: { on: { BACK: 'playing' } },
    played: { on: { RELOAD: { guard: canInterrupt, target: 'played', actions: interrupt } } },
  },
});
const t = createTestModel(m);
console.log(MAX, t.getSimplePaths().length, t.getShortestPaths().length);
