import {
  and,
  assign,
  enqueueActions,
  fromCallback,
  fromPromise,
  not,
  raise,
  sendParent,
  sendTo,
  setup,
  stopChild,
  type ActorRefFrom,
} from 'xstate';
import type { AnswerValue, DraftAudio, DraftResponse, IgnoredReason, ScoreResult, SubmitAnswer, TimerResponse } from '../contract/exam.ts';
import { adoptNewer, changedAnswers, shownAnswers, type AnswerEntry, type TimedAnswer, type TimedAnswers } from './answer-sync.ts';
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
 * `.provide()`; the exam view only renders snapshots, asks `snapshot.can(...)` and sends events.
 */

/** Answers by question page as the screen shows them; an unanswered page has no key. */
export type ExamAnswers = Readonly<Record<number, Exclude<AnswerValue, '-1'>>>;

/** What the machine needs of a question row; the server's rows carry more fields. */
export interface ExamQuestionRef {
  page: number;
  /** The listening clip of the item (group heads carry the group's clip). */
  audio?: string | null;
}

export interface ExamDraft {
  index: number;
  /** Every answer given with the server-clock instant it was given ('-1' = cleared). */
  answers: TimedAnswers;
  /** ISO instant (server clock) of the change that produced this draft. */
  savedAt: string;
  /** Pages marked 'ragu-ragu'; kept on this device only (the server's draft has no field for it). */
  marked?: readonly number[];
  /** Clips heard and where each interrupted clip stopped (only ever grows, so drafts merge). */
  audio?: DraftAudio;
}

export interface LoadExamOutput {
  questions: readonly ExamQuestionRef[];
  /** The attempt already has section end instants on the server (cek-endtime). */
  hasEndTime: boolean;
  draft?: ExamDraft | null;
}

export interface SaveDraftInput {
  index: number;
  /** Only what the server has not acknowledged yet, each with its `at`. */
  answers: AnswerEntry[];
  /** Increases with every change; a server may ignore a revision lower than one it holds. */
  revision: number;
  /** The clip state (small, and it only grows), sent whole with each save. */
  audio: DraftAudio;
}

/** What a save answers: the server's kept answers, its `sesi` and the answers it did not take. */
export type SaveDraftOutput = Pick<DraftResponse, 'answers' | 'answeredAt' | 'sesi' | 'ignored' | 'savedAt'>;

export interface SubmitAnswersInput {
  /** All 140 questions in page order, '-1' for unanswered. */
  answers: SubmitAnswer[];
}

export type SyncStatus = 'saved' | 'saving' | 'offline' | 'error';

/** An answer the server did not take, by question page, with its reason. */
export interface NotCounted {
  page: number;
  reason: IgnoredReason;
}

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
  /** Every answer given on any device that this one knows of, with its instant. */
  timed: TimedAnswers;
  /** What the server acknowledged holding; a save sends the difference. */
  acked: TimedAnswers;
  /** The screen's view of `timed` (cleared pages drop out). */
  answers: ExamAnswers;
  /** Pages marked 'ragu-ragu'. */
  marked: readonly number[];
  /** Pages another device answered later, taken onto this screen (the learner is told). */
  newerPages: readonly number[];
  /** Answers the server did not take (the learner is told which and why). */
  notCounted: readonly NotCounted[];
  /** The attempt was finished elsewhere (a save or timer answered `finished`). */
  finishedElsewhere: boolean;
  /** End of the current section on the server's clock, epoch ms. */
  endsAt: number | null;
  /** serverNow - local now at the last timer answer. */
  clockOffsetMs: number;
  secondsLeft: number;
  online: boolean;
  revision: number;
  savedRevision: number;
  savingRevision: number;
  /** The answers in flight, so the acknowledgement knows which were sent. */
  sending: readonly AnswerEntry[];
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
  | { type: 'user.askStart' }
  | { type: 'user.start' }
  | { type: 'user.cancel' }
  | { type: 'user.dismiss' }
  | { type: 'user.retry' }
  | { type: 'user.answer'; page: number; answer: AnswerValue }
  | { type: 'user.mark'; page: number }
  | { type: 'user.goto'; index: number }
  | { type: 'user.next' }
  | { type: 'user.prev' }
  | { type: 'user.askEnd' }
  | { type: 'user.endSection' }
  | { type: 'user.askContinue' }
  | { type: 'user.continue' }
  | { type: 'user.finish' }
  | { type: 'user.dismissNotice' }
  | { type: 'timer.tick' }
  /** The running section's timer as the server reports it now (the watcher's periodic check). */
  | { type: 'timer.checked'; timer: TimerResponse }
  | { type: 'page.visible' }
  | { type: 'network.online' }
  | { type: 'network.offline' }
  /** Raised internally after every answer, mark or index change; not for the view. */
  | { type: 'draft.changed' }
  /** From the audio actor: where the clip stopped, that it was heard, that leaving was confirmed. */
  | { type: 'audio.position'; index: number; position: number }
  | { type: 'audio.played'; index: number }
  | { type: 'audio.leaveConfirmed' };

export const AUTOSAVE_DEBOUNCE_MS = 1_000;
/**
 * How often a running section asks the server for its end instant, so time an admin adds
 * (POST /admin/ujian/{id}/perpanjang) reaches an open page without a reload.
 */
export const TIMER_CHECK_MS = 20_000;
export const RETRY_BACKOFF_MAX_MS = 30_000;
/**
 * The longest 'Memperbarui timer...' holds the exam when the page comes back. A phone waking up
 * can take a while to have a working connection again; meanwhile the learner can neither read nor
 * answer. Past this the exam goes on by its own clock, which counts to the server's end instant
 * anyway, and the running section's periodic check (TIMER_CHECK_MS) reads the server again.
 */
export const REFRESH_WAIT_MS = 8_000;

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

const isOption = (v: unknown): v is AnswerValue => v === '1' || v === '2' || v === '3' || v === '4' || v === '-1';

/**
 * Keeps only answers to real question pages with a real option (or a clear). A stored answer is
 * either `{answer, at}` or, from before instants existed, a bare option: that one gets `fallbackAt`
 * (the instant of the draft that held it) so the newest-wins merge can still order it.
 */
export function sanitizeAnswers(answers: unknown, fallbackAt: string): Record<string, TimedAnswer> {
  const clean: Record<string, TimedAnswer> = {};
  if (answers && typeof answers === 'object') {
    for (const [key, value] of Object.entries(answers as Record<string, unknown>)) {
      if (!QUESTION_INDEXES.includes(Number(key))) continue;
      if (isOption(value)) clean[key] = { answer: value, at: fallbackAt };
      else if (value && typeof value === 'object') {
        const { answer, at } = value as { answer?: unknown; at?: unknown };
        if (isOption(answer) && typeof at === 'string' && !Number.isNaN(Date.parse(at))) clean[key] = { answer, at };
      }
    }
  }
  return clean;
}

/** Keeps only real question pages, once each, in page order. */
export function sanitizeMarked(marked: unknown): number[] {
  if (!Array.isArray(marked)) return [];
  return [...new Set(marked.filter((p): p is number => typeof p === 'number' && QUESTION_INDEXES.includes(p)))].sort((a, b) => a - b);
}

/** The server's kept answers as timed answers (a page without an instant gets the draft's). */
export function serverAnswers(
  answers: Readonly<Record<string, AnswerValue>>,
  answeredAt: Readonly<Record<string, string>>,
  fallbackAt: string,
) {
  const timed: Record<string, TimedAnswer> = {};
  for (const [key, answer] of Object.entries(answers)) timed[key] = { answer, at: answeredAt[key] ?? fallbackAt };
  return sanitizeAnswers(timed, fallbackAt);
}

/** The final submission: every question by page, '-1' where unanswered; given answers carry their `at`. */
export function answersForSubmit(timed: TimedAnswers): SubmitAnswersInput {
  return {
    answers: QUESTION_INDEXES.map((page) => {
      const given = timed[String(page)];
      return given ? { id: page, answer: given.answer, at: given.at } : { id: page, answer: '-1' as const };
    }),
  };
}

/** The listening item whose audio the view plays at `index`, or null (intro, other sections). */
export function audioIndexOf(index: number): number | null {
  return partOfIndex(index) === 'listening' ? itemIndexOf(index) : null;
}

/** The open item's clip: its exam index, question and whether it was heard, or null (intro, other sections). */
export function openClipOf(context: Pick<ExamContext, 'index' | 'entries' | 'audio'>) {
  const index = audioIndexOf(context.index);
  const entry = index === null ? undefined : context.entries[index];
  if (index === null || entry?.kind !== 'question') return null;
  return { index, question: entry.question, played: context.audio.played.includes(index) };
}

/** Keeps listening clips only, valid positions only. */
export function sanitizeAudio(audio: unknown): DraftAudio {
  const a = (audio && typeof audio === 'object' ? audio : {}) as Partial<Record<keyof DraftAudio, unknown>>;
  const played = Array.isArray(a.played)
    ? (a.played as unknown[]).filter((i): i is number => typeof i === 'number' && Number.isInteger(i) && audioIndexOf(i) === i)
    : [];
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

const sameAudio = (a: DraftAudio, b: DraftAudio) => JSON.stringify(mergeAudio(a)) === JSON.stringify(mergeAudio(b));

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

/** The server's instant now, through the offset measured at the last timer answer. */
const serverInstant = (context: ExamContext) => new Date(context.now() + context.clockOffsetMs).toISOString();

function draftOf(context: ExamContext): ExamDraft {
  return { index: context.index, answers: context.timed, savedAt: serverInstant(context), marked: context.marked, audio: context.audio };
}

/** Entering a section moves an outside index to its first index (a change to save). */
function indexInSection(context: ExamContext): number {
  return itemIndexOf(clampToSection(context.index, context.section));
}

/**
 * Takes a save's answer: the server's kept answers become the acknowledged set; a page another
 * device answered later replaces this screen's answer; an answer the server refused is taken off
 * the screen (unless the learner changed it again meanwhile) and reported, never dropped silently.
 */
function acknowledge(context: ExamContext, output: SaveDraftOutput) {
  const fallback = output.savedAt ?? serverInstant(context);
  const server = serverAnswers(output.answers, output.answeredAt, fallback);
  const ignored = (output.ignored ?? []).filter((i) => i.reason !== 'finished');
  const timed: Record<string, TimedAnswer> = { ...context.timed };
  const notCounted: NotCounted[] = [];
  for (const item of ignored) {
    const key = String(item.id);
    const sent = context.sending.find((s) => s.id === item.id);
    if (item.reason === 'newer') continue; // adoptNewer below takes the later answer and says so
    notCounted.push({ page: item.id, reason: item.reason });
    if (sent && timed[key]?.at === sent.at) {
      const kept = server[key];
      if (kept) timed[key] = kept;
      else delete timed[key];
    }
  }
  const adopted = adoptNewer(timed, server);
  const newer = [...new Set([...context.newerPages, ...adopted.changed])].sort((a, b) => a - b);
  const counted = [...context.notCounted.filter((n) => !notCounted.some((m) => m.page === n.page)), ...notCounted].sort(
    (a, b) => a.page - b.page,
  );
  return {
    timed: adopted.answers,
    answers: shownAnswers(adopted.answers),
    acked: server,
    newerPages: newer,
    notCounted: counted,
  };
}

const persistDraft = {
  type: 'persistLocal',
  params: ({ context }: { context: ExamContext }) => draftOf(context),
} as const;

const notProvided = (name: string) => () => Promise.reject(new Error(`provide ${name}`));

const examSetup = setup({
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
    /** PUT /soal/jawaban/draft with only the changed answers. */
    saveDraft: fromPromise<SaveDraftOutput, SaveDraftInput>(notProvided('saveDraft')),
    /** POST /soal/jawaban; answers the score. */
    submitAnswers: fromPromise<ScoreResult, SubmitAnswersInput>(notProvided('submitAnswers')),
    /** Sends `timer.tick` every 1000 ms while a section runs; cleans up on exit. */
    ticker: fromCallback(() => {
      throw new Error('provide ticker');
    }),
    /**
     * Asks GET /soal/timers (read-only) every TIMER_CHECK_MS while a section runs and sends each
     * answer back as `timer.checked`; cleans up on exit. Failures are left to the next check.
     */
    timerWatch: fromCallback(() => {
      throw new Error('provide timerWatch');
    }),
    /** One actor per listening clip, spawned while its item is open; provide its fetchClip. */
    audioOnce: examAudioOnce,
  },
  actions: {
    /** Writes the draft to browser storage (answers, marks, index and the clip state). */
    persistLocal: (_, _params: ExamDraft) => {},
    /** Clears browser storage of this exam (the draft, with its clip state) after the score arrived. */
    clearLocal: () => {},
    /** Failures the spec only logs (timer refresh, zeroing, next section, autosave). */
    logError: (_, _params: { operation: string }) => {},
    syncClock: assign({
      secondsLeft: ({ context }) => secondsLeftAt(context.endsAt, context.clockOffsetMs, context.now()),
    }),
    markChanged: assign({ revision: ({ context }) => context.revision + 1 }),
    recordAnswer: assign(({ context, event }) => {
      if (event.type !== 'user.answer') return {};
      const timed = { ...context.timed, [String(event.page)]: { answer: event.answer, at: serverInstant(context) } };
      return {
        timed,
        answers: shownAnswers(timed),
        // The learner's own answer settles what was reported about this page.
        newerPages: context.newerPages.filter((p) => p !== event.page),
        notCounted: context.notCounted.filter((n) => n.page !== event.page),
      };
    }),
    toggleMark: assign({
      marked: ({ context, event }) => {
        if (event.type !== 'user.mark') return context.marked;
        return context.marked.includes(event.page)
          ? context.marked.filter((p) => p !== event.page)
          : [...context.marked, event.page].sort((a, b) => a - b);
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
        const clip = openClipOf(context);
        if (!clip) return null;
        const { index } = clip;
        return spawn('audioOnce', {
          id: `audio-${index}`,
          input: {
            index,
            src: clip.question.audio ?? null,
            played: clip.played,
            position: context.audio.positions[index] ?? 0,
          },
        });
      },
      pendingLeave: null,
    }),
    /** The move waits here while the playing clip asks whether to leave. */
    recordPendingLeave: assign({
      pendingLeave: ({ context, event }) =>
        event.type === 'user.goto' || event.type === 'user.next' || event.type === 'user.prev' ? event : context.pendingLeave,
    }),
    requestLeave: sendTo(({ context }) => context.audioRef!, { type: 'leave.request' }),
    recordAudioPosition: assign({
      audio: ({ context, event }) =>
        event.type === 'audio.position'
          ? mergeAudio(context.audio, { played: [], positions: { [event.index]: event.position } })
          : context.audio,
    }),
    recordAudioPlayed: assign({
      audio: ({ context, event }) =>
        event.type === 'audio.played' ? mergeAudio(context.audio, { played: [event.index], positions: {} }) : context.audio,
    }),
    setSyncStatus: assign((_, params: { status: SyncStatus }) => ({ syncStatus: params.status })),
  },
  guards: {
    /** Real tick guard: the derived seconds reached zero. Model tests abstract time here. */
    timeIsUp: ({ context }) => secondsLeftAt(context.endsAt, context.clockOffsetMs, context.now()) === 0,
    hasTimeLeft: ({ context }) => context.secondsLeft > 0,
    /**
     * The server moved the running section's end later (an admin extended it). Only later: an end
     * the page already counts towards is never shortened by a check, and another section's answer
     * is left to the page's own transitions.
     */
    endsLater: ({ context, event }) => {
      if (event.type !== 'timer.checked' || event.timer.sesi !== context.section || event.timer.endsAt === null) return false;
      const end = Date.parse(event.timer.endsAt);
      return !Number.isNaN(end) && context.endsAt !== null && end > context.endsAt;
    },
    isListening: ({ context }) => context.section === 'listening',
    isWritten: ({ context }) => context.section === 'written',
    isOnline: ({ context }) => context.online,
    isDirty: ({ context }) => context.revision > context.savedRevision,
    answerInSection: ({ context, event }) =>
      event.type === 'user.answer' &&
      QUESTION_INDEXES.includes(event.page) &&
      isInSection(event.page, context.section) &&
      isOption(event.answer),
    pageInSection: ({ context, event }) =>
      event.type === 'user.mark' && QUESTION_INDEXES.includes(event.page) && isInSection(event.page, context.section),
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
    hasNotice: ({ context }) => context.newerPages.length > 0 || context.notCounted.length > 0,
    /** The open clip plays: leaving it asks first (the clip's own chart decides). */
    audioAsksToLeave: ({ context }) => context.audioRef?.getSnapshot().can({ type: 'leave.request' }) ?? false,
  },
  delays: {
    AUTOSAVE_DEBOUNCE: AUTOSAVE_DEBOUNCE_MS,
    REFRESH_WAIT: REFRESH_WAIT_MS,
    RETRY_BACKOFF: ({ context }) => retryBackoffMs(context.saveAttempt),
  },
});

/** Listening only: the clip of the open item (one actor per clip) and the clip state it reports. */
function listeningAudio() {
  return examSetup.createStateConfig({
    entry: 'spawnAudio',
    exit: ['stopAudio', assign({ audioRef: null, pendingLeave: null })],
    on: {
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
    },
  });
}

/**
 * The running state of a section, the same for all three. Listening additionally owns the clip of
 * the open item (`listeningAudio`); in reading, Selesai and time up finish the exam.
 */
function runningState(section: ExamSection) {
  const last = section === 'reading';
  const over = last ? ('#exam.finished' as const) : (`#exam.active.session.${section}.ended` as const);
  const audio = section === 'listening' ? listeningAudio() : null;
  return examSetup.createStateConfig({
    invoke: [
      { id: 'ticker', src: 'ticker' },
      { id: 'timerWatch', src: 'timerWatch' },
    ],
    ...(audio ? { entry: audio.entry, exit: audio.exit } : {}),
    initial: 'answering',
    on: {
      'timer.tick': [{ guard: 'timeIsUp' as const, target: over, actions: 'syncClock' as const }, { actions: 'syncClock' as const }],
      'timer.checked': {
        guard: 'endsLater' as const,
        actions: assign(({ context, event }) => (event.type === 'timer.checked' ? timerFields(context, event.timer) : {})),
      },
      'user.answer': {
        guard: 'answerInSection',
        actions: ['recordAnswer', 'markChanged', raise({ type: 'draft.changed' })],
      },
      'user.mark': { guard: 'pageInSection' as const, actions: ['toggleMark', raise({ type: 'draft.changed' })] },
      'user.goto': { guard: 'canGoto' as const, actions: ['gotoIndex', 'markChanged', raise({ type: 'draft.changed' })] },
      'user.next': { guard: 'canGoNext' as const, actions: ['goNext', 'markChanged', raise({ type: 'draft.changed' })] },
      'user.prev': { guard: 'canGoPrev' as const, actions: ['goPrev', 'markChanged', raise({ type: 'draft.changed' })] },
      ...audio?.on,
    },
    states: {
      answering: { on: { 'user.askEnd': 'confirming' } },
      // 'Selesaikan Sesi Ini?' (listening, written) or 'Yakin ingin menyelesaikan?' (reading).
      confirming: {
        on: last
          ? { 'user.cancel': 'answering', 'user.finish': '#exam.finished' }
          : { 'user.cancel': 'answering', 'user.endSection': `#exam.active.session.${section}.endingSection` },
      },
    },
  });
}

/**
 * A section followed by another (listening, written): running, then Selesai zeroes it on the
 * server, 'Telah Berakhir', and 'Lanjut ke Sesi Berikutnya' moves on once confirmed.
 */
function sectionState(section: 'listening' | 'written') {
  return examSetup.createStateConfig({
    initial: 'route',
    states: {
      route: { always: [{ guard: 'hasTimeLeft', target: 'running' }, { target: 'ended' }] },
      running: runningState(section),
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
        // 'Sesi {SECTION} Telah Berakhir' + 'Lanjut ke Sesi Berikutnya' (asks 'Yakin ingin lanjut?').
        entry: assign({ secondsLeft: 0 }),
        initial: 'waiting',
        states: {
          waiting: { on: { 'user.askContinue': 'confirming' } },
          confirming: { on: { 'user.cancel': 'waiting', 'user.continue': `#exam.active.session.${section}.advancing` } },
        },
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
  });
}

/** The last section: no ended screen, time up or Selesai finishes the exam (spec section 4). */
function lastSectionState() {
  return examSetup.createStateConfig({
    initial: 'route',
    states: {
      route: { always: [{ guard: 'hasTimeLeft', target: 'running' }, { target: '#exam.finished' }] },
      running: runningState('reading'),
    },
  });
}

export const examMachine = examSetup.createMachine({
  id: 'exam',
  context: ({ input }) => ({
    now: input.now,
    localDraft: input.localDraft ?? null,
    entries: [],
    loadProblem: null,
    section: 'listening',
    index: 0,
    timed: {},
    acked: {},
    answers: {},
    marked: [],
    newerPages: [],
    notCounted: [],
    finishedElsewhere: false,
    endsAt: null,
    clockOffsetMs: 0,
    secondsLeft: 0,
    online: input.online ?? true,
    revision: 0,
    savedRevision: 0,
    savingRevision: 0,
    sending: [],
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
    'user.dismissNotice': { guard: 'hasNotice', actions: assign({ newerPages: [], notCounted: [] }) },
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
            // An attempt exists: per page the answer given last, on this device or another.
            guard: ({ event }) => event.output.hasEndTime,
            target: 'resuming',
            actions: assign(({ context, event }) => {
              const server = event.output.draft ?? null;
              const local = context.localDraft;
              const acked = server?.answers ?? {};
              const adopted = adoptNewer(local?.answers ?? {}, acked);
              const newest = newestDraft(server, local);
              const audio = mergeAudio(server?.audio, local?.audio);
              // Answers or clip progress made here that the server lacks must still reach it.
              const dirty = changedAnswers(adopted.answers, acked).length > 0 || !sameAudio(audio, mergeAudio(server?.audio));
              return {
                entries: buildExamEntries(event.output.questions),
                timed: adopted.answers,
                answers: shownAnswers(adopted.answers),
                acked,
                marked: sanitizeMarked(local?.marked),
                // Only a device that held answers of its own has a screen that changed.
                newerPages: local ? adopted.changed : [],
                index: newest && isExamIndex(newest.index) ? newest.index : 0,
                audio,
                revision: dirty ? 1 : 0,
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
      initial: 'idle',
      states: {
        idle: { on: { 'user.askStart': 'confirming' } },
        // 'Mulai Simulasi?' with 'Ya, Mulai'.
        confirming: { on: { 'user.cancel': 'idle', 'user.start': '#exam.starting' } },
      },
    },
    starting: {
      invoke: {
        id: 'startTimer',
        src: 'startTimer',
        onDone: [
          { guard: ({ event }) => event.output.sesi === 'finished', target: 'finished' },
          { target: 'active', actions: assign(({ context, event }) => timerFields(context, event.output)) },
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
          // `finished` (here or on another device) ends the exam, anything else resumes it.
          { guard: ({ event }) => event.output.sesi === 'finished', target: 'finished', actions: assign({ finishedElsewhere: true }) },
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
          // `finished` (here or on another device) ends the exam, anything else resumes it.
          { guard: ({ event }) => event.output.sesi === 'finished', target: 'finished', actions: assign({ finishedElsewhere: true }) },
          { target: 'active', actions: assign(({ context, event }) => timerFields(context, event.output)) },
        ],
        onError: { target: 'active', actions: { type: 'logError', params: { operation: 'refreshTimer' } } },
      },
      // Unanswered in time: only logged, as a failure is (spec section 8).
      after: { REFRESH_WAIT: { target: 'active', actions: { type: 'logError', params: { operation: 'refreshTimer' } } } },
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
              // Entering a section moves an index outside it to the section's first index (a change to save).
              entry: enqueueActions(({ context, enqueue }) => {
                const index = indexInSection(context);
                if (index !== context.index) {
                  enqueue.assign({ index, revision: context.revision + 1 });
                  enqueue.raise({ type: 'draft.changed' });
                }
              }),
              always: [{ guard: 'isListening', target: 'listening' }, { guard: 'isWritten', target: 'written' }, { target: 'reading' }],
            },
            listening: sectionState('listening'),
            written: sectionState('written'),
            reading: lastSectionState(),
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
                assign({
                  savingRevision: ({ context }) => context.revision,
                  sending: ({ context }) => changedAnswers(context.timed, context.acked),
                }),
              ],
              on: { 'draft.changed': { actions: persistDraft } },
              invoke: {
                id: 'saveDraft',
                src: 'saveDraft',
                input: ({ context }) => ({
                  index: context.index,
                  answers: [...context.sending],
                  revision: context.revision,
                  audio: context.audio,
                }),
                onDone: [
                  {
                    // Another device finished the attempt: this one ends too, and says why.
                    guard: ({ event }) => event.output.sesi === 'finished',
                    target: '#exam.finished',
                    actions: assign({ finishedElsewhere: true }),
                  },
                  {
                    // Changes made meanwhile are newer than what is in flight: `route` saves again.
                    target: 'route',
                    actions: [
                      assign(({ context, event }) => ({
                        ...acknowledge(context, event.output),
                        savedRevision: context.savingRevision,
                        saveAttempt: 0,
                        sending: [],
                      })),
                      persistDraft,
                    ],
                  },
                ],
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
              // Answers stay in context and browser storage with their instants; reconnecting
              // sends them, and the server still counts those given before a section's end.
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
            input: ({ context }) => answersForSubmit(context.timed),
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
