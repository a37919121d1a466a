import { useDeferredValue, useMemo, useState } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { ExamQuestion, IgnoredReason, ScoreResult } from '../../../contract/exam.ts';
import {
  QUESTION_INDEXES,
  SECTION_DISPLAY_NAMES,
  isInSection,
  questionNumberOf,
  sectionOfQuestionPage,
  type ExamEntry,
  type ExamSection,
} from '../../../machines/exam-layout.ts';
import { openClipOf, type ExamAnswers, type ExamMachine, type SyncStatus } from '../../../machines/exam.machine.ts';

export type ExamSnapshot = SnapshotFrom<ExamMachine>;

/** Where a running section is: answering, waiting for the server, or over ('Telah Berakhir'). */
export type SectionPhase = 'running' | 'ending' | 'ended' | 'advancing';

/** The confirmation the machine holds open over the exam, if any. */
export type ExamDialog = 'start' | 'endSection' | 'continue' | 'finish' | null;

/** An answer the server did not take, by the number the learner sees. */
export interface NotCountedItem {
  number: number;
  /** The section the answer belonged to (often the one that just ended). */
  sectionName: string;
  reason: IgnoredReason;
}

/** Everything the question screen shows, derived from one snapshot. */
export interface ExamRunState {
  section: ExamSection;
  sectionName: string;
  phase: SectionPhase;
  /** The timer is re-read after the page came back ('Memperbarui timer...'), over the screen as it was. */
  refreshing: boolean;
  dialog: ExamDialog;
  index: number;
  entry: ExamEntry<ExamQuestion>;
  /** The questions shown on this item's screen: a listening group's four, else the entry's own. */
  shown: { page: number; number: number; question: ExamQuestion }[];
  answers: ExamAnswers;
  /** Pages marked 'ragu-ragu'. */
  marked: readonly number[];
  /** 'X dari N terjawab' for the running section. */
  answeredCount: number;
  questionCount: number;
  /** Question numbers of the section still unanswered, and those marked 'ragu-ragu'. */
  unansweredNumbers: number[];
  markedNumbers: number[];
  /** Numbers another device answered later (shown here now), and answers that did not count. */
  newerNumbers: number[];
  notCounted: NotCountedItem[];
  secondsLeft: number;
  syncStatus: SyncStatus;
  /** What the machine accepts now (the view never recomputes a guard). */
  canPrev: boolean;
  canNext: boolean;
  canAnswer: boolean;
  canAskEnd: boolean;
  canGoto: boolean;
}

export type ExamScreenState =
  | { screen: 'loading' }
  | { screen: 'error'; problem: string | null }
  | { screen: 'start'; starting: boolean; startFailed: boolean; confirming: boolean }
  | { screen: 'exam'; run: ExamRunState }
  | { screen: 'finishing'; finishedElsewhere: boolean }
  | { screen: 'scoreFailed'; finishedElsewhere: boolean }
  | { screen: 'finished'; score: ScoreResult; finishedElsewhere: boolean };

/**
 * loadExam hands the machine the server's question rows and the machine keeps those very objects
 * in its entries, so an entry's question is the full row the view renders.
 */
function entryAt(snapshot: ExamSnapshot, index: number): ExamEntry<ExamQuestion> {
  return snapshot.context.entries[index] as ExamEntry<ExamQuestion>;
}

const numberOf = (page: number) => questionNumberOf(page) ?? page;

/**
 * The sub-state of the running section's region, or null while the timer is re-read: the machine
 * has left the section's states then, and learns from the server's answer where it is.
 */
function phaseOf(snapshot: ExamSnapshot, section: ExamSection): SectionPhase | null {
  if (snapshot.matches('refreshing')) return null;
  if (section === 'reading') return 'running';
  for (const phase of ['endingSection', 'ended', 'advancing'] as const) {
    if (snapshot.matches({ active: { session: { [section]: phase } } })) {
      return phase === 'endingSection' ? 'ending' : phase;
    }
  }
  return 'running';
}

function dialogOf(snapshot: ExamSnapshot): ExamDialog {
  if (snapshot.matches({ active: { session: { listening: { running: 'confirming' } } } })) return 'endSection';
  if (snapshot.matches({ active: { session: { written: { running: 'confirming' } } } })) return 'endSection';
  if (snapshot.matches({ active: { session: { reading: { running: 'confirming' } } } })) return 'finish';
  if (snapshot.matches({ active: { session: { listening: { ended: 'confirming' } } } })) return 'continue';
  if (snapshot.matches({ active: { session: { written: { ended: 'confirming' } } } })) return 'continue';
  return null;
}

/** Which of the page's screens a snapshot shows: the loader, the error, the start, the questions or the finish. */
function screenKind(snapshot: ExamSnapshot): 'loading' | 'error' | 'start' | 'finish' | 'exam' {
  if (snapshot.matches('loading') || snapshot.matches('resuming')) return 'loading';
  if (snapshot.matches('error')) return 'error';
  if (snapshot.matches('ready') || snapshot.matches('starting') || snapshot.matches('startFailed')) return 'start';
  if (snapshot.matches('finished')) return 'finish';
  return 'exam';
}

/**
 * The screen the exam page shows for a snapshot of the exam machine. While the timer is re-read
 * the section's phase is `phaseBefore`, the one shown before the page went away.
 */
export function examScreenState(snapshot: ExamSnapshot, phaseBefore: SectionPhase = 'running'): ExamScreenState {
  const { context } = snapshot;
  const kind = screenKind(snapshot);
  if (kind === 'loading') return { screen: 'loading' };
  if (kind === 'error') return { screen: 'error', problem: context.loadProblem };
  if (kind === 'start') {
    return {
      screen: 'start',
      starting: snapshot.matches('starting'),
      startFailed: snapshot.matches('startFailed'),
      confirming: snapshot.matches({ ready: 'confirming' }),
    };
  }
  if (kind === 'finish') {
    const finishedElsewhere = context.finishedElsewhere;
    if (snapshot.matches({ finished: 'submitting' })) return { screen: 'finishing', finishedElsewhere };
    if (snapshot.matches({ finished: 'scoreFailed' })) return { screen: 'scoreFailed', finishedElsewhere };
    return context.score ? { screen: 'finished', score: context.score, finishedElsewhere } : { screen: 'finishing', finishedElsewhere };
  }
  const section = context.section;
  const entry = entryAt(snapshot, context.index);
  const pages = QUESTION_INDEXES.filter((p) => isInSection(p, section));
  const unanswered = pages.filter((p) => context.answers[p] === undefined);
  const firstShown = entry.kind === 'question' ? entry.index : null;
  return {
    screen: 'exam',
    run: {
      section,
      sectionName: SECTION_DISPLAY_NAMES[section],
      phase: phaseOf(snapshot, section) ?? phaseBefore,
      refreshing: snapshot.matches('refreshing'),
      dialog: dialogOf(snapshot),
      index: context.index,
      entry,
      shown:
        entry.kind === 'question'
          ? entry.shownIndexes.flatMap((i) => {
              const e = entryAt(snapshot, i);
              return e.kind === 'question' ? [{ page: e.index, number: e.number, question: e.question }] : [];
            })
          : [],
      answers: context.answers,
      marked: context.marked,
      answeredCount: pages.length - unanswered.length,
      questionCount: pages.length,
      unansweredNumbers: unanswered.map(numberOf),
      markedNumbers: context.marked.filter((p) => isInSection(p, section)).map(numberOf),
      newerNumbers: context.newerPages.map(numberOf),
      notCounted: context.notCounted.map((n) => {
        const of = sectionOfQuestionPage(n.page);
        return { number: numberOf(n.page), sectionName: of ? SECTION_DISPLAY_NAMES[of] : '', reason: n.reason };
      }),
      secondsLeft: context.secondsLeft,
      syncStatus: context.syncStatus,
      canPrev: snapshot.can({ type: 'user.prev' }),
      canNext: snapshot.can({ type: 'user.next' }),
      canAnswer: firstShown !== null && snapshot.can({ type: 'user.answer', page: firstShown, answer: '1' }),
      canAskEnd: snapshot.can({ type: 'user.askEnd' }),
      // Any other clickable index of the section: the grid is live exactly when this holds.
      canGoto: snapshot.can({ type: 'user.goto', index: context.index === pages[0] ? (pages[1] ?? 0) : (pages[0] ?? 0) }),
    },
  };
}

/**
 * The listening clip whose actor is stopped while the timer is re-read (the page came back): its
 * player's place is held until the next actor starts, played or not.
 */
export function heldClipOf(snapshot: ExamSnapshot): 'played' | 'unplayed' | null {
  const clip = snapshot.matches('refreshing') ? openClipOf(snapshot.context) : null;
  if (!clip) return null;
  return clip.played ? 'played' : 'unplayed';
}

/**
 * The snapshot the page shows and its screen. A move to another screen is drawn in a transition,
 * which React renders in slices: drawn at once, the start screen was one task of about 40 ms
 * (160 ms on a phone four times slower) after the questions arrived, and the first question
 * screen as long, blocking taps meanwhile. The machine, which keeps the answers and the clock,
 * moves at once; only the new screen's picture may come a frame later. Within a screen the
 * picture follows at once: its answers are controlled radios, and one drawn from the older
 * snapshot would undo the tap for a frame.
 */
export function useShownScreen(snapshot: ExamSnapshot): { shown: ExamSnapshot; state: ExamScreenState } {
  const deferred = useDeferredValue(snapshot);
  const shown = screenKind(deferred) === screenKind(snapshot) ? snapshot : deferred;
  // While the timer is re-read the screen stays as it was under its dialog: a section that had
  // ended does not flash its questions, and the page keeps where the learner had scrolled to.
  const [phaseBefore, setPhaseBefore] = useState<SectionPhase>('running');
  const phase = phaseOf(shown, shown.context.section);
  if (phase !== null && phase !== phaseBefore) setPhaseBefore(phase);
  const state = useMemo(() => examScreenState(shown, phaseBefore), [shown, phaseBefore]);
  return { shown, state };
}

/** '1-3, 7, 9' for a sorted list of question numbers. */
export function formatNumbers(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(j > i ? `${sorted[i]}-${sorted[j]}` : String(sorted[i]));
    i = j + 1;
  }
  return parts.join(', ');
}
