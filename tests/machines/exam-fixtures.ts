import { vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { QUESTION_INDEXES, type ExamSection } from '../../machines/exam-layout.ts';
import { mergeNewest, type TimedAnswer } from '../../machines/answer-sync.ts';
import {
  examAudioOnce,
  examMachine,
  sanitizeAnswers,
  type ExamDraft,
  type ExamInput,
  type LoadExamOutput,
  type SaveDraftInput,
  type SaveDraftOutput,
  type SubmitAnswersInput,
} from '../../machines/exam.machine.ts';
import type { AnswerValue, IgnoredReason, ScoreResult, TimerResponse } from '../../contract/exam.ts';
import { controllable, manualTicker } from './harness.ts';

export const QUESTIONS = QUESTION_INDEXES.map((page) => ({
  id: 5000 + page,
  page,
  soal: `q${page}`,
  audio: page <= 50 ? `/audio/${page}.mp3` : null,
}));
export const SCORE: ScoreResult = {
  toeflScore: 500,
  scoreListening: 50,
  scoreWritten: 50,
  scoreReading: 50,
  listeningCorrect: 30,
  writtenCorrect: 25,
  readingCorrect: 30,
  cefr: 'B1',
  cefrListening: 'B1',
  cefrWritten: 'B1',
  cefrReading: 'B1',
  nearChance: false,
  tableVersion: 'test',
  historyId: 1,
  certificateCode: 'TEST-CODE',
  namaPaket: 'Paket Uji',
  finishedAt: '2030-01-01T10:00:00.000Z',
};
/** Durations as ETS sets them; long enough that no path runs out of time by accident. */
export const DURATION: Record<ExamSection, number> = { listening: 2100, written: 1500, reading: 3300 };
export const T0 = Date.parse('2030-01-01T08:00:00.000Z');
/** The server's clock runs 7 min ahead of the browser's: seconds left must not care. */
export const SKEW_MS = 7 * 60_000;

export const iso = (ms: number) => new Date(ms).toISOString();

export function timerAnswer(sesi: TimerResponse['sesi'], seconds: number, serverNow: number): TimerResponse {
  return { sesi, secondsRemaining: seconds, endsAt: iso(serverNow + seconds * 1000), serverNow: iso(serverNow) };
}

/** A draft whose answers were all given at `savedAt`. */
export function draft(index: number, answers: Readonly<Record<number, AnswerValue>>, savedAt: number): ExamDraft {
  return { index, answers: sanitizeAnswers(answers, iso(savedAt)), savedAt: iso(savedAt) };
}

/**
 * The draft call's answer as the server gives it: the held answers merged with the sent ones
 * (per page the newest `at`), minus those `refuse` names (with their reason).
 */
export function draftServer() {
  let held: Record<string, TimedAnswer> = {};
  return {
    get held() {
      return held;
    },
    /** Another device's answer reaching the server. */
    put(page: number, answer: AnswerValue, at: number) {
      held = mergeNewest(held, [{ id: page, answer, at: iso(at) }]).merged;
    },
    answer(input: SaveDraftInput, refuse: Readonly<Record<number, IgnoredReason>> = {}, sesi: SaveDraftOutput['sesi'] = 'listening') {
      const taking = input.answers.filter((a) => refuse[a.id] === undefined);
      const { merged, older } = mergeNewest(held, taking);
      held = merged;
      const ignored = [
        ...input.answers.filter((a) => refuse[a.id] !== undefined).map((a) => ({ id: a.id, answer: a.answer, reason: refuse[a.id]! })),
        ...older.map((id) => ({ id, answer: input.answers.find((a) => a.id === id)!.answer, reason: 'newer' as const })),
      ];
      const output: SaveDraftOutput = {
        answers: Object.fromEntries(Object.entries(held).map(([k, v]) => [k, v.answer])),
        answeredAt: Object.fromEntries(Object.entries(held).map(([k, v]) => [k, v.at])),
        sesi,
        savedAt: iso(Date.now()),
        ignored,
      };
      return output;
    },
  };
}

export const fresh = (): LoadExamOutput => ({ questions: QUESTIONS, hasEndTime: false, draft: null });

/** The exam with every provided actor and action replaced by a controllable double. */
export function createExamSut(input: Partial<ExamInput> = {}) {
  const load = controllable<LoadExamOutput>();
  const start = controllable<TimerResponse>();
  const refresh = controllable<TimerResponse>();
  const endSection = controllable<unknown, { section: ExamSection }>();
  const next = controllable<TimerResponse, { section: ExamSection }>();
  const save = controllable<SaveDraftOutput, SaveDraftInput>();
  const server = draftServer();
  const submit = controllable<ScoreResult, SubmitAnswersInput>();
  const ticker = manualTicker();
  const watch = manualTicker();
  const persistLocal = vi.fn<(draft: ExamDraft) => void>();
  const clearLocal = vi.fn();
  const logError = vi.fn<(p: { operation: string }) => void>();
  const audio = examAudioOnce.provide({ actors: { fetchClip: fromPromise<string, { src: string }>(() => Promise.resolve('blob:clip')) } });
  const machine = examMachine.provide({
    actors: {
      loadExam: load.logic,
      startTimer: start.logic,
      refreshTimer: refresh.logic,
      endSection: endSection.logic,
      nextSection: next.logic,
      saveDraft: save.logic,
      submitAnswers: submit.logic,
      ticker: ticker.logic,
      timerWatch: watch.logic,
      audioOnce: audio,
    },
    actions: {
      persistLocal: (_, p) => persistLocal(p),
      clearLocal: () => {
        clearLocal();
      },
      logError: (_, p) => logError(p),
    },
  });
  const actor = createActor(machine, { input: { now: () => Date.now(), online: true, ...input } });
  /** The server's answer for the browser's current instant. */
  const serverTimer = (sesi: TimerResponse['sesi'], seconds: number) => timerAnswer(sesi, seconds, Date.now() + SKEW_MS);
  return {
    actor,
    load,
    start,
    refresh,
    endSection,
    next,
    save,
    server,
    /** The pending save answered as the server would (optionally refusing pages). */
    ackSave(refuse: Readonly<Record<number, IgnoredReason>> = {}, sesi: SaveDraftOutput['sesi'] = 'listening') {
      const call = save.pending();
      call.resolve(server.answer(call.input, refuse, sesi));
    },
    submit,
    ticker,
    /** The running section's timer watcher (the test sends `timer.checked` itself). */
    watch,
    persistLocal,
    clearLocal,
    logError,
    serverTimer,
  };
}

export type ExamSut = ReturnType<typeof createExamSut>;
