// @vitest-environment jsdom
import '../setup/jsdom.ts';
import { TestModel, type StatePath } from '@xstate/graph';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { createElement, useSyncExternalStore } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { __unsafe_getAllOwnEventDescriptors, assign, setup, type SnapshotFrom } from 'xstate';
import { SECTION_DISPLAY_NAMES, isInSection, sectionQuestionCount, type ExamSection } from '../../machines/exam-layout.ts';
import { ExamView } from '../../src/features/exam/components/ExamView.tsx';
import { laterViews } from '../../src/features/exam/components/later-views.ts';
import { examViewEvents } from '../../src/features/exam/exam-events.ts';
import { useShownScreen } from '../../src/features/exam/exam-view-model.ts';
import { t } from '../../src/i18n/id.ts';
import { renderWithProviders } from '../../src/test-utils.tsx';
import { DURATION, T0, createExamSut, fresh, type ExamSut } from './exam-fixtures.ts';
import { preloadMessageDialog } from '../../src/components/MessageDialog.tsx';

/**
 * A small abstract model of the exam screen, separate from the machine: what a learner sees and
 * does (start, answer, mark 'ragu-ragu', jump into a listening group, Selesai, Lanjut) and two
 * things a learner cannot do on screen (an answer to another section arriving anyway). Every path
 * is replayed by clicking the rendered exam page bound to the real machine (fake timers), and every
 * state is checked on the screen AND on the machine.
 */

interface ModelContext {
  section: ExamSection;
  /** An answer to another section's page was sent (and must have changed nothing). */
  refused: boolean;
  answered: number;
  marked: number;
  inGroup: boolean;
}

const screenModel = setup({
  types: { context: {} as ModelContext },
  guards: {
    canAnswer: ({ context }) => context.answered < 1,
    canMark: ({ context }) => context.marked < 1,
    notRefused: ({ context }) => !context.refused,
    canEnterGroup: ({ context }) => context.section === 'listening' && !context.inGroup,
    moreSections: ({ context }) => context.section === 'listening',
  },
}).createMachine({
  id: 'examScreen',
  initial: 'ready',
  context: { section: 'listening', refused: false, answered: 0, marked: 0, inGroup: false },
  states: {
    ready: { on: { ASK_START: 'startConfirm' } },
    startConfirm: { on: { CANCEL: 'ready', CONFIRM: 'running' } },
    running: {
      on: {
        ANSWER: { guard: 'canAnswer', actions: assign({ answered: ({ context }) => context.answered + 1 }) },
        // The machine refuses an answer to a page of another section: nothing on screen changes.
        ANSWER_OTHER_SECTION: { guard: 'notRefused', actions: assign({ refused: true }) },
        MARK: { guard: 'canMark', actions: assign({ marked: ({ context }) => context.marked + 1 }) },
        GROUP_NEXT: { guard: 'canEnterGroup', actions: assign({ inGroup: true }) },
        ASK_END: 'endConfirm',
        // The learner switches apps and comes back: the timer is re-read, then all is as it was.
        COME_BACK: { target: 'running', reenter: true },
      },
    },
    endConfirm: { on: { CANCEL: 'running', CONFIRM: 'ended' } },
    ended: { on: { ASK_CONTINUE: 'continueConfirm', COME_BACK: { target: 'ended', reenter: true } } },
    continueConfirm: {
      on: {
        CANCEL: 'ended',
        CONFIRM: {
          guard: 'moreSections',
          target: 'running',
          actions: assign({ section: 'written', refused: false, answered: 0, marked: 0, inGroup: false }),
        },
      },
    },
  },
});

type ModelSnapshot = SnapshotFrom<typeof screenModel>;
type ModelEvent = { type: string };

const model = new TestModel(screenModel, {
  serializeState: (s: ModelSnapshot) => JSON.stringify({ value: s.value, context: s.context }),
  events: ((s: ModelSnapshot) =>
    (__unsafe_getAllOwnEventDescriptors(s) as string[]).filter((type) => s.can({ type })).map((type) => ({ type }))) as never,
});

const E = t.exam;
const FIRST_QUESTION: Record<ExamSection, { index: number; label: string }> = {
  listening: { index: 1, label: '1' },
  written: { index: 52, label: '1' },
  reading: { index: 94, label: '1' },
};

let sut: ExamSut;

/** The exam page as ExamScreen renders it, bound to a real exam actor with controllable actors. */
function Page() {
  const snapshot = useSyncExternalStore(
    (onChange) => {
      const subscription = sut.actor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    () => sut.actor.getSnapshot(),
  );
  const { state } = useShownScreen(snapshot);
  return createElement(ExamView, {
    state,
    paket: null,
    ...examViewEvents(state, (event) => sut.actor.send(event)),
    onDownload: () => undefined,
    onCloseDownloadError: () => undefined,
  });
}

const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
const snap = () => sut.actor.getSnapshot();
const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
    await vi.advanceTimersByTimeAsync(0);
  });
};
const gridCell = (label: string, exact = true) =>
  within(screen.getByRole('navigation', { name: E.nav.grid }))
    .getAllByRole('button')
    .find((b) => (exact ? b.textContent === label : b.textContent?.startsWith(label)))!;

async function openFirstQuestion(section: ExamSection) {
  if (snap().context.index !== FIRST_QUESTION[section].index) await click(gridCell(FIRST_QUESTION[section].label));
  expect(snap().context.index).toBe(FIRST_QUESTION[section].index);
}

const events: Record<string, (step: { event: ModelEvent; state: ModelSnapshot }) => Promise<void>> = {
  ASK_START: () => click(screen.getByRole('button', { name: E.start.button })),
  ASK_END: () => click(screen.getByRole('button', { name: E.header.finish })),
  ASK_CONTINUE: () => click(screen.getByRole('button', { name: E.section.continue })),
  CANCEL: () => click(within(screen.getByRole('dialog')).getByRole('button', { name: E.section.cancel })),
  CONFIRM: async () => {
    const dialog = screen.getByRole('dialog');
    const before = snap();
    await click(within(dialog).getAllByRole('button').at(-1)!);
    // The server's answers to what the confirmation asked for.
    if (before.matches('ready')) sut.start.pending().resolve(sut.serverTimer('listening', DURATION.listening));
    else if (before.context.syncStatus && sut.endSection.calls.some((c) => !c.settled)) sut.endSection.pending().resolve({});
    else sut.next.pending().resolve(sut.serverTimer('written', DURATION.written));
    await flush();
  },
  ANSWER: async ({ state }) => {
    await openFirstQuestion(state.context.section);
    await click(screen.getAllByRole('radio')[0]!);
  },
  ANSWER_OTHER_SECTION: async ({ state }) => {
    const other = state.context.section === 'listening' ? 94 : 1;
    await act(async () => {
      sut.actor.send({ type: 'user.answer', page: other, answer: '2' });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(snap().context.answers[other]).toBeUndefined();
  },
  MARK: async ({ state }) => {
    await openFirstQuestion(state.context.section);
    await click(screen.getAllByRole('checkbox', { name: E.question.markLabel(1) })[0]!);
  },
  COME_BACK: async ({ state }) => {
    const section = state.context.section;
    const picture = () => ({
      ended: screen.queryByRole('heading', { name: E.section.ended(SECTION_DISPLAY_NAMES[section]) }) !== null,
      question: screen.queryByTestId('exam-question-number')?.textContent ?? null,
      options: screen.queryAllByRole('radio').length,
      grid: screen.queryByRole('navigation', { name: E.nav.grid }) !== null,
    });
    const before = picture();
    const secondsLeft = snap().context.secondsLeft;
    vi.mocked(window.scrollTo).mockClear();
    await act(async () => {
      sut.actor.send({ type: 'page.visible' });
      await vi.advanceTimersByTimeAsync(0);
    });
    // Under the dialog the screen stays as it was, where the learner had scrolled to.
    expect(snap().matches('refreshing')).toBe(true);
    expect(within(screen.getByRole('dialog')).getAllByText(E.section.refreshing).length).toBeGreaterThan(0);
    expect(picture()).toEqual(before);
    expect(window.scrollTo).not.toHaveBeenCalled();
    sut.refresh.pending().resolve(sut.serverTimer(section, state.value === 'ended' ? 0 : secondsLeft));
    await flush();
    expect(window.scrollTo).not.toHaveBeenCalled();
  },
  GROUP_NEXT: async () => {
    await click(gridCell('31'));
    expect(snap().context.index).toBe(31);
    for (const n of [31, 32, 33, 34]) expect(screen.getByText(E.question.numberOf(n))).toBeInTheDocument();
    await click(screen.getByRole('button', { name: E.nav.next }));
  },
};

/** What must hold on the screen and in the machine whenever the model is in `expected`. */
function checkState(expected: ModelSnapshot) {
  const machine = snap();
  const { section, answered, marked, inGroup } = expected.context;
  const dialog = screen.queryByRole('dialog');
  switch (expected.value) {
    case 'ready':
      expect(machine.matches({ ready: 'idle' })).toBe(true);
      expect(screen.getByRole('button', { name: E.start.button })).toBeEnabled();
      expect(dialog).toBeNull();
      return;
    case 'startConfirm':
      expect(machine.matches({ ready: 'confirming' })).toBe(true);
      expect(within(dialog!).getByText(E.start.confirmTitle)).toBeInTheDocument();
      return;
    case 'ended':
    case 'continueConfirm':
      expect(
        machine.matches({ active: { session: { [section]: { ended: expected.value === 'ended' ? 'waiting' : 'confirming' } } } }),
      ).toBe(true);
      expect(screen.getByRole('heading', { name: E.section.ended(SECTION_DISPLAY_NAMES[section]) })).toBeInTheDocument();
      expect(screen.getByRole('timer')).toHaveTextContent('00:00:00');
      if (expected.value === 'continueConfirm') {
        expect(within(dialog!).getByText(E.section.continueTitle)).toBeInTheDocument();
        expect(within(dialog!).getByTestId('exam-dialog-unanswered')).toBeInTheDocument();
      } else expect(dialog).toBeNull();
      return;
    default: {
      const confirming = expected.value === 'endConfirm';
      expect(machine.matches({ active: { session: { [section]: { running: confirming ? 'confirming' : 'answering' } } } })).toBe(true);
      expect(screen.getByTestId('exam-run')).toHaveAttribute('data-section', section);
      expect(machine.context.section).toBe(section);
      // The count in the bar and the machine agree with what the learner did.
      expect(screen.getByTestId('exam-answered')).toHaveTextContent(E.header.answered(answered, sectionQuestionCount(section)));
      expect(Object.keys(machine.context.answers).filter((p) => isInSection(Number(p), section))).toHaveLength(answered);
      expect(document.querySelectorAll('.exam-grid__cell[data-marked]')).toHaveLength(marked);
      expect(machine.context.marked.filter((p) => isInSection(p, section))).toHaveLength(marked);
      if (inGroup && machine.context.index >= 35 && machine.context.index <= 38) {
        expect(screen.getByText(E.question.groupHint(35, 38))).toBeInTheDocument();
      }
      expect(screen.getByRole('timer')).toBeInTheDocument();
      if (confirming) {
        expect(within(dialog!).getByText(E.section.endTitle)).toBeInTheDocument();
        const open = within(dialog!).getByTestId('exam-dialog-unanswered');
        expect(open.textContent).toMatch(answered === 0 ? /soal 1-/ : /soal 2-/);
        if (marked > 0) expect(within(dialog!).getByTestId('exam-dialog-marked')).toHaveTextContent(E.section.marked('1'));
      } else expect(dialog).toBeNull();
    }
  }
}

async function startScreen() {
  sut = createExamSut();
  sut.actor.start();
  renderWithProviders(createElement(Page), { route: '/simulasi-toefl/7' });
  await act(async () => {
    sut.load.pending().resolve(fresh());
    await vi.advanceTimersByTimeAsync(0);
  });
}

// The page has the question screen's code before the machine can reach it (useExamRunner), and
// the dialog's code once it has painted (MessageDialog): the model checks the dialogs themselves.
beforeAll(async () => {
  await Promise.all([laterViews.load(), preloadMessageDialog()]);
});
beforeEach(async () => {
  vi.useFakeTimers({ now: T0 });
  window.scrollTo = vi.fn() as never;
  await startScreen();
});
afterEach(() => {
  sut.actor.stop();
  vi.useRealTimers();
});

/** The shortest path to every abstract state, extended by each transition out of it (every event covered). */
const shortest = model.getShortestPaths();
type Adjacency = Record<string, { transitions: Record<string, { event: ModelEvent; state: ModelSnapshot }> }>;
const adjacency = model.getAdjacencyMap() as unknown as Adjacency;
const serial = (s: ModelSnapshot) => JSON.stringify({ value: s.value, context: s.context });
const bySerial = new Map(shortest.map((p) => [serial(p.state), p]));
const paths: StatePath<ModelSnapshot, ModelEvent>[] = [];
for (const [source, { transitions }] of Object.entries(adjacency)) {
  const head = bySerial.get(source);
  if (!head) continue;
  for (const { event, state } of Object.values(transitions)) {
    paths.push({ state, steps: [...head.steps, { event, state }], weight: head.weight + 1 });
  }
}
// The paths above end only where the model can go no further; coming back from another app is
// also tried on the way, on the first question and on the first section's end.
const everyShortest = model.getShortestPaths({ allowDuplicatePaths: true });
for (const value of ['running', 'ended']) {
  const head = everyShortest.filter((p) => p.state.value === value).sort((a, b) => a.weight - b.weight)[0]!;
  const { event, state } = adjacency[serial(head.state)]!.transitions[JSON.stringify({ type: 'COME_BACK' })]!;
  paths.push({ state, steps: [...head.steps, { event, state }], weight: head.weight + 1 });
}

function describePath(p: StatePath<ModelSnapshot, ModelEvent>): string {
  return (
    p.steps
      .map((s) => s.event.type)
      .filter((e) => !e.startsWith('xstate.'))
      .join(' > ') || 'start'
  );
}

describe('exam screen, a path to every state of the abstract model and through each of its transitions', () => {
  it('covers every state and event of the model', () => {
    const values = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    expect([...values].sort()).toEqual(['"continueConfirm"', '"endConfirm"', '"ended"', '"ready"', '"running"', '"startConfirm"'].sort());
    const used = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
    for (const type of Object.keys(events)) expect(used.has(type), type).toBe(true);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))(
    '%s',
    async (_name, path) => {
      await model.testPath(path, { states: { '*': (s: ModelSnapshot) => checkState(s) }, events: events });
    },
    30_000,
  );
});

describe('time an admin adds reaches the open exam page', () => {
  it('shows the later end on the timer without a reload, and counts on towards it', async () => {
    await click(screen.getByRole('button', { name: E.start.button }));
    await click(within(screen.getByRole('dialog')).getAllByRole('button').at(-1)!);
    sut.start.pending().resolve(sut.serverTimer('listening', DURATION.listening));
    await flush();
    expect(screen.getByRole('timer')).toHaveTextContent('00:35:00');
    expect(sut.watch.running).toBe(1);
    // The watcher's check answers the end the admin moved 10 minutes later.
    await act(async () => {
      sut.actor.send({ type: 'timer.checked', timer: sut.serverTimer('listening', DURATION.listening + 600) });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('00:45:00');
    await act(async () => {
      vi.setSystemTime(Date.now() + 60_000);
      sut.ticker.tick();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('00:44:00');
  });
});
