import type { SnapshotFrom } from 'xstate';
import type { ExamQuestion, ScoreResult } from '../../../contract/exam.ts';
import {
  nextIndex,
  prevIndex,
  isInSection,
  SECTION_DISPLAY_NAMES,
  type ExamEntry,
  type ExamSection,
} from '../../../machines/exam-layout.ts';
import type { ExamAnswers, ExamMachine, SyncStatus } from '../../../machines/exam.machine.ts';

export type ExamSnapshot = SnapshotFrom<ExamMachine>;

/** Where a running section is: answering, waiting for the server, or over ('Telah Berakhir'). */
export type SectionPhase = 'running' | 'ending' | 'ended' | 'advancing' | 'refreshing';

/** Everything the question screen shows, derived from one snapshot. */
export interface ExamRunState {
  section: ExamSection;
  sectionName: string;
  phase: SectionPhase;
  index: number;
  entry: ExamEntry<ExamQuestion>;
  /** The questions shown on this item's screen: a listening group's four, else the entry's own. */
  shown: { page: number; number: number; question: ExamQuestion }[];
  answers: ExamAnswers;
  secondsLeft: number;
  syncStatus: SyncStatus;
  canPrev: boolean;
  canNext: boolean;
}

export type ExamScreenState =
  | { screen: 'loading' }
  | { screen: 'error'; problem: string | null }
  | { screen: 'start'; starting: boolean; startFailed: boolean }
  | { screen: 'exam'; run: ExamRunState }
  | { screen: 'finishing' }
  | { screen: 'scoreFailed' }
  | { screen: 'finished'; score: ScoreResult };

/**
 * loadExam hands the machine the server's question rows and the machine keeps those very objects
 * in its entries, so an entry's question is the full row the view renders.
 */
function entryAt(snapshot: ExamSnapshot, index: number): ExamEntry<ExamQuestion> {
  return snapshot.context.entries[index] as ExamEntry<ExamQuestion>;
}

/** The sub-state of the running section's region, or `refreshing` while the timer is re-read. */
function phaseOf(snapshot: ExamSnapshot, section: ExamSection): SectionPhase {
  if (snapshot.matches('refreshing')) return 'refreshing';
  for (const phase of ['ending', 'ended', 'advancing'] as const) {
    const state = phase === 'ending' ? 'endingSection' : phase;
    if (snapshot.matches({ active: { session: { [section]: state } } })) return phase;
  }
  return 'running';
}

/** The screen the exam page shows for a snapshot of the exam machine. */
export function examScreenState(snapshot: ExamSnapshot): ExamScreenState {
  const { context } = snapshot;
  if (snapshot.matches('loading') || snapshot.matches('resuming')) return { screen: 'loading' };
  if (snapshot.matches('error')) return { screen: 'error', problem: context.loadProblem };
  if (snapshot.matches('ready') || snapshot.matches('starting') || snapshot.matches('startFailed')) {
    return { screen: 'start', starting: snapshot.matches('starting'), startFailed: snapshot.matches('startFailed') };
  }
  if (snapshot.matches({ finished: 'submitting' })) return { screen: 'finishing' };
  if (snapshot.matches({ finished: 'scoreFailed' })) return { screen: 'scoreFailed' };
  if (snapshot.matches('finished')) {
    return context.score ? { screen: 'finished', score: context.score } : { screen: 'finishing' };
  }
  const section = context.section;
  const next = nextIndex(context.index);
  const prev = prevIndex(context.index);
  const entry = entryAt(snapshot, context.index);
  return {
    screen: 'exam',
    run: {
      section,
      sectionName: SECTION_DISPLAY_NAMES[section],
      phase: phaseOf(snapshot, section),
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
      secondsLeft: context.secondsLeft,
      syncStatus: context.syncStatus,
      canPrev: prev !== null && isInSection(prev, section),
      canNext: next !== null && isInSection(next, section),
    },
  };
}
