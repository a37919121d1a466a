import { assign, emit, fromPromise, setup } from 'xstate';

/**
 * One listening clip, heard once (spec sections 2, 4 and 9; DESIGN section 5). One actor per
 * clip: the exam machine spawns it when its item opens and stops it when the item closes; the
 * player binds an <audio> element to it. The rule IS the shape of this chart:
 *
 * - the whole clip is fetched before its first play (retried), so a weak connection cannot stall
 *   it half-way;
 * - a clip counts as played only when heard to its end or past `PLAYED_THRESHOLD`, never when it
 *   starts, and `played` has no way back;
 * - a stall, a hidden tab, a locked phone, leaving the item or a reload only interrupt it: the
 *   position is reported and playback resumes from there, never from the start;
 * - the element has no controls, and a seek (media keys, devtools) is undone by restoring the
 *   position.
 *
 * The chart touches no element: it emits commands (`command.play`, `command.pause`,
 * `command.seek`) that the bound player executes, and reports progress through the provided
 * `notify*` actions (the exam machine turns them into draft changes).
 */

/** Share of a clip that, once heard, counts as the one play. */
export const PLAYED_THRESHOLD = 0.9;
/** Whole-clip downloads before the player gives up and offers a retry. */
export const FETCH_ATTEMPTS = 3;
/** Wait before the n-th download retry (n >= 1). */
export const fetchRetryMs = (attempt: number) => 1_000 * attempt;
/** A stalled clip tries to go on by itself after this wait. */
export const STALL_RESUME_MS = 2_000;
/** While playing, the position is reported (and so saved with the draft) at least this often. */
export const POSITION_REPORT_EVERY_S = 5;
/** A jump of the element's position larger than this is a seek, and is undone. */
export const SEEK_TOLERANCE_S = 1.5;

/** Why a clip stopped before its end (each has its own words in the player). */
export const INTERRUPT_REASONS = ['stall', 'hidden', 'paused', 'leave', 'blocked'] as const;
export type InterruptReason = (typeof INTERRUPT_REASONS)[number];

export interface AudioOnceInput {
  /** The item's exam index (the group head for a listening group). */
  index: number;
  /** The clip's address (fetched whole by the provided `fetchClip`). */
  src: string | null;
  /** Already heard (this device or another): the clip opens locked. */
  played: boolean;
  /** Seconds heard before (saved with the draft); playback resumes here. */
  position: number;
}

export interface AudioOnceContext {
  index: number;
  src: string | null;
  /** The fetched clip (an object URL), or null until it is in. */
  url: string | null;
  /** Furthest point heard, in seconds; never moves backwards. */
  position: number;
  duration: number | null;
  /** Failed downloads in a row. */
  attempt: number;
  reason: InterruptReason | null;
  /** The position last reported to the owner. */
  reportedAt: number;
  startedPlayed: boolean;
}

export type AudioOnceEvent =
  /** Autoplay on opening, or the play button. */
  | { type: 'user.play' }
  /** The 'Lanjutkan audio' button of an interrupted clip. */
  | { type: 'user.resume' }
  | { type: 'user.retry' }
  /** The element plays (`playing`). */
  | { type: 'media.playing' }
  /** The element's clock (`timeupdate`, `loadedmetadata`). */
  | { type: 'media.time'; position: number; duration: number }
  /** The element moved its position (`seeking`); only our own resume may do that. */
  | { type: 'media.seeking'; position: number }
  /** The element waits for data (`waiting`, `stalled`) or failed while playing (`error`). */
  | { type: 'media.stalled' }
  /** The element paused without being told to (the phone's lock screen, a headset button). */
  | { type: 'media.paused' }
  | { type: 'media.ended' }
  /** The element cannot decode the fetched clip. */
  | { type: 'media.error' }
  /** `play()` was refused (autoplay policy). */
  | { type: 'media.blocked' }
  | { type: 'page.hidden' }
  | { type: 'page.visible' }
  /** The learner wants another item while the clip plays: ask first. */
  | { type: 'leave.request' }
  | { type: 'leave.confirm' }
  | { type: 'leave.cancel' };

export type AudioOnceCommand = { type: 'command.play'; from: number } | { type: 'command.pause' } | { type: 'command.seek'; to: number };

export const audioOnceMachine = setup({
  types: {
    context: {} as AudioOnceContext,
    events: {} as AudioOnceEvent,
    input: {} as AudioOnceInput,
    emitted: {} as AudioOnceCommand,
  },
  actors: {
    /** Fetches the whole clip and answers an object URL the element plays from. */
    fetchClip: fromPromise<string, { src: string }>(() => Promise.reject(new Error('provide fetchClip'))),
  },
  actions: {
    /** Where the clip stopped; the owner saves it with the draft. */
    notifyPosition: (_, _params: { index: number; position: number }) => {},
    /** The clip has been heard: the owner locks it for good (saved with the draft). */
    notifyPlayed: (_, _params: { index: number }) => {},
    /** The learner confirmed leaving a playing clip: the owner carries out the move. */
    notifyLeave: (_, _params: { index: number }) => {},
    /** Autoplay refusals are only logged (spec section 4). */
    logBlocked: (_, _params: { index: number }) => {},
  },
  guards: {
    startsPlayed: ({ context }) => context.startedPlayed,
    hasSrc: ({ context }) => context.src !== null,
    canRetryFetch: ({ context }) => context.attempt + 1 < FETCH_ATTEMPTS,
    hasPosition: ({ context }) => context.position > 0,
    heardEnough: ({ context, event }) =>
      event.type === 'media.time' && event.duration > 0 && Math.max(context.position, event.position) >= event.duration * PLAYED_THRESHOLD,
    /** A forward jump in `timeupdate` is a seek the `seeking` event did not announce. */
    jumped: ({ context, event }) => event.type === 'media.time' && event.position > context.position + SEEK_TOLERANCE_S * 2,
    reportDue: ({ context, event }) => event.type === 'media.time' && event.position - context.reportedAt >= POSITION_REPORT_EVERY_S,
    isSeek: ({ context, event }) => event.type === 'media.seeking' && Math.abs(event.position - context.position) > SEEK_TOLERANCE_S,
    hiddenOrPaused: ({ context }) => context.reason === 'hidden' || context.reason === 'paused',
  },
  delays: {
    FETCH_RETRY: ({ context }) => fetchRetryMs(context.attempt),
    STALL_RESUME: STALL_RESUME_MS,
  },
}).createMachine({
  id: 'audioOnce',
  context: ({ input }) => ({
    index: input.index,
    src: input.src,
    url: null,
    position: Math.max(0, input.position),
    duration: null,
    attempt: 0,
    reason: null,
    reportedAt: Math.max(0, input.position),
    startedPlayed: input.played,
  }),
  initial: 'route',
  states: {
    route: {
      always: [{ guard: 'startsPlayed', target: 'played.done' }, { guard: 'hasSrc', target: 'loading' }, { target: 'failed' }],
    },
    loading: {
      // 'Loading audio...' until the whole clip is in memory.
      initial: 'fetching',
      states: {
        fetching: {
          invoke: {
            id: 'fetchClip',
            src: 'fetchClip',
            input: ({ context }) => ({ src: context.src! }),
            onDone: { target: '#audioOnce.ready', actions: assign({ url: ({ event }) => event.output, attempt: 0 }) },
            onError: [
              { guard: 'canRetryFetch', target: 'waiting', actions: assign({ attempt: ({ context }) => context.attempt + 1 }) },
              { target: '#audioOnce.failed' },
            ],
          },
        },
        waiting: { after: { FETCH_RETRY: 'fetching' } },
      },
    },
    ready: {
      on: {
        'user.play': [{ guard: 'hasPosition', target: 'resuming' }, { target: 'starting' }],
        'media.time': { actions: assign({ duration: ({ event }) => event.duration || null }) },
        'media.error': 'failed',
      },
    },
    starting: {
      entry: emit({ type: 'command.play', from: 0 }),
      on: {
        'media.playing': 'playing',
        'media.blocked': {
          target: 'ready',
          actions: { type: 'logBlocked', params: ({ context }) => ({ index: context.index }) },
        },
        'media.error': 'failed',
      },
    },
    resuming: {
      // 'Melanjutkan audio...': the element is moved to the saved position before it plays.
      entry: emit(({ context }) => ({ type: 'command.play', from: context.position })),
      on: {
        'media.playing': 'playing',
        'media.blocked': {
          target: 'interrupted',
          actions: [assign({ reason: 'blocked' }), { type: 'logBlocked', params: ({ context }) => ({ index: context.index }) }],
        },
        'media.error': 'failed',
        'page.hidden': { target: 'interrupted', actions: assign({ reason: 'hidden' }) },
      },
    },
    playing: {
      initial: 'listening',
      on: {
        'media.time': [
          {
            guard: 'jumped',
            actions: emit(({ context }) => ({ type: 'command.seek', to: context.position })),
          },
          {
            guard: 'heardEnough',
            target: 'played.tail',
            actions: [
              assign({
                position: ({ context, event }) => Math.max(context.position, event.position),
                duration: ({ event }) => event.duration,
              }),
              { type: 'notifyPlayed', params: ({ context }) => ({ index: context.index }) },
            ],
          },
          {
            guard: 'reportDue',
            actions: [
              assign({
                position: ({ context, event }) => Math.max(context.position, event.position),
                duration: ({ event }) => event.duration || null,
                reportedAt: ({ event }) => event.position,
              }),
              { type: 'notifyPosition', params: ({ context }) => ({ index: context.index, position: context.position }) },
            ],
          },
          {
            actions: assign({
              position: ({ context, event }) => Math.max(context.position, event.position),
              duration: ({ event }) => event.duration || null,
            }),
          },
        ],
        'media.seeking': { guard: 'isSeek', actions: emit(({ context }) => ({ type: 'command.seek', to: context.position })) },
        'media.ended': { target: 'played.done', actions: { type: 'notifyPlayed', params: ({ context }) => ({ index: context.index }) } },
        'media.stalled': { target: 'interrupted', actions: assign({ reason: 'stall' }) },
        'media.error': { target: 'interrupted', actions: assign({ reason: 'stall' }) },
        'media.paused': { target: 'interrupted', actions: assign({ reason: 'paused' }) },
        'page.hidden': { target: 'interrupted', actions: assign({ reason: 'hidden' }) },
      },
      states: {
        listening: { on: { 'leave.request': 'askingLeave' } },
        // 'Audio sedang diputar. Jika pindah, ...': the clip goes on while the learner decides.
        askingLeave: {
          on: {
            'leave.cancel': 'listening',
            'leave.confirm': {
              target: '#audioOnce.interrupted',
              actions: [assign({ reason: 'leave' }), { type: 'notifyLeave', params: ({ context }) => ({ index: context.index }) }],
            },
          },
        },
      },
    },
    interrupted: {
      // Paused where it stopped; the position is saved so a reload or another device resumes it.
      entry: [
        emit({ type: 'command.pause' }),
        assign({ reportedAt: ({ context }) => context.position }),
        { type: 'notifyPosition', params: ({ context }) => ({ index: context.index, position: context.position }) },
      ],
      after: { STALL_RESUME: { guard: ({ context }) => context.reason === 'stall', target: 'resuming' } },
      on: {
        'user.resume': 'resuming',
        'user.play': 'resuming',
        'page.visible': { guard: 'hiddenOrPaused', target: 'resuming' },
      },
    },
    played: {
      initial: 'done',
      states: {
        // Past the threshold and still sounding: locked already, the rest plays out.
        tail: {
          on: {
            'media.time': { actions: assign({ position: ({ context, event }) => Math.max(context.position, event.position) }) },
            'media.seeking': { guard: 'isSeek', actions: emit(({ context }) => ({ type: 'command.seek', to: context.position })) },
            'media.ended': 'done',
            'page.hidden': { target: 'done', actions: emit({ type: 'command.pause' }) },
            'media.paused': 'done',
          },
        },
        done: {},
      },
    },
    failed: {
      // 'Audio gagal dimuat.' with a retry button.
      on: { 'user.retry': { guard: 'hasSrc', target: 'loading', actions: assign({ attempt: 0 }) } },
    },
  },
});

export type AudioOnceMachine = typeof audioOnceMachine;
