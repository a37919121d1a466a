import { TestModel, getStateNodes, type StatePath } from '@xstate/graph';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { __unsafe_getAllOwnEventDescriptors, type SnapshotFrom } from 'xstate';
import { isInSection, itemIndexOf, sectionFirstIndex, type ExamSection } from '../../machines/exam-layout.ts';
import {
  AUTOSAVE_DEBOUNCE_MS,
  REFRESH_WAIT_MS,
  audioIndexOf,
  examMachine,
  retryBackoffMs,
  secondsLeftAt,
  type ExamEvent,
  type LoadExamOutput,
} from '../../machines/exam.machine.ts';
import type { TimerResponse } from '../../contract/exam.ts';
import { shownAnswers } from '../../machines/answer-sync.ts';
import { QUESTIONS, SCORE, SKEW_MS, T0, DURATION, createExamSut, draft, fresh, timerAnswer, type ExamSut } from './exam-fixtures.ts';
import { flush } from './harness.ts';

/**
 * Model-based test of the exam machine (STACK-NOTES, second way): the real machine definition is
 * the model, walked by `TestModel` over explicit events, including the actors' answers
 * (`xstate.done.actor.*`) and delays (`xstate.after.*`). Every step is replayed on a running actor
 * whose actors are controllable doubles, under fake timers; delays become advanced fake time and
 * "time runs out" becomes moving the fake clock to the server's end instant. Only the tick guard
 * is abstracted in the model (a tick marked `expired`), because the model has no clock.
 */

type ModelEvent = ExamEvent | { type: 'timer.tick'; expired: true } | { type: string; [k: string]: unknown };
type Snap = SnapshotFrom<typeof examMachine>;

const MODEL_NOW = T0;
const modelMachine = examMachine.provide({
  guards: { timeIsUp: ({ event }) => (event as { expired?: boolean }).expired === true },
});

const following: Record<ExamSection, TimerResponse['sesi']> = { listening: 'written', written: 'reading', reading: 'finished' };
const modelTimer = (sesi: TimerResponse['sesi'], seconds: number) => timerAnswer(sesi, seconds, MODEL_NOW);
const resumeDraft = draft(70, { 1: '2', 60: '3' }, T0 - 60_000);

/** One distinct short string per model event (also the event's identity in the graph). */
function summarize(e: ModelEvent): string {
  const o =
    (e as { output?: Partial<TimerResponse & LoadExamOutput>; timer?: TimerResponse }).output ?? (e as { timer?: TimerResponse }).timer;
  if (o?.sesi) return `${e.type}(${o.sesi} ${o.secondsRemaining}s)`;
  if (o && 'hasEndTime' in o) return `${e.type}(${o.questions?.length} q, endTime ${o.hasEndTime})`;
  if ('expired' in e) return 'timer.tick(expired)';
  const { type, ...rest } = e as { type: string; error?: unknown; output?: unknown };
  delete rest.error;
  delete rest.output;
  return Object.keys(rest).length ? `${type}${JSON.stringify(rest)}` : type;
}

function inActive(s: Snap) {
  return s.matches('active');
}

function eventsFor(s: Snap): ModelEvent[] {
  const section = s.context.section;
  const firstQuestion = sectionFirstIndex(section) + 1;
  return (__unsafe_getAllOwnEventDescriptors(s) as string[]).flatMap((type): ModelEvent[] => {
    switch (type) {
      case 'draft.changed':
        return []; // internal only
      case 'audio.position':
      case 'audio.played':
      case 'audio.leaveConfirmed':
        return []; // reports of the clip actor: its own rendered model and exam.machine.test cover them
      case 'xstate.done.actor.loadExam': {
        const outputs: LoadExamOutput[] = [
          fresh(),
          { questions: QUESTIONS, hasEndTime: true, draft: resumeDraft },
          { questions: QUESTIONS.slice(1), hasEndTime: false },
        ];
        return outputs.map((output) => ({ type, output }));
      }
      case 'xstate.done.actor.startTimer':
        return [modelTimer('listening', DURATION.listening), modelTimer('finished', 0)].map((output) => ({ type, output }));
      case 'xstate.done.actor.resumeTimer':
        return [
          modelTimer('listening', 1200),
          modelTimer('written', 0),
          modelTimer('reading', 600),
          modelTimer('reading', 0),
          modelTimer('finished', 0),
        ].map((output) => ({ type, output }));
      case 'xstate.done.actor.refreshTimer':
        return [
          modelTimer(section, 900),
          modelTimer(section, 0),
          modelTimer(following[section], following[section] === 'finished' ? 0 : 900),
        ].map((output) => ({ type, output }));
      case 'xstate.done.actor.nextSection': {
        const outputs = [modelTimer(following[section], DURATION[following[section] as ExamSection] ?? 0)];
        if (section === 'written') outputs.push(modelTimer('finished', 0));
        return outputs.map((output) => ({ type, output }));
      }
      case 'xstate.done.actor.endSection':
        return [{ type, output: { secondsRemaining: 0 } }];
      case 'xstate.done.actor.saveDraft':
        return [{ type, output: { answers: {}, answeredAt: {}, sesi: section, savedAt: null, ignored: [] } }];
      case 'xstate.done.actor.submitAnswers':
        return [{ type, output: SCORE }];
      case 'timer.tick':
        return [{ type }, { type, expired: true }];
      case 'timer.checked':
        // An admin's extension (a later end), and a check that changes nothing.
        return [modelTimer(section, 99_999), modelTimer(section, 1)].map((timer) => ({ type, timer }));
      case 'user.answer':
        return [{ type, page: firstQuestion, answer: '2' }];
      case 'user.mark':
        return [{ type, page: firstQuestion }];
      case 'user.dismissNotice':
        return []; // no notice arises in this model (the edge-case tests cover it)
      case 'user.goto':
        return [{ type, index: firstQuestion + 1 }];
      default:
        if (type.startsWith('xstate.error.actor.')) return [{ type, error: new Error('network down') }];
        return [{ type }];
    }
  });
}

/** The abstraction the graph is built over: state value plus what decides the next behaviour. */
function serializeState(s: Snap): string {
  const c = s.context;
  const saving = s.matches({ active: { autosave: 'saving' } });
  return JSON.stringify({
    value: s.value,
    section: inActive(s) || s.matches('refreshing') ? c.section : undefined,
    online: c.online,
    dirty: c.revision > c.savedRevision,
    newer: saving && c.revision > c.savingRevision,
    retried: c.saveAttempt > 0,
    sync: inActive(s) ? c.syncStatus : undefined,
  });
}

const model = new TestModel(modelMachine, {
  events: eventsFor as never,
  serializeEvent: summarize,
  serializeState: serializeState,
  input: { now: () => MODEL_NOW, online: true },
});

let sut: ExamSut;
let retriesAfterFinish = 0;
let answersSent = 0;

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  sut = createExamSut();
  sut.actor.start();
  retriesAfterFinish = 0;
  answersSent = 0;
});
afterEach(() => {
  sut.actor.stop();
  vi.useRealTimers();
});

const settle = (call: { resolve: (o: never) => void }, output: unknown) => call.resolve(output as never);
const asTimer = (o: unknown) => {
  const t = o as TimerResponse;
  return sut.serverTimer(t.sesi, t.secondsRemaining);
};

const events: Record<string, (step: { event: ModelEvent; state: Snap }) => Promise<void>> = {
  'xstate.done.actor.loadExam': async ({ event }) => {
    const loaded = output(event) as LoadExamOutput;
    // The draft the server hands out is what it holds.
    for (const [page, a] of Object.entries(loaded.draft?.answers ?? {})) sut.server.put(Number(page), a.answer, Date.parse(a.at));
    settle(sut.load.pending(), loaded);
    await flush();
  },
  'xstate.done.actor.startTimer': async ({ event }) => {
    settle(sut.start.pending(), asTimer(output(event)));
    await flush();
  },
  'xstate.done.actor.resumeTimer': async ({ event }) => {
    settle(sut.refresh.pending(), asTimer(output(event)));
    await flush();
  },
  'xstate.done.actor.refreshTimer': async ({ event }) => {
    settle(sut.refresh.pending(), asTimer(output(event)));
    await flush();
  },
  'xstate.done.actor.nextSection': async ({ event }) => {
    settle(sut.next.pending(), asTimer(output(event)));
    await flush();
  },
  'xstate.done.actor.endSection': async ({ event }) => {
    settle(sut.endSection.pending(), output(event));
    await flush();
  },
  'xstate.done.actor.saveDraft': async () => {
    const call = sut.save.pending();
    settle(call, sut.server.answer(call.input, {}, sut.actor.getSnapshot().context.section));
    await flush();
  },
  'xstate.done.actor.submitAnswers': async () => {
    settle(sut.submit.pending(), SCORE);
    await flush();
  },
  'xstate.error.actor.loadExam': async () => rejectPending(sut.load),
  'xstate.error.actor.startTimer': async () => rejectPending(sut.start),
  'xstate.error.actor.resumeTimer': async () => rejectPending(sut.refresh),
  'xstate.error.actor.refreshTimer': async () => rejectPending(sut.refresh),
  'xstate.error.actor.nextSection': async () => rejectPending(sut.next),
  'xstate.error.actor.endSection': async () => rejectPending(sut.endSection),
  'xstate.error.actor.saveDraft': async () => rejectPending(sut.save),
  'xstate.error.actor.submitAnswers': async () => rejectPending(sut.submit),
  'xstate.after.AUTOSAVE_DEBOUNCE.exam.active.autosave.debouncing': async () => {
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
  },
  'xstate.after.REFRESH_WAIT.exam.refreshing': async () => {
    await vi.advanceTimersByTimeAsync(REFRESH_WAIT_MS);
  },
  'xstate.after.RETRY_BACKOFF.exam.active.autosave.retrying': async () => {
    await vi.advanceTimersByTimeAsync(retryBackoffMs(sut.actor.getSnapshot().context.saveAttempt));
  },
  'timer.checked': async ({ event }) => {
    const { sesi, secondsRemaining } = (event as { timer: TimerResponse }).timer;
    const before = sut.actor.getSnapshot().context;
    const timer = sut.serverTimer(sesi, secondsRemaining);
    sut.actor.send({ type: 'timer.checked', timer });
    await flush();
    const after = sut.actor.getSnapshot().context;
    // Only a later end is taken, and seconds left follow it at once.
    const later = Date.parse(timer.endsAt!) > before.endsAt!;
    expect(after.endsAt).toBe(later ? Date.parse(timer.endsAt!) : before.endsAt);
    expect(after.secondsLeft).toBe(later ? secondsLeftAt(after.endsAt, after.clockOffsetMs, Date.now()) : before.secondsLeft);
  },
  'timer.tick': async ({ event }) => {
    const c = sut.actor.getSnapshot().context;
    // Time passes on the browser clock only; the machine must derive the rest.
    vi.setSystemTime('expired' in event ? c.endsAt! - c.clockOffsetMs : Date.now() + 1000);
    sut.ticker.tick();
    await flush();
    const after = sut.actor.getSnapshot().context;
    // Seconds left are re-derived from the server's end instant on every tick.
    expect(after.secondsLeft).toBe(secondsLeftAt(after.endsAt, after.clockOffsetMs, Date.now()));
    expect(after.secondsLeft).toBe(Math.max(0, Math.ceil((after.endsAt! - (Date.now() + SKEW_MS)) / 1000)));
  },
};

const output = (event: ModelEvent) => (event as unknown as { output: unknown }).output;

async function rejectPending(c: { pending: () => { reject: (e: unknown) => void } }) {
  c.pending().reject(new Error('network down'));
  await flush();
}

async function sendUser({ event }: { event: ModelEvent }) {
  const { type } = event;
  if (type === 'user.retry' && sut.actor.getSnapshot().matches('finished')) retriesAfterFinish++;
  if (type === 'user.answer') answersSent++;
  sut.actor.send(event as ExamEvent);
  await flush();
}
for (const type of [
  'user.askStart',
  'user.cancel',
  'user.askEnd',
  'user.askContinue',
  'user.mark',
  'user.start',
  'user.dismiss',
  'user.retry',
  'user.answer',
  'user.goto',
  'user.next',
  'user.prev',
  'user.endSection',
  'user.continue',
  'user.finish',
  'page.visible',
  'network.online',
  'network.offline',
]) {
  events[type] = sendUser;
}

const RUNNING = ['listening', 'written', 'reading'].map((s) => ({ active: { session: { [s]: 'running' } } }));

/** What must hold in the running actor whenever the model is in `expected`. */
function checkState(expected: Snap) {
  const actual = sut.actor.getSnapshot();
  const c = actual.context;
  expect(actual.value).toEqual(expected.value);
  expect(serializeState(actual)).toBe(serializeState(expected));

  const running = RUNNING.some((v) => expected.matches(v));
  expect(sut.ticker.running, 'ticker runs only while a section runs').toBe(running ? 1 : 0);
  expect(sut.watch.running, 'the timer is watched only while a section runs').toBe(running ? 1 : 0);
  expect(Boolean(c.audioRef), 'a clip actor lives only in listening.running, on a listening item').toBe(
    expected.matches({ active: { session: { listening: 'running' } } }) && audioIndexOf(c.index) !== null,
  );
  if (c.audioRef) expect(Object.keys(actual.children).filter((id) => id.startsWith('audio-'))).toEqual([c.audioRef.id]);
  if (running) expect(c.secondsLeft).toBeGreaterThan(0);
  if (
    expected.matches({ active: { session: { listening: 'ended' } } }) ||
    expected.matches({ active: { session: { written: 'ended' } } })
  ) {
    expect(c.secondsLeft).toBe(0);
  }
  if (inActive(expected)) {
    expect(isInSection(c.index, c.section), `index ${c.index} in ${c.section}`).toBe(true);
    expect(itemIndexOf(c.index)).toBe(c.index);
  }
  if (expected.matches({ active: { autosave: 'clean' } }) && sut.save.calls.length > 0) {
    // Saved means the server holds exactly the current answers and index.
    const last = sut.save.calls[sut.save.calls.length - 1]!;
    expect(shownAnswers(sut.server.held)).toEqual(c.answers);
    expect(last.input.index).toBe(c.index);
  }
  if (answersSent > 0) {
    expect(sut.persistLocal).toHaveBeenLastCalledWith(expect.objectContaining({ answers: c.timed, index: c.index }));
  }
  if (expected.matches('finished')) {
    expect(sut.submit.calls, 'one submission per finish, one more per retry').toHaveLength(1 + retriesAfterFinish);
    expect(sut.submit.calls[0]!.input.answers).toHaveLength(140);
  } else {
    expect(sut.submit.calls).toHaveLength(0);
  }
  if (expected.matches({ finished: 'scored' })) {
    expect(c.score).toEqual(SCORE);
    expect(sut.clearLocal).toHaveBeenCalledTimes(1);
  } else {
    expect(sut.clearLocal).not.toHaveBeenCalled();
  }
}

const params = { states: { '*': (s: Snap) => checkState(s) }, events: events as never };

const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
/** What `getAdjacencyMap` returns (its declared type resolves to any here). */
type Adjacency = Record<string, { state: Snap; transitions: Record<string, { event: ModelEvent; state: Snap }> }>;
const adjacency = model.getAdjacencyMap() as unknown as Adjacency;
const bySerial = new Map(shortest.map((p) => [serializeState(p.state), p]));
const transitionPaths: { source: string; path: StatePath<Snap, ModelEvent> }[] = [];
for (const [source, { transitions }] of Object.entries(adjacency)) {
  const head = bySerial.get(source);
  if (!head) continue;
  for (const { event, state } of Object.values(transitions)) {
    transitionPaths.push({
      source,
      path: { state, steps: [...head.steps, { event, state }], weight: head.weight + 1 },
    });
  }
}
/** Short names: the model's own descriptions print the whole context. */
function describePath(p: StatePath<Snap, ModelEvent>): string {
  const events = p.steps.slice(1).map((s) => summarize(s.event).replace(/^xstate\./, ''));
  return `${JSON.stringify(p.state.value)} via ${events.join(' > ') || 'start'}`;
}

const simpleStates = new Set(shortest.map((p) => JSON.stringify(p.state.value)));

afterAll(() => {
  console.info(
    `exam model: ${shortest.length} abstract states (${simpleStates.size} state values) reached by shortest paths; ` +
      `${transitionPaths.length} transitions each covered by a path`,
  );
});

describe('exam machine, shortest path to every state', () => {
  it('reaches every state node of the chart', () => {
    const leaves = new Set<string>();
    for (const p of shortest) for (const n of p.state._nodes) leaves.add(n.id);
    // `route` states are transient (eventless) and never rest in a snapshot.
    const all = getStateNodes(examMachine.root)
      .map((n) => n.id)
      .filter((id) => !id.endsWith('.route'));
    expect(all.filter((id) => !leaves.has(id))).toEqual([]);
  });
  it.each(shortest.map((p) => [describePath(p), p] as const))('%s', async (_d, path) => {
    await path.test(params);
  });
});

describe('exam machine, every transition', () => {
  const sources = [...new Set(transitionPaths.map((t) => t.source))];
  it.each(sources.map((s, i) => [i, s] as const))('transitions out of state %i', async (_i, source) => {
    for (const t of transitionPaths.filter((x) => x.source === source)) {
      sut.actor.stop();
      sut = createExamSut();
      sut.actor.start();
      retriesAfterFinish = 0;
      answersSent = 0;
      await model.testPath(t.path as never, params);
    }
  });
});
