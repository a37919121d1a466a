import { and, assign, enqueueActions, fromCallback, fromPromise, not, raise, sendParent, sendTo, setup, stopChild, type ActorRefFrom } from 'xstate';
import type { AnswerValue, DraftAudio, ScoreResult, SubmitAnswer, TimerResponse } from '../contract/exam.ts';
import { audioOnceMachine } from './audio-once.machine.ts';
import {
  QUESTION_INDEXES,
  buildExamEntries,
  clampToSection,
  examLayoutProblem,
  isExamIndex,
  isInSection,
  itemIndexOf,
  nextIndex,
  partOfIndex,
  prevIndex,
  type ExamEntry,
  type ExamSection,
} from './exam-layout.ts';

/**
 * The exam (spec section 4, DESIGN section 5): loading -> ready | active | error -> finished.
 * Every side effect (HTTP, storage, the 1 s tick, logging) is an actor or action provided with
 * `.provide()`; the exam view only renders snapshots and sends events.
 */

/** Answers by question page; an unanswered page has no key. */
export type ExamAnswers = Readonly<Record<number, Exclude<AnswerValue, '-1'>>>;

/** What the machine needs of a question row; the server's rows carry more fields. */
export interface ExamQuestionRef {
  page: number;
  /** The listening clip of the item (group heads carry the group's clip). */
  audio?: string | null;
}

export interface ExamDraft {
  index: number;
  answers: ExamAnswers;
  /** ISO instant (server clock) of the change that produced this draft; the newest draft wins. */
  savedAt: string;
  /** Clips heard and where each interrupted clip stopped (only ever grows, so drafts merge). */
  audio?: DraftAudio;
}

export interface LoadExamOutput {
  questions: readonly ExamQuestionRef[];
  /** The attempt already has section end instants on the server (cek-endtime). */
  hasEndTime: boolean;
  draft?: ExamDraft | null;
}

export interface SaveDraftInput extends ExamDraft {
  /** Increases with every change; a server may ignore a revision lower than one it holds. */
  revision: number;
}

export interface SubmitAnswersInput {
  /** All 140 questions in page order, '-1' for unanswered. */
  answers: SubmitAnswer[];
}

export type SyncStatus = 'saved' | 'saving' | 'offline' | 'error';

export interface ExamInput {
  /** The local clock in epoch ms (Date.now in the app, a fake clock in tests). */
  now: () => number;
  /** The draft kept in browser storage, read by the container before starting the actor. */
  localDraft?: ExamDraft | null;
  /** Whether the browser is online at start (navigator.onLine). */
  online?: boolean;
}

export interface ExamContext {
  now: () => number;
  localDraft: ExamDraft | null;
  entries: ExamEntry<ExamQuestionRef>[];
  /** Why the loaded questions cannot be laid out (shown in the error state). */
  loadProblem: string | null;
  section: ExamSection;
  index: number;
  answers: ExamAnswers;
  /** End of the current section on the server's clock, epoch ms. */
  endsAt: number | null;
  /** serverNow - local now at the last timer answer. */
  clockOffsetMs: number;
  secondsLeft: number;
  online: boolean;
  revision: number;
  savedRevision: number;
  savingRevision: number;
  saveAttempt: number;
  syncStatus: SyncStatus;
  score: ScoreResult | null;
  /** Clips heard (locked) and the position of every interrupted clip, saved with the draft. */
  audio: DraftAudio;
  /** The audioOnce actor of the open listening item, which the player binds to. */
  audioRef: ActorRefFrom<typeof examAudioOnce> | null;
  /** A move asked for while the clip plays; carried out once the learner confirms leaving. */
  pendingLeave: NavEvent | null;
}

type NavEvent = { type: 'user.goto'; index: number } | { type: 'user.next' } | { type: 'user.prev' };

export type ExamEvent =
  | { type: 'user.start' }
  | { type: 'user.dismiss' }
  | { type: 'user.retry' }
  | { type: 'user.answer'; page: number; answer: AnswerValue }
  | { type: 'user.goto'; index: number }
  | { type: 'user.next' }
  | { type: 'user.prev' }
  | { type: 'user.endSection' }
  | { type: 'user.continue' }
  | { type: 'user.finish' }
  | { type: 'timer.tick' }
  | { type: 'page.visible' }
  | { type: 'network.online' }
  | { type: 'network.offline' }
  /** Raised internally after every answer or index change; not for the view. */
  | { type: 'draft.changed' }
  /** From the audio actor: where the clip stopped, that it was heard, that leaving was confirmed. */
  | { type: 'audio.position'; index: number; position: number }
  | { type: 'audio.played'; index: number }
  | { type: 'audio.leaveConfirmed' };

export const AUTOSAVE_DEBOUNCE_MS = 1_000;
export const RETRY_BACKOFF_MAX_MS = 30_000;

/** 1 s, 2 s, 4 s ... capped at 30 s, for the n-th failed save in a row (n >= 1). */
export function retryBackoffMs(attempt: number): number {
  return Math.min(RETRY_BACKOFF_MAX_MS, 1_000 * 2 ** Math.max(0, attempt - 1));
}

/** Seconds left derived from the server's end instant; never counted down on its own. */
export function secondsLeftAt(endsAt: number | null, clockOffsetMs: number, localNow: number): number {
  if (endsAt === null) return 0;
  return Math.max(0, Math.ceil((endsAt - (localNow + clockOffsetMs)) / 1000));
}

/** The newest of several drafts by `savedAt`; earlier arguments win ties. */
export function newestDraft(...drafts: (ExamDraft | null | undefined)[]): ExamDraft | null {
  let best: ExamDraft | null = null;
  for (const d of drafts) {
    if (!d || Number.isNaN(Date.parse(d.savedAt))) continue;
    if (!best || Date.parse(d.savedAt) > Date.parse(best.savedAt)) best = d;
  }
  return best;
}

/** Keeps only answers to real question pages with a real option. */
export function sanitizeAnswers(answers: unknown): ExamAnswers {
  const clean: Record<number, Exclude<AnswerValue, '-1'>> = {};
  if (answers && typeof answers === 'object') {
    for (const [key, value] of Object.entries(answers as Record<string, unknown>)) {
      const page = Number(key);
      if (QUESTION_INDEXES.includes(page) && (value === '1' || value === '2' || value === '3' || value === '4')) {
        clean[page] = value;
      }
    }
  }
  return clean;
}

/** The final submission: every question by page, '-1' where unanswered. */
export function answersForSubmit(answers: ExamAnswers): SubmitAnswersInput {
  return { answers: QUESTION_INDEXES.map((page) => ({ id: page, answer: answers[page] ?? '-1' })) };
}

/** The listening item whose audio the view plays at `index`, or null (intro, other sections). */
export function audioIndexOf(index: number): number | null {
  return partOfIndex(index) === 'listening' ? itemIndexOf(index) : null;
}

export const NO_AUDIO: DraftAudio = { played: [], positions: {} };

/** Keeps listening clips only, valid positions only. */
export function sanitizeAudio(audio: unknown): DraftAudio {
  const a = (audio && typeof audio === 'object' ? audio : {}) as Partial<Record<keyof DraftAudio, unknown>>;
  const played = Array.isArray(a.played) ? a.played.filter((i): i is number => Number.isInteger(i) && audioIndexOf(i) === i) : [];
  const positions: Record<string, number> = {};
  if (a.positions && typeof a.positions === 'object') {
    for (const [key, value] of Object.entries(a.positions as Record<string, unknown>)) {
      const i = Number(key);
      if (audioIndexOf(i) === i && typeof value === 'number' && Number.isFinite(value) && value > 0) positions[key] = value;
    }
  }
  return { played: [...new Set(played)].sort((x, y) => x - y), positions };
}

/**
 * Audio state from several drafts: heard by any is heard, and each clip resumes from the furthest
 * point any device reached (never from an earlier one).
 */
export function mergeAudio(...audios: (DraftAudio | null | undefined)[]): DraftAudio {
  const played = new Set<number>();
  const positions: Record<string, number> = {};
  for (const a of audios.map(sanitizeAudio)) {
    a.played.forEach((i) => played.add(i));
    for (const [key, value] of Object.entries(a.positions)) positions[key] = Math.max(positions[key] ?? 0, value);
  }
  return { played: [...played].sort((x, y) => x - y), positions };
}

/**
 * The audioOnce machine as the exam runs it: its reports come to the exam as events. The app
 * provides `fetchClip` on top (`.provide` merges).
 */
export const examAudioOnce = audioOnceMachine.provide({
  actions: {
    notifyPosition: sendParent((_, p: { index: number; position: number }) => ({ type: 'audio.position', ...p })),
    notifyPlayed: sendParent((_, p: { index: number }) => ({ type: 'audio.played', ...p })),
    notifyLeave: sendParent({ type: 'audio.leaveConfirmed' }),
  },
});

function timerFields(context: ExamContext, answer: TimerResponse) {
  const localNow = context.now();
  const serverNow = Date.parse(answer.serverNow);
  const clockOffsetMs = Number.isNaN(serverNow) ? 0 : serverNow - localNow;
  const parsedEnd = answer.endsAt === null ? NaN : Date.parse(answer.endsAt);
  // A server without endsAt still gives secondsRemaining; anchor it at the answer's instant.
  const endsAt = Number.isNaN(parsedEnd) ? localNow + clockOffsetMs + answer.secondsRemaining * 1000 : parsedEnd;
  return {
    endsAt,
    clockOffsetMs,
    secondsLeft: secondsLeftAt(endsAt, clockOffsetMs, localNow),
    section: answer.sesi === 'finished' ? context.section : answer.sesi,
  };
}

function draftOf(context: ExamContext): ExamDraft {
  return {
    index: context.index,
    answers: context.answers,
    savedAt: new Date(context.now() + context.clockOffsetMs).toISOString(),
    audio: context.audio,
  };
}

/** Entering a section moves an outside index to its first index (a change to save). */
function indexInSection(context: ExamContext): number {
  return itemIndexOf(clampToSection(context.index, context.section));
}

const persistDraft = {
  type: 'persistLocal',
  params: ({ context }: { context: ExamContext }) => draftOf(context),
} as const;

const notProvided = (name: string) => () => Promise.reject(new Error(`provide ${name}`));

export const examMachine = setup({
  types: {
    context: {} as ExamContext,
    events: {} as ExamEvent,
    input: {} as ExamInput,
  },
  actors: {
    /** GET /soal + GET /soal/cek-endtime + GET /soal/jawaban/draft. */
    loadExam: fromPromise<LoadExamOutput, void>(notProvided('loadExam')),
    /** PUT /soal/timers on confirming the start. */
    startTimer: fromPromise<TimerResponse, void>(notProvided('startTimer')),
    /** PUT /soal/timers when resuming and when the tab becomes visible again. */
    refreshTimer: fromPromise<TimerResponse, void>(notProvided('refreshTimer')),
    /** PUT /soal/timers-to-zero (Selesai in listening and written). */
    endSection: fromPromise<unknown, { section: ExamSection }>(notProvided('endSection')),
    /** PUT /soal/timers/next ('Lanjut ke Sesi Berikutnya'). */
    nextSection: fromPromise<TimerResponse, { section: ExamSection }>(notProvided('nextSection')),
    /** PUT /soal/jawaban/draft. */
    saveDraft: fromPromise<unknown, SaveDraftInput>(notProvided('saveDraft')),
    /** POST /soal/jawaban; answers the score. */
    submitAnswers: fromPromise<ScoreResult, SubmitAnswersInput>(notProvided('submitAnswers')),
    /** Sends `timer.tick` every 1000 ms while a section runs; cleans up on exit. */
    ticker: fromCallback(() => {
      throw new Error('provide ticker');
    }),
    /** One actor per listening clip, spawned while its item is open; provide its fetchClip. */
    audioOnce: examAudioOnce,
  },
  actions: {
    /** Writes the draft to browser storage (answers and index; audio is the audio actor's). */
    persistLocal: (_, _params: ExamDraft) => {},
    /** Clears browser storage of this exam (draft, with its audio state) after the score arrived. */
    clearLocal: () => {},
    /** Failures the spec only logs (timer refresh, zeroing, next section, autosave). */
    logError: (_, _params: { operation: string }) => {},
    syncClock: assign({
      secondsLeft: ({ context }) => secondsLeftAt(context.endsAt, context.clockOffsetMs, context.now()),
    }),
    markChanged: assign({ revision: ({ context }) => context.revision + 1 }),
    recordAnswer: assign({
      answers: ({ context, event }) => {
        if (event.type !== 'user.answer') return context.answers;
        const { [event.page]: _previous, ...rest } = context.answers;
        return event.answer === '-1' ? rest : { ...rest, [event.page]: event.answer };
      },
    }),
    gotoIndex: assign({
      index: ({ context, event }) =>
        event.type === 'user.goto' ? itemIndexOf(clampToSection(event.index, context.section)) : context.index,
    }),
    goNext: assign({ index: ({ context }) => nextIndex(context.index) ?? context.index }),
    goPrev: assign({ index: ({ context }) => prevIndex(context.index) ?? context.index }),
    /** Stops the clip of the item left (its player unmounts). */
    stopAudio: stopChild(({ context }) => context.audioRef!),
    /** Spawns the clip of the item opened, if it has audio: one actor per clip, bound by the player. */
    spawnAudio: assign({
      audioRef: ({ context, spawn }) => {
        const index = audioIndexOf(context.index);
        const entry = index === null ? undefined : context.entries[index];
        if (index === null || entry?.kind !== 'question') return null;
        return spawn('audioOnce', {
          id: `audio-${index}`,
          input: {
            index,
            src: entry.question.audio ?? null,
            played: context.audio.played.includes(index),
            position: context.audio.positions[index] ?? 0,
          },
        });
      },
      pendingLeave: null,
    }),
    /** Asks the playing clip whether to leave; the move waits in `pendingLeave`. */
    recordPendingLeave: assign({
      pendingLeave: ({ context, event }) =>
        event.type === 'user.goto' || event.type === 'user.next' || event.type === 'user.prev' ? event : context.pendingLeave,
    }),
    requestLeave: sendTo(({ context }) => context.audioRef!, { type: 'leave.request' }),
    recordAudioPosition: assign({
      audio: ({ context, event }) =>
        event.type === 'audio.position' ? mergeAudio(context.audio, { played: [], positions: { [event.index]: event.position } }) : context.audio,
    }),
    recordAudioPlayed: assign({
      audio: ({ context, event }) => (event.type === 'audio.played' ? mergeAudio(context.audio, { played: [event.index], positions: {} }) : context.audio),
    }),
    setSyncStatus: assign((_, params: { status: SyncStatus }) => ({ syncStatus: params.status })),
  },
  guards: {
    /** Real tick guard: the derived seconds reached zero. Model tests abstract time here. */
    timeIsUp: ({ context }) => secondsLeftAt(context.endsAt, context.clockOffsetMs, context.now()) === 0,
    hasTimeLeft: ({ context }) => context.secondsLeft > 0,
    isListening: ({ context }) => context.section === 'listening',
    isWritten: ({ context }) => context.section === 'written',
    isOnline: ({ context }) => context.online,
    isDirty: ({ context }) => context.revision > context.savedRevision,
    answerInSection: ({ context, event }) =>
      event.type === 'user.answer' &&
      QUESTION_INDEXES.includes(event.page) &&
      isInSection(event.page, context.section) &&
      ['1', '2', '3', '4', '-1'].includes(event.answer),
    canGoNext: ({ context }) => {
      const next = nextIndex(context.index);
      return next !== null && isInSection(next, context.section);
    },
    canGoPrev: ({ context }) => {
      const prev = prevIndex(context.index);
      return prev !== null && isInSection(prev, context.section);
    },
    canGoto: ({ context, event }) =>
      event.type === 'user.goto' && isExamIndex(event.index) && itemIndexOf(clampToSection(event.index, context.section)) !== context.index,
    /** The open clip plays: leaving it asks first (the clip's own chart decides). */
    audioAsksToLeave: ({ context }) => context.audioRef?.getSnapshot().can({ type: 'leave.request' }) ?? false,
  },
  delays: {
    AUTOSAVE_DEBOUNCE: AUTOSAVE_DEBOUNCE_MS,
    RETRY_BACKOFF: ({ context }) => retryBackoffMs(context.saveAttempt),
  },
}).createMachine({
  id: 'exam',
  context: ({ input }) => ({
    now: input.now,
    localDraft: input.localDraft ?? null,
    entries: [],
    loadProblem: null,
    section: 'listening',
    index: 0,
    answers: {},
    endsAt: null,
    clockOffsetMs: 0,
    secondsLeft: 0,
    online: input.online ?? true,
    revision: 0,
    savedRevision: 0,
    savingRevision: 0,
    saveAttempt: 0,
    syncStatus: 'saved',
    score: null,
    audio: mergeAudio(input.localDraft?.audio),
    audioRef: null,
    pendingLeave: null,
  }),
  initial: 'loading',
  on: {
    'network.online': { actions: assign({ online: true }) },
    'network.offline': { actions: assign({ online: false }) },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadExam',
        src: 'loadExam',
        onDone: [
          {
            guard: ({ event }) => examLayoutProblem(event.output.questions) !== null,
            target: 'error',
            actions: assign({ loadProblem: ({ event }) => examLayoutProblem(event.output.questions) }),
          },
          {
            // An attempt exists: resume it with the newest saved draft.
            guard: ({ event }) => event.output.hasEndTime,
            target: 'resuming',
            actions: assign(({ context, event }) => {
              const draft = newestDraft(event.output.draft, context.localDraft);
              const localIsNewer = draft !== null && draft === context.localDraft && draft !== event.output.draft;
              return {
                entries: buildExamEntries(event.output.questions),
                answers: sanitizeAnswers(draft?.answers),
                index: draft && isExamIndex(draft.index) ? draft.index : 0,
                audio: mergeAudio(event.output.draft?.audio, context.localDraft?.audio),
                // A local draft newer than the server's must still reach the server.
                revision: localIsNewer ? 1 : 0,
                savedRevision: 0,
                localDraft: null,
              };
            }),
          },
          {
            // No attempt yet: any stored draft belongs to an older attempt and is ignored.
            target: 'ready',
            actions: assign({
              entries: ({ event }) => buildExamEntries(event.output.questions),
              localDraft: null,
            }),
          },
        ],
        onError: 'error',
      },
    },
    error: {
      on: { 'user.retry': 'loading' },
    },
    ready: {
      on: { 'user.start': 'starting' },
    },
    starting: {
      invoke: {
        id: 'startTimer',
        src: 'startTimer',
        onDone: [
          { guard: ({ event }) => event.output.sesi === 'finished', target: 'finished' },
          {
            target: 'active',
            actions: assign(({ context, event }) => timerFields(context, event.output)),
          },
        ],
        onError: 'startFailed',
      },
    },
    startFailed: {
      // Dialog 'Gagal' / 'Terjadi kesalahan saat mengambil data timer.'
      on: { 'user.start': 'starting', 'user.dismiss': 'ready' },
    },
    resuming: {
      invoke: {
        id: 'resumeTimer',
        src: 'refreshTimer',
        onDone: [
          { guard: ({ event }) => event.output.sesi === 'finished', target: 'finished' },
          { target: 'active', actions: assign(({ context, event }) => timerFields(context, event.output)) },
        ],
        onError: 'error',
      },
    },
    refreshing: {
      // Dialog 'Memperbarui timer...'
      invoke: {
        id: 'refreshTimer',
        src: 'refreshTimer',
        onDone: [
          { guard: ({ event }) => event.output.sesi === 'finished', target: 'finished' },
          { target: 'active', actions: assign(({ context, event }) => timerFields(context, event.output)) },
        ],
        onError: { target: 'active', actions: { type: 'logError', params: { operation: 'refreshTimer' } } },
      },
    },
    active: {
      type: 'parallel',
      on: {
        // Leaving `active` re-derives section and running/ended from the server's answer.
        'page.visible': 'refreshing',
      },
      states: {
        session: {
          initial: 'route',
          states: {
            route: {
              always: [{ guard: 'isListening', target: 'listening' }, { guard: 'isWritten', target: 'written' }, { target: 'reading' }],
            },
            listening: {
              entry: enqueueActions(({ context, enqueue }) => {
                const index = indexInSection(context);
                if (index !== context.index) {
                  enqueue.assign({ index, revision: context.revision + 1 });
                  enqueue.raise({ type: 'draft.changed' });
                }
              }),
              initial: 'route',
              states: {
                route: { always: [{ guard: 'hasTimeLeft', target: 'running' }, { target: 'ended' }] },
                running: {
                  invoke: { id: 'ticker', src: 'ticker' },
                  entry: 'spawnAudio',
                  exit: ['stopAudio', assign({ audioRef: null, pendingLeave: null })],
                  on: {
                    'timer.tick': [{ guard: 'timeIsUp', target: 'ended' }, { actions: 'syncClock' }],
                    'user.answer': {
                      guard: 'answerInSection',
                      actions: ['recordAnswer', 'markChanged', raise({ type: 'draft.changed' })],
                    },
                    // Leaving a playing clip asks first (the clip's leaveConfirmed replays the move).
                    'user.goto': [
                      { guard: and(['canGoto', 'audioAsksToLeave']), actions: ['recordPendingLeave', 'requestLeave'] },
                      { guard: 'canGoto', actions: ['gotoIndex', 'markChanged', 'stopAudio', 'spawnAudio', raise({ type: 'draft.changed' })] },
                    ],
                    'user.next': [
                      { guard: and(['canGoNext', 'audioAsksToLeave']), actions: ['recordPendingLeave', 'requestLeave'] },
                      { guard: 'canGoNext', actions: ['goNext', 'markChanged', 'stopAudio', 'spawnAudio', raise({ type: 'draft.changed' })] },
                    ],
                    'user.prev': [
                      { guard: and(['canGoPrev', 'audioAsksToLeave']), actions: ['recordPendingLeave', 'requestLeave'] },
                      { guard: 'canGoPrev', actions: ['goPrev', 'markChanged', 'stopAudio', 'spawnAudio', raise({ type: 'draft.changed' })] },
                    ],
                    'audio.leaveConfirmed': {
                      guard: ({ context }) => context.pendingLeave !== null,
                      actions: [raise(({ context }) => context.pendingLeave!), assign({ pendingLeave: null })],
                    },
                    'audio.position': { actions: ['recordAudioPosition', 'markChanged', raise({ type: 'draft.changed' })] },
                    'audio.played': { actions: ['recordAudioPlayed', 'markChanged', raise({ type: 'draft.changed' })] },
                    'user.endSection': 'endingSection',
                  },
                },
                endingSection: {
                  invoke: {
                    id: 'endSection',
                    src: 'endSection',
                    input: ({ context }) => ({ section: context.section }),
                    onDone: 'ended',
                    onError: { target: 'running', actions: { type: 'logError', params: { operation: 'endSection' } } },
                  },
                },
                ended: {
                  // 'Sesi LISTENING COMPREHENSION Telah Berakhir' + 'Lanjut ke Sesi Berikutnya'.
                  entry: assign({ secondsLeft: 0 }),
                  on: { 'user.continue': 'advancing' },
                },
                advancing: {
                  invoke: {
                    id: 'nextSection',
                    src: 'nextSection',
                    input: ({ context }) => ({ section: context.section }),
                    onDone: [
                      { guard: ({ event }) => event.output.sesi === 'finished', target: '#exam.finished' },
                      {
                        target: '#exam.active.session.route',
                        // The section's entry moves the index to its first index.
                        actions: assign(({ context, event }) => timerFields(context, event.output)),
                      },
                    ],
                    onError: { target: 'ended', actions: { type: 'logError', params: { operation: 'nextSection' } } },
                  },
                },
              },
            },
            written: {
              entry: enqueueActions(({ context, enqueue }) => {
                const index = indexInSection(context);
                if (index !== context.index) {
                  enqueue.assign({ index, revision: context.revision + 1 });
                  enqueue.raise({ type: 'draft.changed' });
                }
              }),
              initial: 'route',
              states: {
                route: { always: [{ guard: 'hasTimeLeft', target: 'running' }, { target: 'ended' }] },
                running: {
                  invoke: { id: 'ticker', src: 'ticker' },
                  on: {
                    'timer.tick': [{ guard: 'timeIsUp', target: 'ended' }, { actions: 'syncClock' }],
                    'user.answer': {
                      guard: 'answerInSection',
                      actions: ['recordAnswer', 'markChanged', raise({ type: 'draft.changed' })],
                    },
                    'user.goto': {
                      guard: 'canGoto',
                      actions: ['gotoIndex', 'markChanged', raise({ type: 'draft.changed' })],
                    },
                    'user.next': {
                      guard: 'canGoNext',
                      actions: ['goNext', 'markChanged', raise({ type: 'draft.changed' })],
                    },
                    'user.prev': {
                      guard: 'canGoPrev',
                      actions: ['goPrev', 'markChanged', raise({ type: 'draft.changed' })],
                    },
                    'user.endSection': 'endingSection',
                  },
                },
                endingSection: {
                  invoke: {
                    id: 'endSection',
                    src: 'endSection',
                    input: ({ context }) => ({ section: context.section }),
                    onDone: 'ended',
                    onError: { target: 'running', actions: { type: 'logError', params: { operation: 'endSection' } } },
                  },
                },
                ended: {
                  entry: assign({ secondsLeft: 0 }),
                  on: { 'user.continue': 'advancing' },
                },
                advancing: {
                  invoke: {
                    id: 'nextSection',
                    src: 'nextSection',
                    input: ({ context }) => ({ section: context.section }),
                    onDone: [
                      { guard: ({ event }) => event.output.sesi === 'finished', target: '#exam.finished' },
                      {
                        target: '#exam.active.session.route',
                        // The section's entry moves the index to its first index.
                        actions: assign(({ context, event }) => timerFields(context, event.output)),
                      },
                    ],
                    onError: { target: 'ended', actions: { type: 'logError', params: { operation: 'nextSection' } } },
                  },
                },
              },
            },
            reading: {
              entry: enqueueActions(({ context, enqueue }) => {
                const index = indexInSection(context);
                if (index !== context.index) {
                  enqueue.assign({ index, revision: context.revision + 1 });
                  enqueue.raise({ type: 'draft.changed' });
                }
              }),
              initial: 'route',
              states: {
                // Reading has no ended screen: time up finishes the exam (spec section 4).
                route: { always: [{ guard: 'hasTimeLeft', target: 'running' }, { target: '#exam.finished' }] },
                running: {
                  invoke: { id: 'ticker', src: 'ticker' },
                  on: {
                    'timer.tick': [{ guard: 'timeIsUp', target: '#exam.finished', actions: 'syncClock' }, { actions: 'syncClock' }],
                    'user.answer': {
                      guard: 'answerInSection',
                      actions: ['recordAnswer', 'markChanged', raise({ type: 'draft.changed' })],
                    },
                    'user.goto': {
                      guard: 'canGoto',
                      actions: ['gotoIndex', 'markChanged', raise({ type: 'draft.changed' })],
                    },
                    'user.next': {
                      guard: 'canGoNext',
                      actions: ['goNext', 'markChanged', raise({ type: 'draft.changed' })],
                    },
                    'user.prev': {
                      guard: 'canGoPrev',
                      actions: ['goPrev', 'markChanged', raise({ type: 'draft.changed' })],
                    },
                    // 'Yakin ingin menyelesaikan?' confirmed in the view.
                    'user.finish': '#exam.finished',
                  },
                },
              },
            },
          },
        },
        autosave: {
          // Every state of this region writes each change to browser storage at once, whatever
          // the server side is doing; only the region handles `draft.changed`, so it runs once.
          initial: 'route',
          states: {
            route: {
              always: [{ guard: not('isOnline'), target: 'offline' }, { guard: 'isDirty', target: 'saving' }, { target: 'clean' }],
            },
            clean: {
              entry: { type: 'setSyncStatus', params: { status: 'saved' } },
              always: { guard: not('isOnline'), target: 'offline' },
              on: { 'draft.changed': { target: 'debouncing', actions: persistDraft } },
            },
            debouncing: {
              entry: { type: 'setSyncStatus', params: { status: 'saving' } },
              always: { guard: not('isOnline'), target: 'offline' },
              on: { 'draft.changed': { target: 'debouncing', reenter: true, actions: persistDraft } },
              after: { AUTOSAVE_DEBOUNCE: 'route' },
            },
            saving: {
              entry: [
                { type: 'setSyncStatus', params: { status: 'saving' } },
                assign({ savingRevision: ({ context }) => context.revision }),
              ],
              on: { 'draft.changed': { actions: persistDraft } },
              invoke: {
                id: 'saveDraft',
                src: 'saveDraft',
                input: ({ context }) => ({ ...draftOf(context), revision: context.revision }),
                // Changes made meanwhile are newer than what is in flight: `route` saves again.
                onDone: {
                  target: 'route',
                  actions: assign({ savedRevision: ({ context }) => context.savingRevision, saveAttempt: 0 }),
                },
                onError: [
                  {
                    guard: not('isOnline'),
                    target: 'offline',
                    actions: { type: 'logError', params: { operation: 'saveDraft' } },
                  },
                  {
                    target: 'retrying',
                    actions: [
                      assign({ saveAttempt: ({ context }) => context.saveAttempt + 1 }),
                      { type: 'logError', params: { operation: 'saveDraft' } },
                    ],
                  },
                ],
              },
            },
            retrying: {
              entry: { type: 'setSyncStatus', params: { status: 'error' } },
              on: { 'draft.changed': { actions: persistDraft } },
              always: { guard: not('isOnline'), target: 'offline' },
              after: { RETRY_BACKOFF: 'route' },
            },
            offline: {
              // Answers stay in context and browser storage; reconnecting sends the latest.
              entry: { type: 'setSyncStatus', params: { status: 'offline' } },
              on: { 'draft.changed': { actions: persistDraft } },
              always: { guard: 'isOnline', target: 'route' },
            },
          },
        },
      },
    },
    finished: {
      initial: 'submitting',
      states: {
        submitting: {
          invoke: {
            id: 'submitAnswers',
            src: 'submitAnswers',
            input: ({ context }) => answersForSubmit(context.answers),
            onDone: {
              target: 'scored',
              actions: [assign({ score: ({ event }) => event.output }), 'clearLocal'],
            },
            // 'Failed to fetch score. Please try again later.' with a retry button.
            onError: 'scoreFailed',
          },
        },
        scoreFailed: {
          on: { 'user.retry': 'submitting' },
        },
        scored: { type: 'final' },
      },
    },
  },
});

export type ExamMachine = typeof examMachine;
