import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  AUTOSAVE_DEBOUNCE_MS,
  REFRESH_WAIT_MS,
  answersForSubmit,
  examAudioOnce,
  examMachine,
  newestDraft,
  retryBackoffMs,
  sanitizeAnswers,
  secondsLeftAt,
} from '../../machines/exam.machine.ts';
import { DURATION, QUESTIONS, SCORE, SKEW_MS, T0, createExamSut, draft, fresh, iso, type ExamSut } from './exam-fixtures.ts';
import { flush, intervalTicker } from './harness.ts';

/** Guards, pure helpers and the edge cases the model abstracts away. */

let sut: ExamSut;
beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  sut?.actor.stop();
  vi.useRealTimers();
});

const snap = () => sut.actor.getSnapshot();

async function startIn(section: 'listening' | 'written' | 'reading', seconds = DURATION[section], input = {}) {
  sut = createExamSut(input);
  sut.actor.start();
  sut.load.pending().resolve({ questions: QUESTIONS, hasEndTime: true, draft: null });
  await flush();
  sut.refresh.pending().resolve(sut.serverTimer(section, seconds));
  await flush();
}

describe('pure helpers', () => {
  it('derives seconds left from the end instant and the clock offset, rounding up', () => {
    expect(secondsLeftAt(10_000, 0, 0)).toBe(10);
    expect(secondsLeftAt(10_000, 0, 1)).toBe(10);
    expect(secondsLeftAt(10_000, 0, 9_001)).toBe(1);
    expect(secondsLeftAt(10_000, 0, 10_000)).toBe(0);
    expect(secondsLeftAt(10_000, 4_000, 0)).toBe(6);
    expect(secondsLeftAt(10_000, 0, 99_000)).toBe(0);
    expect(secondsLeftAt(null, 0, 0)).toBe(0);
  });
  it('backs off 1 s, 2 s, 4 s ... up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryBackoffMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(AUTOSAVE_DEBOUNCE_MS).toBe(1000);
  });
  it('prefers the newest draft, the first on a tie, and skips broken ones', () => {
    const a = draft(1, {}, 1000);
    const b = draft(2, {}, 2000);
    expect(newestDraft(a, b)).toBe(b);
    expect(newestDraft(b, a)).toBe(b);
    expect(newestDraft(a, { ...a })).toBe(a);
    expect(newestDraft(null, undefined, { index: 3, answers: {}, savedAt: 'yesterday' })).toBeNull();
  });
  it('keeps only real pages and options from stored answers, dating bare ones with the draft instant', () => {
    const at = iso(T0);
    expect(
      sanitizeAnswers({ 1: '2', 51: '1', 52: '5', 60: '-1', 143: { answer: '4', at: iso(T0 + 5) }, 2: { answer: '1' }, x: '1' }, at),
    ).toEqual({
      1: { answer: '2', at },
      60: { answer: '-1', at },
      143: { answer: '4', at: iso(T0 + 5) },
    });
    expect(sanitizeAnswers(null, at)).toEqual({});
  });
  it('submits all 140 questions by page with -1 for unanswered, given answers with their instant', () => {
    const at = iso(T0);
    const { answers } = answersForSubmit({ 1: { answer: '3', at }, 94: { answer: '1', at }, 95: { answer: '-1', at } });
    expect(answers).toHaveLength(140);
    expect(answers[0]).toEqual({ id: 1, answer: '3', at });
    expect(answers.find((a) => a.id === 94)).toEqual({ id: 94, answer: '1', at });
    expect(answers.find((a) => a.id === 2)).toEqual({ id: 2, answer: '-1' });
    expect(answers.filter((a) => a.answer === '-1')).toHaveLength(138);
    expect(answers.filter((a) => a.answer === '-1' && a.at === undefined)).toHaveLength(137);
    expect(answers.map((a) => a.id)).not.toContain(51);
  });
});

describe('timer', () => {
  it('starts with the server answer and shows the section first index', async () => {
    sut = createExamSut();
    sut.actor.start();
    sut.load.pending().resolve(fresh());
    await flush();
    expect(snap().matches('ready')).toBe(true);
    sut.actor.send({ type: 'user.start' });
    expect(snap().matches({ ready: 'idle' }), 'Ya, Mulai only answers the open confirmation').toBe(true);
    sut.actor.send({ type: 'user.askStart' });
    expect(snap().matches({ ready: 'confirming' })).toBe(true);
    sut.actor.send({ type: 'user.cancel' });
    expect(snap().matches({ ready: 'idle' })).toBe(true);
    sut.actor.send({ type: 'user.askStart' });
    sut.actor.send({ type: 'user.start' });
    sut.start.pending().resolve(sut.serverTimer('listening', 2100));
    await flush();
    expect(snap().matches({ active: { session: { listening: 'running' } } })).toBe(true);
    expect(snap().context).toMatchObject({ section: 'listening', index: 0, secondsLeft: 2100, clockOffsetMs: SKEW_MS });
  });

  it('shows a visible error when the timer cannot start, and retries on demand', async () => {
    sut = createExamSut();
    sut.actor.start();
    sut.load.pending().resolve(fresh());
    await flush();
    sut.actor.send({ type: 'user.askStart' });
    sut.actor.send({ type: 'user.start' });
    sut.start.pending().reject(new Error('500'));
    await flush();
    expect(snap().value).toBe('startFailed');
    sut.actor.send({ type: 'user.start' });
    expect(snap().value).toBe('starting');
    expect(sut.start.calls).toHaveLength(2);
  });

  it('counts down from the end instant with a real 1000 ms interval, not by decrementing', async () => {
    sut = createExamSut();
    const machine = examMachine.provide({ actors: { ticker: intervalTicker() } });
    // Same doubles, real interval ticker under fake timers.
    const actor = createActor(
      machine.provide({
        actors: {
          loadExam: sut.load.logic,
          refreshTimer: sut.refresh.logic,
          saveDraft: sut.save.logic,
          timerWatch: sut.watch.logic,
          audioOnce: examAudioOnce.provide({
            actors: { fetchClip: fromPromise<string, { src: string }>(() => Promise.resolve('blob:clip')) },
          }),
        },
      }),
      { input: { now: () => Date.now() } },
    ).start();
    sut.load.pending().resolve({ questions: QUESTIONS, hasEndTime: true });
    await flush();
    sut.refresh.pending().resolve(sut.serverTimer('listening', 10));
    await flush();
    await vi.advanceTimersByTimeAsync(3000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(7);
    // The tab slept 5 s without ticks: the next tick still shows the true time.
    vi.setSystemTime(Date.now() + 5000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().matches({ active: { session: { listening: 'ended' } } })).toBe(true);
    actor.stop();
  });

  it('ends a section once when a tick reaches 0 twice', async () => {
    await startIn('written', 5);
    vi.setSystemTime(Date.now() + 5000);
    sut.ticker.tick();
    sut.ticker.tick();
    await flush();
    expect(snap().matches({ active: { session: { written: 'ended' } } })).toBe(true);
    expect(snap().context.secondsLeft).toBe(0);
    expect(sut.ticker.running).toBe(0);
    expect(sut.endSection.calls).toHaveLength(0);
    expect(sut.next.calls).toHaveLength(0);
  });

  it('finishes and submits once when reading reaches 0, even on a second tick', async () => {
    await startIn('reading', 2);
    vi.setSystemTime(Date.now() + 2000);
    sut.ticker.tick();
    sut.ticker.tick();
    await flush();
    expect(snap().matches({ finished: 'submitting' })).toBe(true);
    expect(sut.submit.calls).toHaveLength(1);
  });

  it('submits once on a double finish', async () => {
    await startIn('reading');
    sut.actor.send({ type: 'user.finish' });
    expect(snap().matches('finished'), 'Selesai only answers the open confirmation').toBe(false);
    sut.actor.send({ type: 'user.askEnd' });
    sut.actor.send({ type: 'user.finish' });
    sut.actor.send({ type: 'user.finish' });
    await flush();
    expect(sut.submit.calls).toHaveLength(1);
    sut.submit.pending().resolve(SCORE);
    await flush();
    sut.actor.send({ type: 'user.finish' });
    await flush();
    expect(sut.submit.calls).toHaveLength(1);
    expect(snap().matches({ finished: 'scored' })).toBe(true);
    expect(snap().context.score).toEqual(SCORE);
    expect(sut.clearLocal).toHaveBeenCalledTimes(1);
  });

  it('exposes a score failure with a retry that resubmits the same answers', async () => {
    await startIn('reading');
    sut.actor.send({ type: 'user.answer', page: 100, answer: '4' });
    sut.actor.send({ type: 'user.askEnd' });
    sut.actor.send({ type: 'user.finish' });
    sut.submit.pending().reject(new Error('502'));
    await flush();
    expect(snap().matches({ finished: 'scoreFailed' })).toBe(true);
    expect(sut.clearLocal).not.toHaveBeenCalled();
    sut.actor.send({ type: 'user.retry' });
    expect(sut.submit.calls).toHaveLength(2);
    expect(sut.submit.calls[1]!.input).toEqual(sut.submit.calls[0]!.input);
    expect(sut.submit.calls[1]!.input.answers.find((a) => a.id === 100)).toEqual({ id: 100, answer: '4', at: iso(Date.now() + SKEW_MS) });
  });

  it('lands in the ended state when the tab returns after the server ended the section', async () => {
    await startIn('listening');
    sut.actor.send({ type: 'page.visible' });
    expect(snap().value).toBe('refreshing');
    sut.refresh.pending().resolve(sut.serverTimer('listening', 0));
    await flush();
    expect(snap().matches({ active: { session: { listening: 'ended' } } })).toBe(true);
    expect(sut.ticker.running).toBe(0);
  });

  it('goes on by its own clock when the refresh on return gets no answer in time, and ignores a late one', async () => {
    await startIn('listening', 600);
    sut.actor.send({ type: 'user.goto', index: 20 });
    sut.actor.send({ type: 'page.visible' });
    await vi.advanceTimersByTimeAsync(REFRESH_WAIT_MS - 1);
    expect(snap().value).toBe('refreshing');
    await vi.advanceTimersByTimeAsync(1);
    expect(snap().matches({ active: { session: { listening: 'running' } } })).toBe(true);
    expect(sut.logError).toHaveBeenCalledWith({ operation: 'refreshTimer' });
    expect(snap().context.index).toBe(20);
    // The clock counts on towards the end instant it had all along.
    sut.ticker.tick();
    expect(snap().context.secondsLeft).toBe(600 - REFRESH_WAIT_MS / 1000);
    const late = sut.refresh.calls.at(-1)!;
    late.resolve(sut.serverTimer('written', 900));
    await flush();
    expect(snap().matches({ active: { session: { listening: 'running' } } })).toBe(true);
  });

  it('follows the server into the next section on refresh, at its first index', async () => {
    await startIn('listening');
    sut.actor.send({ type: 'user.goto', index: 20 });
    sut.actor.send({ type: 'page.visible' });
    sut.refresh.pending().resolve(sut.serverTimer('written', 900));
    await flush();
    expect(snap().matches({ active: { session: { written: 'running' } } })).toBe(true);
    expect(snap().context.index).toBe(51);
  });

  it('keeps running when a refresh fails (only logged)', async () => {
    await startIn('written');
    sut.actor.send({ type: 'page.visible' });
    sut.refresh.pending().reject(new Error('offline'));
    await flush();
    expect(snap().matches({ active: { session: { written: 'running' } } })).toBe(true);
    expect(sut.logError).toHaveBeenCalledWith({ operation: 'refreshTimer' });
  });

  it('Selesai zeroes the section on the server; continue moves to the next section', async () => {
    await startIn('listening');
    sut.actor.send({ type: 'user.askEnd' });
    expect(snap().matches({ active: { session: { listening: { running: 'confirming' } } } })).toBe(true);
    sut.actor.send({ type: 'user.endSection' });
    expect(sut.endSection.calls[0]!.input).toEqual({ section: 'listening' });
    sut.endSection.pending().resolve({ secondsRemaining: 0 });
    await flush();
    expect(snap().matches({ active: { session: { listening: 'ended' } } })).toBe(true);
    sut.actor.send({ type: 'user.continue' });
    expect(sut.next.calls, 'Lanjut only answers the open confirmation').toHaveLength(0);
    sut.actor.send({ type: 'user.askContinue' });
    sut.actor.send({ type: 'user.continue' });
    sut.next.pending().resolve(sut.serverTimer('written', 1500));
    await flush();
    expect(snap().matches({ active: { session: { written: 'running' } } })).toBe(true);
    expect(snap().context).toMatchObject({ index: 51, secondsLeft: 1500 });
  });

  it('finishes when the next-section answer says finished', async () => {
    await startIn('written', 0);
    sut.actor.send({ type: 'user.askContinue' });
    sut.actor.send({ type: 'user.continue' });
    sut.next.pending().resolve(sut.serverTimer('finished', 0));
    await flush();
    expect(snap().matches('finished')).toBe(true);
  });
});

describe('answers and navigation', () => {
  it('accepts answers only for the current section and clears with -1', async () => {
    await startIn('written');
    sut.actor.send({ type: 'user.answer', page: 60, answer: '2' });
    sut.actor.send({ type: 'user.answer', page: 10, answer: '2' });
    sut.actor.send({ type: 'user.answer', page: 67, answer: '2' });
    sut.actor.send({ type: 'user.answer', page: 61, answer: '9' as '1' });
    expect(snap().context.answers).toEqual({ 60: '2' });
    sut.actor.send({ type: 'user.answer', page: 60, answer: '-1' });
    expect(snap().context.answers).toEqual({});
  });

  it('refuses answers once the section ended', async () => {
    await startIn('written', 0);
    sut.actor.send({ type: 'user.answer', page: 60, answer: '2' });
    expect(snap().context.answers).toEqual({});
  });

  it('navigates with the layout rules and clamps outside indexes', async () => {
    await startIn('listening');
    sut.actor.send({ type: 'user.prev' });
    expect(snap().context.index).toBe(0);
    sut.actor.send({ type: 'user.goto', index: 31 });
    sut.actor.send({ type: 'user.next' });
    expect(snap().context.index).toBe(35);
    sut.actor.send({ type: 'user.goto', index: 48 });
    expect(snap().context.index).toBe(47);
    sut.actor.send({ type: 'user.next' });
    expect(snap().context.index).toBe(47);
    sut.actor.send({ type: 'user.goto', index: 100 });
    expect(snap().context.index).toBe(0);
  });

  it('spawns one clip actor per listening item, asks before leaving a playing clip, saves its position and lock', async () => {
    await startIn('listening');
    await flush();
    const clip = () => snap().context.audioRef!;
    expect(snap().context.audioRef).toBeNull();
    sut.actor.send({ type: 'user.goto', index: 33 });
    await flush();
    expect(clip().id).toBe('audio-31');
    expect(clip().getSnapshot().context).toMatchObject({ index: 31, src: '/audio/31.mp3', position: 0 });
    expect(clip().getSnapshot().value).toBe('ready');
    clip().send({ type: 'user.play' });
    clip().send({ type: 'media.playing' });
    const playTo = (from: number, to: number) => {
      for (let p = from; p <= to; p++) clip().send({ type: 'media.time', position: p, duration: 60 });
    };
    playTo(1, 6);
    expect(snap().context.audio.positions).toEqual({ 31: 5 });
    // Leaving asks first; the move waits for the answer.
    sut.actor.send({ type: 'user.next' });
    expect(snap().context.index).toBe(31);
    expect(clip().getSnapshot().value).toEqual({ playing: 'askingLeave' });
    clip().send({ type: 'leave.cancel' });
    sut.actor.send({ type: 'user.next' });
    clip().send({ type: 'media.time', position: 7, duration: 60 });
    clip().send({ type: 'leave.confirm' });
    expect(snap().context.index).toBe(35);
    expect(clip().id).toBe('audio-35');
    expect(Object.keys(snap().children).filter((id) => id.startsWith('audio-'))).toEqual(['audio-35']);
    expect(snap().context.audio).toEqual({ played: [], positions: { 31: 7 } });
    // Back again: the clip resumes from 7 s, not from the start.
    sut.actor.send({ type: 'user.prev' });
    await flush();
    expect(clip().getSnapshot().context).toMatchObject({ index: 31, position: 7 });
    clip().send({ type: 'user.play' });
    expect(clip().getSnapshot().value).toBe('resuming');
    clip().send({ type: 'media.playing' });
    playTo(8, 53);
    expect(snap().context.audio.played).toEqual([]);
    playTo(54, 54);
    expect(snap().context.audio.played).toEqual([31]);
    // A heard clip is not asked about, and the draft carries the lock.
    sut.actor.send({ type: 'user.next' });
    expect(snap().context.index).toBe(35);
    expect(sut.persistLocal).toHaveBeenLastCalledWith(expect.objectContaining({ audio: { played: [31], positions: { 31: 52 } } }));
  });

  it('restores a draft whose index is outside the current section at its first index', async () => {
    sut = createExamSut({ localDraft: draft(20, { 5: '1' }, T0 - 1000) });
    sut.actor.start();
    sut.load.pending().resolve({ questions: QUESTIONS, hasEndTime: true, draft: draft(30, { 5: '2' }, T0 - 9000) });
    await flush();
    sut.refresh.pending().resolve(sut.serverTimer('reading', 600));
    await flush();
    expect(snap().context.index).toBe(93);
    // The local answer was given later, so it wins, and it still has to reach the server.
    expect(snap().context.answers).toEqual({ 5: '1' });
    expect(snap().context.newerPages).toEqual([]);
    expect(sut.persistLocal).toHaveBeenLastCalledWith(
      expect.objectContaining({ index: 93, answers: { 5: { answer: '1', at: iso(T0 - 1000) } } }),
    );
    await flush();
    expect(sut.save.calls[0]!.input.answers).toEqual([{ id: 5, answer: '1', at: iso(T0 - 1000) }]);
  });

  it('ignores stored drafts when no attempt exists yet', async () => {
    sut = createExamSut({ localDraft: draft(20, { 5: '1' }, T0) });
    sut.actor.start();
    sut.load.pending().resolve({ ...fresh(), draft: draft(30, { 5: '2' }, T0) });
    await flush();
    expect(snap().context).toMatchObject({ answers: {}, index: 0 });
  });

  it('shows the error state for an incomplete package and retries the load', async () => {
    sut = createExamSut();
    sut.actor.start();
    sut.load.pending().resolve({ questions: QUESTIONS.slice(2), hasEndTime: false });
    await flush();
    expect(snap().value).toBe('error');
    expect(snap().context.loadProblem).toMatch(/expected 140/);
    sut.actor.send({ type: 'user.retry' });
    expect(sut.load.calls).toHaveLength(2);
  });
});

describe('autosave', () => {
  it('debounces, sends the latest answer, and reports saved', async () => {
    await startIn('listening');
    sut.actor.send({ type: 'user.answer', page: 1, answer: '1' });
    await vi.advanceTimersByTimeAsync(500);
    sut.actor.send({ type: 'user.answer', page: 1, answer: '3' });
    await vi.advanceTimersByTimeAsync(999);
    expect(sut.save.calls).toHaveLength(0);
    expect(snap().context.syncStatus).toBe('saving');
    await vi.advanceTimersByTimeAsync(1);
    expect(sut.save.calls).toHaveLength(1);
    expect(sut.save.calls[0]!.input.answers).toEqual([{ id: 1, answer: '3', at: iso(T0 + 500 + SKEW_MS) }]);
    sut.ackSave();
    await flush();
    expect(snap().context.syncStatus).toBe('saved');
  });

  it('latest answer wins: a change during a save is sent right after it', async () => {
    await startIn('listening');
    sut.actor.send({ type: 'user.answer', page: 1, answer: '1' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    sut.actor.send({ type: 'user.answer', page: 1, answer: '4' });
    sut.ackSave();
    await flush();
    expect(sut.save.calls).toHaveLength(2);
    expect(sut.save.calls[1]!.input.answers.map((a) => [a.id, a.answer])).toEqual([[1, '4']]);
    expect(sut.save.calls[1]!.input.revision).toBeGreaterThan(sut.save.calls[0]!.input.revision);
    expect(snap().context.answers, 'the acknowledgement of the older answer does not put it back').toEqual({ 1: '4' });
    sut.ackSave();
    await flush();
    expect(snap().context.syncStatus).toBe('saved');
  });

  it('queues answers while offline when a save fails, and sends them on reconnect', async () => {
    await startIn('reading');
    sut.actor.send({ type: 'user.answer', page: 94, answer: '1' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    sut.actor.send({ type: 'network.offline' });
    sut.save.pending().reject(new Error('failed to fetch'));
    await flush();
    expect(snap().context.syncStatus).toBe('offline');
    sut.actor.send({ type: 'user.answer', page: 95, answer: '2' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sut.save.calls).toHaveLength(1);
    sut.actor.send({ type: 'network.online' });
    await flush();
    expect(sut.save.calls).toHaveLength(2);
    expect(sut.save.calls[1]!.input.answers.map((a) => [a.id, a.answer])).toEqual([
      [94, '1'],
      [95, '2'],
    ]);
    sut.ackSave({}, 'reading');
    await flush();
    expect(snap().context.syncStatus).toBe('saved');
  });

  it('retries a failing save with backoff while online', async () => {
    await startIn('reading');
    sut.actor.send({ type: 'user.answer', page: 94, answer: '1' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    sut.save.pending().reject(new Error('503'));
    await flush();
    expect(snap().context.syncStatus).toBe('error');
    await vi.advanceTimersByTimeAsync(999);
    expect(sut.save.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sut.save.calls).toHaveLength(2);
    sut.save.pending().reject(new Error('503'));
    await flush();
    await vi.advanceTimersByTimeAsync(1999);
    expect(sut.save.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sut.save.calls).toHaveLength(3);
  });

  it('writes every change to browser storage at once', async () => {
    await startIn('reading');
    // Entering reading moved the index from 0 to 93: that is a change too.
    expect(sut.persistLocal).toHaveBeenCalledTimes(1);
    sut.actor.send({ type: 'user.answer', page: 94, answer: '1' });
    sut.actor.send({ type: 'user.next' });
    expect(sut.persistLocal).toHaveBeenCalledTimes(3);
    expect(sut.persistLocal).toHaveBeenLastCalledWith({
      index: 94,
      answers: { 94: { answer: '1', at: iso(Date.now() + SKEW_MS) } },
      savedAt: iso(Date.now() + SKEW_MS),
      marked: [],
      audio: { played: [], positions: {} },
    });
  });
});

describe('answers never go backwards', () => {
  const saveNow = async () => {
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
  };

  it('sends only what changed since the last acknowledgement, each answer with its server instant', async () => {
    await startIn('listening');
    sut.actor.send({ type: 'user.answer', page: 1, answer: '1' });
    sut.actor.send({ type: 'user.answer', page: 2, answer: '2' });
    await saveNow();
    expect(sut.save.calls[0]!.input.answers).toEqual([
      { id: 1, answer: '1', at: iso(T0 + SKEW_MS) },
      { id: 2, answer: '2', at: iso(T0 + SKEW_MS) },
    ]);
    sut.ackSave();
    await flush();
    await vi.advanceTimersByTimeAsync(3000);
    sut.actor.send({ type: 'user.answer', page: 2, answer: '-1' });
    await saveNow();
    expect(sut.save.calls[1]!.input.answers).toEqual([{ id: 2, answer: '-1', at: iso(Date.now() - AUTOSAVE_DEBOUNCE_MS + SKEW_MS) }]);
  });

  it('takes a newer answer from another device onto the screen and says which question', async () => {
    await startIn('listening');
    sut.actor.send({ type: 'user.answer', page: 2, answer: '2' });
    await saveNow();
    sut.ackSave();
    await flush();
    // Device B changes question 2 later; this device then answers question 5.
    sut.server.put(2, '4', Date.now() + SKEW_MS + 5_000);
    await vi.advanceTimersByTimeAsync(10_000);
    sut.actor.send({ type: 'user.answer', page: 5, answer: '1' });
    await saveNow();
    expect(
      sut.save.calls[1]!.input.answers.map((a) => a.id),
      'question 2 is not sent again',
    ).toEqual([5]);
    sut.ackSave();
    await flush();
    expect(sut.server.held['2']!.answer).toBe('4');
    expect(snap().context.answers).toEqual({ 2: '4', 5: '1' });
    // What this device would submit is the newer answer too, not only what it shows.
    expect(snap().context.timed['2']).toEqual(sut.server.held['2']);
    expect(snap().context.newerPages).toEqual([2]);
    sut.actor.send({ type: 'user.dismissNotice' });
    expect(snap().context.newerPages).toEqual([]);
  });

  it('a stale answer refused as newer never comes back, and the screen follows the server', async () => {
    await startIn('listening');
    sut.server.put(3, '4', T0 + SKEW_MS + 60_000);
    sut.actor.send({ type: 'user.answer', page: 3, answer: '1' });
    await saveNow();
    sut.ackSave();
    await flush();
    expect(sut.server.held['3']!.answer).toBe('4');
    expect(snap().context.answers[3]).toBe('4');
    expect(snap().context.newerPages).toEqual([3]);
    expect(snap().context.notCounted).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sut.save.calls, 'nothing left to send').toHaveLength(1);
  });

  it('tells the learner which answers did not count and why, and takes them off the screen', async () => {
    await startIn('written');
    // Entering written moved the index: that save goes first.
    sut.ackSave({}, 'written');
    await flush();
    sut.actor.send({ type: 'user.answer', page: 60, answer: '2' });
    sut.actor.send({ type: 'user.answer', page: 61, answer: '3' });
    await saveNow();
    sut.ackSave({ 61: 'ended' }, 'written');
    await flush();
    expect(snap().context.notCounted).toEqual([{ page: 61, reason: 'ended' }]);
    expect(snap().context.answers).toEqual({ 60: '2' });
    expect(sut.persistLocal).toHaveBeenLastCalledWith(expect.objectContaining({ answers: { 60: expect.anything() } }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sut.save.calls, 'a refused answer is not sent forever').toHaveLength(2);
  });

  it('keeps answers given offline, with the instant they were given, and sends them on reconnect', async () => {
    await startIn('reading', 120);
    sut.ackSave({}, 'reading');
    await flush();
    sut.actor.send({ type: 'network.offline' });
    sut.actor.send({ type: 'user.answer', page: 94, answer: '3' });
    const givenAt = iso(Date.now() + SKEW_MS);
    await vi.advanceTimersByTimeAsync(150_000);
    expect(sut.save.calls).toHaveLength(1);
    sut.actor.send({ type: 'network.online' });
    await flush();
    // Delivered late, the answer keeps the instant it was given: the server decides by that.
    expect(sut.save.calls).toHaveLength(2);
    expect(sut.save.calls[1]!.input.answers).toEqual([{ id: 94, answer: '3', at: givenAt }]);
  });

  it('ends the exam when a save learns the attempt was finished on another device', async () => {
    await startIn('listening');
    sut.actor.send({ type: 'user.answer', page: 1, answer: '1' });
    await saveNow();
    sut.ackSave({ 1: 'finished' }, 'finished');
    await flush();
    expect(snap().matches({ finished: 'submitting' })).toBe(true);
    expect(snap().context.finishedElsewhere).toBe(true);
    expect(sut.ticker.running).toBe(0);
  });

  it('ends the exam when a timer refresh answers finished', async () => {
    await startIn('written');
    sut.actor.send({ type: 'page.visible' });
    sut.refresh.pending().resolve(sut.serverTimer('finished', 0));
    await flush();
    expect(snap().matches('finished')).toBe(true);
    expect(snap().context.finishedElsewhere).toBe(true);
  });

  it('resumes with per-page newest answers from this device and the server, and names what changed here', async () => {
    sut = createExamSut({ localDraft: { ...draft(60, { 60: '1', 61: '2' }, T0 - 5_000), marked: [62, 5] } });
    sut.actor.start();
    const server = draft(70, { 60: '3' }, T0 - 1_000);
    sut.load.pending().resolve({ questions: QUESTIONS, hasEndTime: true, draft: server });
    await flush();
    sut.refresh.pending().resolve(sut.serverTimer('written', 900));
    await flush();
    expect(snap().context.answers).toEqual({ 60: '3', 61: '2' });
    expect(snap().context.newerPages).toEqual([60]);
    expect(snap().context.marked).toEqual([5, 62]);
    expect(snap().context.index).toBe(70);
    await flush();
    expect(
      sut.save.calls[0]!.input.answers.map((a) => a.id),
      'only what the server lacks',
    ).toEqual([61]);
  });
});

describe('ragu-ragu', () => {
  it('marks and unmarks questions of the running section, kept in the local draft only', async () => {
    await startIn('written');
    sut.actor.send({ type: 'user.mark', page: 62 });
    sut.actor.send({ type: 'user.mark', page: 60 });
    sut.actor.send({ type: 'user.mark', page: 5 });
    expect(snap().context.marked).toEqual([60, 62]);
    expect(sut.persistLocal).toHaveBeenLastCalledWith(expect.objectContaining({ marked: [60, 62] }));
    sut.actor.send({ type: 'user.mark', page: 62 });
    expect(snap().context.marked).toEqual([60]);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS * 3);
    // Entering the section moved the index (a save); a mark adds no answer to it.
    expect(
      sut.save.calls.flatMap((c) => c.input.answers),
      'a mark sends no answer to the server',
    ).toEqual([]);
  });
});

describe('an end moved later by the server (an admin extended the section)', () => {
  const checked = (sesi: 'listening' | 'written' | 'reading' | 'finished', seconds: number) =>
    sut.actor.send({ type: 'timer.checked', timer: sut.serverTimer(sesi, seconds) });

  it('watches the timer only while a section runs', async () => {
    await startIn('written', 5);
    expect(sut.watch.running).toBe(1);
    vi.setSystemTime(Date.now() + 5000);
    sut.ticker.tick();
    await flush();
    expect(snap().matches({ active: { session: { written: 'ended' } } })).toBe(true);
    expect(sut.watch.running).toBe(0);
  });

  it('adopts a later end of the running section at once and keeps counting towards it', async () => {
    await startIn('listening', 600);
    checked('listening', 1200);
    expect(snap().context.secondsLeft).toBe(1200);
    expect(snap().context.endsAt).toBe(Date.now() + SKEW_MS + 1_200_000);
    vi.setSystemTime(Date.now() + 600_000);
    sut.ticker.tick();
    await flush();
    expect(snap().matches({ active: { session: { listening: 'running' } } })).toBe(true);
    expect(snap().context.secondsLeft).toBe(600);
    vi.setSystemTime(Date.now() + 600_000);
    sut.ticker.tick();
    await flush();
    expect(snap().matches({ active: { session: { listening: 'ended' } } })).toBe(true);
  });

  it('never shortens the running section, and leaves another section or a finished attempt to the page', async () => {
    await startIn('reading', 600);
    const end = snap().context.endsAt;
    checked('reading', 600);
    checked('finished', 0);
    checked('reading', 300);
    expect(snap().context.endsAt).toBe(end);
    expect(snap().context.secondsLeft).toBe(600);
    expect(snap().matches({ active: { session: { reading: 'running' } } })).toBe(true);
    await startIn('listening', 600);
    checked('written', 1500);
    expect(snap().context.section).toBe('listening');
    expect(snap().context.secondsLeft).toBe(600);
  });

  it('does not reopen a section whose time ran out on this page', async () => {
    await startIn('listening', 5);
    vi.setSystemTime(Date.now() + 5000);
    sut.ticker.tick();
    await flush();
    checked('listening', 600);
    expect(snap().matches({ active: { session: { listening: 'ended' } } })).toBe(true);
    expect(snap().context.secondsLeft).toBe(0);
  });
});
