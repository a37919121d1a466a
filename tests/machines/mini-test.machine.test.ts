import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  MINI_TEST_DURATIONS,
  MINI_TEST_KEYS,
  MINI_TEST_STORAGE_KEYS,
  formatMinSec,
  miniTestMachine,
  scoreMiniTest,
  type MiniTestSaved,
} from '../../machines/mini-test.machine.ts';
import { controllable, flush, intervalTicker } from './harness.ts';

const T0 = Date.parse('2030-02-01T09:00:00.000Z');

function start(saved: MiniTestSaved = {}) {
  const load = controllable<MiniTestSaved>();
  const saveAnswers = vi.fn<(p: { key: string; answers: number[] }) => void>();
  const clearSaved = vi.fn();
  const actor = createActor(
    miniTestMachine.provide({
      actors: { loadSaved: load.logic, ticker: intervalTicker() },
      actions: {
        saveAnswers: (_, p) => saveAnswers(p),
        clearSaved: () => {
          clearSaved();
        },
      },
    }),
    { input: { now: () => Date.now() } },
  ).start();
  load.pending().resolve(saved);
  return { actor, saveAnswers, clearSaved };
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('mini test data and scoring (spec section 9)', () => {
  it('has the spec answer keys, durations and storage keys', () => {
    expect(MINI_TEST_KEYS).toEqual({
      listening: [2, 1, 3, 2, 3],
      structure: [2, 1, 0, 2, 3, 1, 1, 2, 1, 2],
      reading: [1, 3, 1, 2, 3],
    });
    expect(MINI_TEST_DURATIONS).toEqual({ listening: 300, structure: 600, reading: 600 });
    expect(MINI_TEST_STORAGE_KEYS).toEqual({
      listening: 'listeningAnswers',
      structure: 'structureAnswers',
      reading: 'readingAnswers',
    });
  });
  it('scores round(correct / 20 * 100), unanswered and missing as wrong', () => {
    expect(
      scoreMiniTest({
        listening: [...MINI_TEST_KEYS.listening],
        structure: [...MINI_TEST_KEYS.structure],
        reading: [...MINI_TEST_KEYS.reading],
      }),
    ).toEqual({
      listeningCorrect: 5,
      structureCorrect: 10,
      readingCorrect: 5,
      correct: 20,
      totalScore: 100,
    });
    expect(scoreMiniTest({ listening: [2, 1, 3, -1, -1] }).totalScore).toBe(15);
    expect(scoreMiniTest({ structure: [2, 1, 0] }).totalScore).toBe(15);
    expect(scoreMiniTest({ reading: [1] }).totalScore).toBe(5);
    expect(scoreMiniTest({ listening: [-1, -1, -1, -1, -1] }).totalScore).toBe(0);
    expect(formatMinSec(300)).toBe('5:00');
    expect(formatMinSec(61)).toBe('1:01');
  });
});

describe('mini test machine', () => {
  it('runs listening for 300 s on a real 1000 ms ticker, then structure', async () => {
    const { actor } = start();
    await flush();
    await vi.advanceTimersByTimeAsync(299_000);
    expect(actor.getSnapshot().value).toBe('listening');
    expect(actor.getSnapshot().context.secondsLeft).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().value).toBe('structure');
    expect(actor.getSnapshot().context.secondsLeft).toBe(600);
  });

  it('cannot gain time from a reload: a restored section keeps its stored end instant', async () => {
    const { actor } = start({ progress: { section: 'reading', endsAt: T0 + 10_000 } });
    await flush();
    expect(actor.getSnapshot().value).toBe('reading');
    expect(actor.getSnapshot().context.secondsLeft).toBe(10);
    vi.setSystemTime(T0 + 10_000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it("saves the running section's answers on every change and restores saved answers", async () => {
    const { actor, saveAnswers } = start({ listeningAnswers: [2, 7, 3], structureAnswers: [0] });
    await flush();
    expect(actor.getSnapshot().context.answers.listening).toEqual([2, -1, 3, -1, -1]);
    actor.send({ type: 'user.answer', index: 1, option: 1 });
    expect(saveAnswers).toHaveBeenLastCalledWith({ key: 'listeningAnswers', answers: [2, 1, 3, -1, -1] });
    actor.send({ type: 'user.answer', index: 5, option: 1 });
    expect(saveAnswers).toHaveBeenCalledTimes(1);
    actor.send({ type: 'user.finishSection' });
    actor.send({ type: 'user.answer', index: 2, option: 3 });
    expect(saveAnswers).toHaveBeenLastCalledWith({ key: 'structureAnswers', answers: [0, -1, 3, -1, -1, -1, -1, -1, -1, -1] });
  });

  it('ends structure on next from the last question but listening only on Selesai or time', async () => {
    const { actor, saveAnswers, clearSaved } = start();
    await flush();
    actor.send({ type: 'user.goto', index: 4 });
    actor.send({ type: 'user.next' });
    expect(actor.getSnapshot().value).toBe('listening');
    actor.send({ type: 'user.finishSection' });
    actor.send({ type: 'user.goto', index: 9 });
    actor.send({ type: 'user.answer', index: 9, option: 2 });
    actor.send({ type: 'user.next' });
    expect(actor.getSnapshot().value).toBe('reading');
    expect(saveAnswers).toHaveBeenLastCalledWith({ key: 'structureAnswers', answers: [-1, -1, -1, -1, -1, -1, -1, -1, -1, 2] });
    actor.send({ type: 'user.goto', index: 4 });
    actor.send({ type: 'user.next' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.score).toMatchObject({ correct: 1, totalScore: 5 });
    expect(clearSaved).toHaveBeenCalledTimes(1);
  });
});
