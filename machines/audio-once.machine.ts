import { assign, fromPromise, setup } from 'xstate';

/**
 * Listening audio plays once per item (spec sections 2, 4 and 9). The play-once rule IS the shape
 * of this chart: `playing -> played` has no way back, and `played` answers a replay attempt with
 * `reportReplayBlocked` instead of a transition. The index is recorded as played when playback
 * starts, so a reload in the middle of a clip cannot hear it again.
 */

export interface AudioOnceInput {
  /** The item selected at start (group head index), or null for a screen without audio. */
  index: number | null;
}

export interface AudioOnceContext {
  /** Item indexes already played, persisted per user. */
  played: number[];
  /** The item whose audio the view shows, or null (instruction page, no audio). */
  index: number | null;
}

export type AudioOnceEvent =
  /** The view moved to another item (null: an item without audio). */
  | { type: 'audio.select'; index: number | null }
  /** The media element reports it can play (`canplay`). */
  | { type: 'audio.loaded' }
  /** The media element started playing (`play`); while locked this is a replay attempt. */
  | { type: 'audio.playing' }
  /** The media element finished (`ended`). */
  | { type: 'audio.ended' }
  /** The user pressed the blocking layer over a played clip. */
  | { type: 'audio.replay' }
  /** `play()` was refused by the browser's autoplay policy. */
  | { type: 'audio.autoplayBlocked' }
  /** The media element could not load (`error`). */
  | { type: 'audio.failed' }
  | { type: 'audio.retry' };

export const audioOnceMachine = setup({
  types: {
    context: {} as AudioOnceContext,
    events: {} as AudioOnceEvent,
    input: {} as AudioOnceInput,
  },
  actors: {
    /** Reads the played indexes from storage (keyed per user by the provider). */
    loadPlayed: fromPromise<readonly number[], void>(() => Promise.reject(new Error('provide loadPlayed'))),
  },
  actions: {
    /** Writes the played indexes to storage. */
    persistPlayed: (_, _params: { played: number[] }) => {},
    /** The view pauses and rewinds the element and shows 'Audio hanya bisa diputar sekali'. */
    reportReplayBlocked: (_, _params: { index: number }) => {},
    /** Autoplay refusals are only logged (spec section 4). */
    logAutoplayBlocked: (_, _params: { index: number | null }) => {},
  },
  guards: {
    noAudio: ({ context }) => context.index === null,
    alreadyPlayed: ({ context }) => context.index !== null && context.played.includes(context.index),
  },
}).createMachine({
  id: 'audioOnce',
  context: ({ input }) => ({ played: [], index: input.index }),
  initial: 'restoring',
  on: {
    // Moving to another item reloads: every state leaves through `route`.
    'audio.select': { target: '.route', actions: assign({ index: ({ event }) => event.index }) },
  },
  states: {
    restoring: {
      invoke: {
        id: 'loadPlayed',
        src: 'loadPlayed',
        onDone: { target: 'route', actions: assign({ played: ({ event }) => [...event.output] }) },
        // Storage unreadable: nothing is known to be played, which is the best we can do.
        onError: 'route',
      },
      // A select during restore must not skip the played check, so only remember the index.
      on: { 'audio.select': { actions: assign({ index: ({ event }) => event.index }) } },
    },
    route: {
      always: [{ guard: 'noAudio', target: 'idle' }, { guard: 'alreadyPlayed', target: 'played' }, { target: 'loading' }],
    },
    idle: {},
    loading: {
      // `fetching` shows 'Loading audio...'; `ready` waits for autoplay or the play button.
      initial: 'fetching',
      states: {
        fetching: { on: { 'audio.loaded': 'ready' } },
        ready: {},
      },
      on: {
        'audio.playing': 'playing',
        'audio.autoplayBlocked': {
          actions: { type: 'logAutoplayBlocked', params: ({ context }) => ({ index: context.index }) },
        },
        'audio.failed': 'failed',
      },
    },
    playing: {
      entry: [
        assign({ played: ({ context }) => [...new Set([...context.played, context.index!])] }),
        { type: 'persistPlayed', params: ({ context }) => ({ played: context.played }) },
      ],
      on: {
        'audio.ended': 'played',
        // A broken stream after the start still counts as the one play.
        'audio.failed': 'played',
      },
    },
    played: {
      on: {
        'audio.playing': {
          actions: { type: 'reportReplayBlocked', params: ({ context }) => ({ index: context.index! }) },
        },
        'audio.replay': {
          actions: { type: 'reportReplayBlocked', params: ({ context }) => ({ index: context.index! }) },
        },
      },
    },
    failed: {
      on: { 'audio.retry': 'loading' },
    },
  },
});

export type AudioOnceMachine = typeof audioOnceMachine;
