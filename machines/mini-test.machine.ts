import { assign, fromCallback, fromPromise, setup } from 'xstate';

/**
 * The free mini test (spec sections 2, 4 and 9): listening 300 s -> structure 600 s -> reading
 * 600 s -> finished. There is no server, so the clock is local, but seconds left are still derived
 * from a stored end instant: a reload or a sleeping laptop cannot add time.
 */

export type MiniSection = 'listening' | 'structure' | 'reading';
export type MiniTestAnswers = Record<MiniSection, number[]>;

export const MINI_SECTIONS: readonly MiniSection[] = ['listening', 'structure', 'reading'];
export const MINI_TEST_DURATIONS: Readonly<Record<MiniSection, number>> = { listening: 300, structure: 600, reading: 600 };
/** Answer keys by question index, as option indexes 0-3 (spec section 9). */
export const MINI_TEST_KEYS: Readonly<Record<MiniSection, readonly number[]>> = {
  listening: [2, 1, 3, 2, 3],
  structure: [2, 1, 0, 2, 3, 1, 1, 2, 1, 2],
  reading: [1, 3, 1, 2, 3],
};
export const MINI_TEST_STORAGE_KEYS = {
  listening: 'listeningAnswers',
  structure: 'structureAnswers',
  reading: 'readingAnswers',
} as const satisfies Record<MiniSection, string>;
export type MiniTestStorageKey = (typeof MINI_TEST_STORAGE_KEYS)[MiniSection];
export const MINI_TEST_QUESTION_COUNT = 20;

export interface MiniTestScore {
  listeningCorrect: number;
  structureCorrect: number;
  readingCorrect: number;
  correct: number;
  /** Math.round(correct / 20 * 100). */
  totalScore: number;
}

/** Unanswered (-1) and missing answers count as wrong. */
export function scoreMiniTest(answers: Partial<Record<MiniSection, readonly number[]>>): MiniTestScore {
  const correctIn = (s: MiniSection) => MINI_TEST_KEYS[s].filter((key, i) => answers[s]?.[i] === key).length;
  const listeningCorrect = correctIn('listening');
  const structureCorrect = correctIn('structure');
  const readingCorrect = correctIn('reading');
  const correct = listeningCorrect + structureCorrect + readingCorrect;
  return {
    listeningCorrect,
    structureCorrect,
    readingCorrect,
    correct,
    totalScore: Math.round((correct / MINI_TEST_QUESTION_COUNT) * 100),
  };
}

/** The countdown as m:ss (spec section 2). */
export function formatMinSec(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function secondsLeftUntil(endsAt: number | null, localNow: number): number {
  return endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - localNow) / 1000));
}

/** What the storage holds when the mini test starts. */
export interface MiniTestSaved {
  listeningAnswers?: readonly number[] | null;
  structureAnswers?: readonly number[] | null;
  readingAnswers?: readonly number[] | null;
  /** The running section and its end instant (epoch ms), if a section was under way. */
  progress?: { section: MiniSection; endsAt: number } | null;
}

export interface MiniTestInput {
  now: () => number;
}

export interface MiniTestContext {
  now: () => number;
  answers: MiniTestAnswers;
  section: MiniSection;
  index: number;
  endsAt: number | null;
  secondsLeft: number;
  /** A restored section end instant, used once when that section is entered. */
  resume: { section: MiniSection; endsAt: number } | null;
  score: MiniTestScore | null;
}

export type MiniTestEvent =
  | { type: 'user.answer'; index: number; option: number }
  | { type: 'user.next' }
  | { type: 'user.prev' }
  | { type: 'user.goto'; index: number }
  /** Selesai. */
  | { type: 'user.finishSection' }
  | { type: 'timer.tick' };

const blank = (s: MiniSection) => MINI_TEST_KEYS[s].map(() => -1);

function restoredAnswers(s: MiniSection, saved: readonly number[] | null | undefined): number[] {
  return blank(s).map((_, i) => {
    const v = saved?.[i];
    return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 3 ? v : -1;
  });
}

const lastIndex = (s: MiniSection) => MINI_TEST_KEYS[s].length - 1;

/** Writes the running section's answers under its storage key (spec: listeningAnswers, ...). */
const saveRunning = {
  type: 'saveAnswers',
  params: ({ context }: { context: MiniTestContext }) => ({
    key: MINI_TEST_STORAGE_KEYS[context.section],
    answers: context.answers[context.section],
  }),
} as const;

export const miniTestMachine = setup({
  types: {
    context: {} as MiniTestContext,
    events: {} as MiniTestEvent,
    input: {} as MiniTestInput,
  },
  actors: {
    /** Reads listeningAnswers, structureAnswers, readingAnswers and the progress record. */
    loadSaved: fromPromise<MiniTestSaved, void>(() => Promise.reject(new Error('provide loadSaved'))),
    /** Sends `timer.tick` every 1000 ms while a section runs. */
    ticker: fromCallback(() => {
      throw new Error('provide ticker');
    }),
  },
  actions: {
    /** Writes one section's answers under its storage key. */
    saveAnswers: (_, _params: { key: MiniTestStorageKey; answers: number[] }) => {},
    /** Writes the running section and its end instant, so a reload resumes the same clock. */
    saveProgress: (_, _params: { section: MiniSection; endsAt: number }) => {},
    /** Removes the three answer sets and the progress record once scored. */
    clearSaved: () => {},
    beginSection: assign(({ context }, params: { section: MiniSection }) => {
      const resumed = context.resume?.section === params.section ? context.resume.endsAt : null;
      const endsAt = resumed ?? context.now() + MINI_TEST_DURATIONS[params.section] * 1000;
      return {
        section: params.section,
        index: 0,
        endsAt,
        secondsLeft: secondsLeftUntil(endsAt, context.now()),
        resume: null,
      };
    }),
    syncClock: assign({ secondsLeft: ({ context }) => secondsLeftUntil(context.endsAt, context.now()) }),
    recordAnswer: assign({
      answers: ({ context, event }) => {
        if (event.type !== 'user.answer') return context.answers;
        const list = [...context.answers[context.section]];
        list[event.index] = event.option;
        return { ...context.answers, [context.section]: list };
      },
    }),
    goNext: assign({ index: ({ context }) => Math.min(context.index + 1, lastIndex(context.section)) }),
    goPrev: assign({ index: ({ context }) => Math.max(context.index - 1, 0) }),
    gotoIndex: assign({
      index: ({ context, event }) => (event.type === 'user.goto' ? event.index : context.index),
    }),
  },
  guards: {
    timeIsUp: ({ context }) => secondsLeftUntil(context.endsAt, context.now()) === 0,
    validAnswer: ({ context, event }) =>
      event.type === 'user.answer' &&
      Number.isInteger(event.index) &&
      event.index >= 0 &&
      event.index <= lastIndex(context.section) &&
      [-1, 0, 1, 2, 3].includes(event.option),
    onLastQuestion: ({ context }) => context.index === lastIndex(context.section),
    canGoNext: ({ context }) => context.index < lastIndex(context.section),
    canGoPrev: ({ context }) => context.index > 0,
    canGoto: ({ context, event }) =>
      event.type === 'user.goto' && Number.isInteger(event.index) && event.index >= 0 && event.index <= lastIndex(context.section),
    resumeStructure: ({ context }) => context.resume?.section === 'structure',
    resumeReading: ({ context }) => context.resume?.section === 'reading',
  },
}).createMachine({
  id: 'miniTest',
  context: ({ input }) => ({
    now: input.now,
    answers: { listening: blank('listening'), structure: blank('structure'), reading: blank('reading') },
    section: 'listening',
    index: 0,
    endsAt: null,
    secondsLeft: 0,
    resume: null,
    score: null,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      invoke: {
        id: 'loadSaved',
        src: 'loadSaved',
        onDone: {
          target: 'route',
          actions: assign(({ event }) => ({
            answers: {
              listening: restoredAnswers('listening', event.output.listeningAnswers),
              structure: restoredAnswers('structure', event.output.structureAnswers),
              reading: restoredAnswers('reading', event.output.readingAnswers),
            },
            resume: event.output.progress && MINI_SECTIONS.includes(event.output.progress.section) ? event.output.progress : null,
          })),
        },
        // Unreadable storage: start from scratch rather than not at all.
        onError: 'route',
      },
    },
    route: {
      always: [{ guard: 'resumeStructure', target: 'structure' }, { guard: 'resumeReading', target: 'reading' }, { target: 'listening' }],
    },
    listening: {
      entry: [
        { type: 'beginSection', params: { section: 'listening' } },
        { type: 'saveProgress', params: ({ context }) => ({ section: context.section, endsAt: context.endsAt! }) },
      ],
      // The one save path: every change and every section end writes the section's answers.
      exit: { type: 'saveAnswers', params: ({ context }) => ({ key: 'listeningAnswers', answers: context.answers.listening }) },
      invoke: { id: 'ticker', src: 'ticker' },
      on: {
        'timer.tick': [{ guard: 'timeIsUp', target: 'structure' }, { actions: 'syncClock' }],
        'user.answer': { guard: 'validAnswer', actions: ['recordAnswer', saveRunning] },
        // Listening has no next on its last question: only Selesai or time ends it.
        'user.next': { guard: 'canGoNext', actions: 'goNext' },
        'user.prev': { guard: 'canGoPrev', actions: 'goPrev' },
        'user.goto': { guard: 'canGoto', actions: 'gotoIndex' },
        'user.finishSection': 'structure',
      },
    },
    structure: {
      entry: [
        { type: 'beginSection', params: { section: 'structure' } },
        { type: 'saveProgress', params: ({ context }) => ({ section: context.section, endsAt: context.endsAt! }) },
      ],
      exit: { type: 'saveAnswers', params: ({ context }) => ({ key: 'structureAnswers', answers: context.answers.structure }) },
      invoke: { id: 'ticker', src: 'ticker' },
      on: {
        'timer.tick': [{ guard: 'timeIsUp', target: 'reading' }, { actions: 'syncClock' }],
        'user.answer': { guard: 'validAnswer', actions: ['recordAnswer', saveRunning] },
        'user.next': [{ guard: 'onLastQuestion', target: 'reading' }, { actions: 'goNext' }],
        'user.prev': { guard: 'canGoPrev', actions: 'goPrev' },
        'user.goto': { guard: 'canGoto', actions: 'gotoIndex' },
        'user.finishSection': 'reading',
      },
    },
    reading: {
      entry: [
        { type: 'beginSection', params: { section: 'reading' } },
        { type: 'saveProgress', params: ({ context }) => ({ section: context.section, endsAt: context.endsAt! }) },
      ],
      exit: { type: 'saveAnswers', params: ({ context }) => ({ key: 'readingAnswers', answers: context.answers.reading }) },
      invoke: { id: 'ticker', src: 'ticker' },
      on: {
        'timer.tick': [{ guard: 'timeIsUp', target: 'finished' }, { actions: 'syncClock' }],
        'user.answer': { guard: 'validAnswer', actions: ['recordAnswer', saveRunning] },
        'user.next': [{ guard: 'onLastQuestion', target: 'finished' }, { actions: 'goNext' }],
        'user.prev': { guard: 'canGoPrev', actions: 'goPrev' },
        'user.goto': { guard: 'canGoto', actions: 'gotoIndex' },
        'user.finishSection': 'finished',
      },
    },
    finished: {
      // /finish scores the three sets and removes them from storage (spec section 4).
      type: 'final',
      entry: [assign({ score: ({ context }) => scoreMiniTest(context.answers), secondsLeft: 0 }), 'clearSaved'],
    },
  },
});

export type MiniTestMachine = typeof miniTestMachine;
