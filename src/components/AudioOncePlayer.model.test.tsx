import { createTestModel } from '@xstate/graph';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, createMachine, fromPromise, type SnapshotFrom } from 'xstate';
import {
  FETCH_ATTEMPTS,
  PLAYED_THRESHOLD,
  STALL_RESUME_MS,
  audioOnceMachine,
  fetchRetryMs,
  type AudioOnceInput,
} from '../../machines/audio-once.machine.ts';
import { t } from '../i18n/id.ts';
import { renderWithProviders } from '../test-utils.tsx';
import { AudioOncePlayer, type AudioOnceActor } from './AudioOncePlayer.tsx';

/**
 * The play-once rule, walked on a small abstract model of what a learner and a phone do to one
 * clip (not the chart itself): a path to each of its states is replayed on the real chart bound
 * to the real player, rendered in jsdom with a fake <audio> element and fake timers, and each step
 * is checked on the rendered player, on the element and on the chart.
 */

const A = t.audioOnce;
const DURATION = 100;
const CLIP = 7;

// ---- The abstract model -------------------------------------------------------------------------

type Via = 'none' | 'stall' | 'hide' | 'stay' | 'back' | 'reload';
interface ModelContext {
  /** Seconds heard (the model's own idea of where the clip is). */
  heard: number;
  /** The one interruption of this path (each kind once, at each point of the clip). */
  via: Via;
  seekTried: boolean;
}
const fresh = ({ context }: { context: ModelContext }) => context.via === 'none';
const heard = (seconds: number) => assign({ heard: seconds });
const via = (v: Via) => assign({ via: v });

const abstractModel = createMachine({
  id: 'clip',
  types: {} as { context: ModelContext },
  context: { heard: 0, via: 'none', seekTried: false },
  initial: 'loading',
  states: {
    loading: {
      on: {
        FETCH_OK: 'playing',
        FETCH_FAIL: 'failed',
      },
    },
    failed: { on: { RETRY: 'retrying' } },
    // Loading again after Coba lagi (its own state, so that the walk does not go round in circles).
    retrying: { on: { FETCH_OK: 'playing' } },
    playing: {
      on: {
        PLAY_HALF: { guard: ({ context }) => context.heard < 50, target: 'playing', actions: heard(50) },
        PLAY_TO_89: { guard: ({ context }) => context.heard === 50, target: 'playing', actions: heard(89) },
        PLAY_PAST_90: { guard: ({ context }) => context.heard === 89, target: 'played', actions: heard(91) },
        SEEK_AHEAD: {
          guard: ({ context }) => context.heard === 50 && !context.seekTried,
          target: 'playing',
          actions: assign({ seekTried: true }),
        },
        STALL: { guard: fresh, target: 'stalled' },
        HIDE: { guard: fresh, target: 'hidden' },
        LEAVE: { guard: fresh, target: 'asking' },
        RELOAD: { guard: fresh, target: 'playing', actions: via('reload') },
      },
    },
    stalled: { on: { WAIT: { target: 'playing', actions: via('stall') } } },
    hidden: { on: { SHOW: { target: 'playing', actions: via('hide') } } },
    asking: { on: { STAY: { target: 'playing', actions: via('stay') }, GO: 'away' } },
    away: { on: { BACK: { target: 'playing', actions: via('back') } } },
    played: { on: { RELOAD: { guard: fresh, target: 'played', actions: via('reload') } } },
  },
});
type ModelSnap = SnapshotFrom<typeof abstractModel>;

// ---- A fake <audio> element ----------------------------------------------------------------------

interface FakeMedia {
  currentTime: number;
  paused: boolean;
  /** The position each play() started from. */
  playsFrom: number[];
}
const media = new Map<HTMLMediaElement, FakeMedia>();
const fake = (el: HTMLMediaElement): FakeMedia => {
  let m = media.get(el);
  if (!m) {
    m = { currentTime: 0, paused: true, playsFrom: [] };
    media.set(el, m);
  }
  return m;
};
const dispatchLater = (el: HTMLMediaElement, type: string) => queueMicrotask(() => el.dispatchEvent(new Event(type)));
const saved: Record<string, PropertyDescriptor | undefined> = {};
const proto = HTMLMediaElement.prototype;
const patched = ['currentTime', 'duration', 'paused', 'ended', 'play', 'pause', 'load'] as const;

beforeAll(() => {
  for (const k of patched) saved[k] = Object.getOwnPropertyDescriptor(proto, k);
  Object.defineProperties(proto, {
    currentTime: {
      configurable: true,
      get(this: HTMLMediaElement) {
        return fake(this).currentTime;
      },
      set(this: HTMLMediaElement, v: number) {
        fake(this).currentTime = v;
        dispatchLater(this, 'seeking');
      },
    },
    duration: { configurable: true, get: () => DURATION },
    paused: {
      configurable: true,
      get(this: HTMLMediaElement) {
        return fake(this).paused;
      },
    },
    ended: {
      configurable: true,
      get(this: HTMLMediaElement) {
        return fake(this).currentTime >= DURATION;
      },
    },
    play: {
      configurable: true,
      value(this: HTMLMediaElement) {
        const m = fake(this);
        m.playsFrom.push(m.currentTime);
        m.paused = false;
        dispatchLater(this, 'playing');
        dispatchLater(this, 'timeupdate');
        return Promise.resolve();
      },
    },
    pause: {
      configurable: true,
      value(this: HTMLMediaElement) {
        const m = fake(this);
        if (m.paused) return;
        m.paused = true;
        dispatchLater(this, 'pause');
      },
    },
    load: { configurable: true, value: () => {} },
  });
});
afterAll(() => {
  for (const k of patched) if (saved[k]) Object.defineProperty(proto, k, saved[k]);
});

let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });

// ---- The system under test: the chart bound to the rendered player ------------------------------

/** What the exam would keep of this clip (its `audio` draft state), fed by the chart's reports. */
interface Store {
  played: boolean;
  position: number;
}

function createSut() {
  const store: Store = { played: false, position: 0 };
  const fetches: { resolve: (url: string) => void; reject: (e: Error) => void }[] = [];
  let unmount: (() => void) | null = null;
  let actor: AudioOnceActor | null = null;
  const leaves = vi.fn();
  const logic = audioOnceMachine.provide({
    actors: {
      fetchClip: fromPromise<string, { src: string }>(() => new Promise((resolve, reject) => fetches.push({ resolve, reject }))),
    },
    actions: {
      notifyPosition: (_, p) => {
        store.position = Math.max(store.position, p.position);
      },
      notifyPlayed: () => {
        store.played = true;
      },
      notifyLeave: () => {
        leaves();
      },
    },
  });
  const sut = {
    store,
    fetches,
    leaves,
    /** The position the model says the clip is at (what the learner heard). */
    heard: 0,
    /** Where the next play must start: 0 on a fresh clip, else the saved position. */
    expectedFrom: 0,
    get actor() {
      return actor;
    },
    element: () => document.querySelector<HTMLAudioElement>('[data-testid="audio-once-element"]'),
    mount() {
      const input: AudioOnceInput = { index: CLIP, src: '/media/clip.mp3', played: store.played, position: store.position };
      actor = createActor(logic, { input }).start();
      unmount = renderWithProviders(<AudioOncePlayer actor={actor} autoPlay />, { route: false }).unmount;
    },
    unmountAndStop() {
      unmount?.();
      actor?.stop();
      unmount = null;
      actor = null;
    },
  };
  return sut;
}
type Sut = ReturnType<typeof createSut>;
let sut: Sut;

/** A button by its exact text (cheaper than a role query, which jsdom makes slow). */
const button = (text: string) => screen.getByText(text, { selector: 'button, button *' }).closest('button')!;

const settle = () => act(async () => vi.advanceTimersByTimeAsync(0));
const later = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

/** Plays the element forward second by second to `to`, firing `timeupdate` as a browser would. */
async function playTo(to: number) {
  const el = sut.element()!;
  const m = fake(el);
  // Every 2 s (a browser fires every 0.25 s; more than 3 s at once would be a seek).
  for (let s = Math.floor(m.currentTime) + 2; s < to + 2; s += 2) {
    m.currentTime = Math.min(s, to);
    fireEvent(el, new Event('timeupdate'));
  }
  sut.heard = to;
  await settle();
}

async function fetchOk() {
  sut.fetches.at(-1)!.resolve('blob:clip');
  await settle();
  await settle();
}

const step = {
  FETCH_OK: fetchOk,
  FETCH_FAIL: async () => {
    for (let attempt = 1; attempt <= FETCH_ATTEMPTS; attempt++) {
      sut.fetches.at(-1)!.reject(new Error('offline'));
      await settle();
      if (attempt < FETCH_ATTEMPTS) {
        expect(screen.getByText(A.loadingRetry(attempt))).toBeVisible();
        await later(fetchRetryMs(attempt));
      }
    }
  },
  RETRY: async () => {
    fireEvent.click(button(A.retry));
    await settle();
  },
  PLAY_HALF: () => playTo(50),
  PLAY_TO_89: () => playTo(89),
  PLAY_PAST_90: () => playTo(91),
  SEEK_AHEAD: async () => {
    // Media keys or devtools move the element 30 s ahead: the chart puts it back.
    const el = sut.element()!;
    fake(el).currentTime = sut.heard + 30;
    fireEvent(el, new Event('seeking'));
    await settle();
  },
  STALL: async () => {
    fireEvent(sut.element()!, new Event('waiting'));
    await settle();
    sut.expectedFrom = sut.heard;
  },
  WAIT: async () => {
    await later(STALL_RESUME_MS);
    await settle();
  },
  HIDE: async () => {
    visibility = 'hidden';
    fireEvent(document, new Event('visibilitychange'));
    await settle();
    sut.expectedFrom = sut.heard;
  },
  SHOW: async () => {
    visibility = 'visible';
    fireEvent(document, new Event('visibilitychange'));
    await settle();
  },
  LEAVE: async () => {
    // What the exam machine does on Selanjutnya while the clip plays.
    expect(sut.actor!.getSnapshot().can({ type: 'leave.request' })).toBe(true);
    act(() => sut.actor!.send({ type: 'leave.request' }));
    await settle();
  },
  STAY: async () => {
    fireEvent.click(button(A.leaveCancel));
    await settle();
  },
  GO: async () => {
    fireEvent.click(button(A.leaveConfirm));
    await settle();
    expect(sut.leaves).toHaveBeenCalledTimes(1);
    // The exam carries out the move: the item closes, its actor stops.
    sut.unmountAndStop();
    sut.expectedFrom = sut.heard;
    sut.leaves.mockClear();
  },
  BACK: async () => {
    sut.mount();
    await fetchOk();
  },
  RELOAD: async () => {
    window.dispatchEvent(new Event('pagehide'));
    await settle();
    sut.unmountAndStop();
    sut.expectedFrom = sut.heard;
    sut.mount();
    if (!sut.store.played) await fetchOk();
    await settle();
  },
};

// ---- What must hold in each model state ----------------------------------------------------------

function checkState(model: ModelSnap) {
  const status = screen.queryByTestId('audio-once')?.getAttribute('data-status') ?? null;
  const chart = sut.actor?.getSnapshot();
  const el = sut.element();
  // The lock follows the threshold and nothing else.
  expect(sut.store.played, `locked at ${model.context.heard} s of ${DURATION}`).toBe(model.context.heard >= DURATION * PLAYED_THRESHOLD);
  switch (model.value) {
    case 'loading':
    case 'retrying':
      expect(chart!.matches('loading')).toBe(true);
      expect(status).toBe('loading');
      expect(document.querySelector('[role="status"]')).toHaveTextContent(A.loading);
      expect(el, 'nothing plays before the whole clip is in').toBeNull();
      break;
    case 'failed':
      expect(chart!.matches('failed')).toBe(true);
      expect(status).toBe('failed');
      expect(document.querySelector('[role="status"]')).toHaveTextContent(A.failed);
      expect(button(A.retry)).toBeEnabled();
      break;
    case 'playing': {
      expect(chart!.value).toEqual({ playing: 'listening' });
      expect(status).toBe('playing');
      expect(document.querySelector('[role="status"]')).toHaveTextContent(A.playing);
      const m = fake(el!);
      expect(m.paused).toBe(false);
      expect(m.playsFrom.at(-1), 'each play starts where the clip stopped, never from the start').toBe(sut.expectedFrom);
      expect(chart!.context.position).toBe(sut.heard);
      expect(m.currentTime, 'the element is where the clip is (a seek is undone)').toBe(sut.heard);
      expect(document.querySelector('[role="progressbar"]')).toHaveAttribute(
        'aria-valuenow',
        String(Math.round((chart!.context.position / DURATION) * 100)),
      );
      break;
    }
    case 'stalled':
    case 'hidden': {
      expect(chart!.matches('interrupted')).toBe(true);
      expect(chart!.context.reason).toBe(model.value === 'stalled' ? 'stall' : 'hidden');
      expect(status).toBe('interrupted');
      expect(fake(el!).paused).toBe(true);
      expect(document.querySelector('[role="status"]')).toHaveTextContent(
        model.value === 'stalled' ? A.interrupted.stall : A.interrupted.hidden,
      );
      expect(sut.store.position, 'the position is saved at the interruption').toBe(sut.heard);
      break;
    }
    case 'asking': {
      expect(chart!.value).toEqual({ playing: 'askingLeave' });
      expect(document.querySelector('[role="dialog"]')).toHaveTextContent(A.leaveMessage);
      expect(fake(el!).paused, 'the clip goes on while the learner decides').toBe(false);
      break;
    }
    case 'away':
      expect(sut.actor).toBeNull();
      expect(screen.queryByTestId('audio-once')).toBeNull();
      expect(sut.store.position, 'leaving saves where the clip stopped').toBe(sut.heard);
      break;
    case 'played':
      expect(chart!.matches('played')).toBe(true);
      expect(status).toBe('played');
      expect(document.querySelector('[role="status"]')).toHaveTextContent(A.played);
      expect(document.querySelector('.audio-once-lock')).toHaveAttribute('aria-label', A.onlyOnce);
      break;
    default:
      throw new Error(`unchecked model state ${JSON.stringify(model.value)}`);
  }
}

const testModel = createTestModel(abstractModel);
// One path to each distinct (state, point in the clip, interruption): every interruption is tried
// at the start, half-way and just below the threshold, and each is followed on to the lock.
const paths = testModel.getShortestPaths().slice(0, Number(process.env.AUDIO_PATHS ?? 1000));

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  media.clear();
  sut = createSut();
  sut.mount();
});
afterEach(() => {
  sut.unmountAndStop();
  vi.useRealTimers();
});

describe('audio once: a path to every state of the learner model, on the rendered player', { timeout: 30_000 }, () => {
  it('covers every model state and event', () => {
    const states = new Set(paths.flatMap((p) => p.steps.map((s) => s.state.value as string)));
    expect([...states].sort()).toEqual(['asking', 'away', 'failed', 'hidden', 'loading', 'played', 'playing', 'retrying', 'stalled']);
    const events = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
    for (const e of Object.keys(step)) expect(events, e).toContain(e);
    console.info(`audio-once rendered model: ${paths.length} paths, ${paths.reduce((n, p) => n + p.steps.length, 0)} steps`);
  });

  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' > ')] as const))('path %i: %s', async (i) => {
    await paths[i]!.test({
      states: { '*': (s) => checkState(s) },
      events: Object.fromEntries(Object.entries(step).map(([type, run]) => [type, () => run()])),
    });
  });
});
