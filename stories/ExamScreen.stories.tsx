import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AudioOncePlayerView, type AudioOnceStatus } from '../src/components/AudioOncePlayerView.tsx';
import { ExamView, type ExamViewProps } from '../src/features/exam/components/ExamView.tsx';
import { laterViews } from '../src/features/exam/components/later-views.ts';
import { examScreenState, type ExamSnapshot, type SectionPhase } from '../src/features/exam/exam-view-model.ts';
import { t } from '../src/i18n/id.ts';
import { examSnapshot, PAKET, STARTED, TO_READING, TO_WRITTEN, type ExamScript, type Step } from './support/exam-snapshots.ts';

/**
 * The exam page, one story per state. Every story's screen comes from a real exam-machine
 * snapshot (stories/support/exam-snapshots.ts) reached by the events the page itself sends.
 */

interface ExamStoryArgs extends Omit<ExamViewProps, 'state' | 'audio'> {
  audioStatus?: AudioOnceStatus;
  /** The section's phase the page showed before the timer was re-read (useShownScreen keeps it). */
  phaseBefore?: SectionPhase;
}

const E = t.exam;
const body = () => within(document.body);

const meta = {
  title: 'Screens/Exam',
  parameters: { route: `/simulasi-toefl/${PAKET.id}` },
  // The page fetches the question and finish screens before the machine can reach them (useExamRunner).
  loaders: [async () => ({ views: await laterViews.load() })],
  args: {
    paket: PAKET,
    onAskStart: fn(),
    onAskFinish: fn(),
    onAskContinue: fn(),
    onConfirm: fn(),
    onCancel: fn(),
    onDismissStartFailure: fn(),
    onRetry: fn(),
    onAnswer: fn(),
    onMark: fn(),
    onDismissNotice: fn(),
    onPrev: fn(),
    onNext: fn(),
    onGoto: fn(),
    onDownload: fn(),
    onCloseDownloadError: fn(),
  },
  render: ({ audioStatus, phaseBefore, ...args }, { loaded }) => {
    const snapshot = (loaded as { snapshot: ExamSnapshot }).snapshot;
    const audio = audioStatus ? (
      <AudioOncePlayerView
        status={audioStatus}
        progress={audioStatus === 'played' ? 1 : audioStatus === 'loading' ? 0 : 0.4}
        position={24}
        reason="leave"
        onPlay={fn()}
        onRetry={fn()}
      />
    ) : undefined;
    return <ExamView {...args} state={examScreenState(snapshot, phaseBefore)} audio={audio} />;
  },
} satisfies Meta<ExamStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const at = (steps: Step[], script: ExamScript = {}) => [async () => ({ snapshot: await examSnapshot(script, steps) })];

export const Loading: Story = {
  loaders: at([], { load: 'pending' }),
  play: async () => {
    await expect(await body().findByText(E.loading)).toBeVisible();
  },
};

export const LoadError: Story = {
  loaders: at([{ type: 'until', state: 'error' }], { load: 'fail' }),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(E.loadError)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: E.retry }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const Start: Story = {
  loaders: at([{ type: 'until', state: 'ready' }]),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    for (const s of E.start.sections) await expect(canvas.getByText(s.title)).toBeVisible();
    await expect(canvas.getByText(E.start.minutes(35))).toBeVisible();
    await expect(canvas.getByText(E.start.minutes(55))).toBeVisible();
    await expect(canvas.getByText(E.start.legendAnswered)).toBeVisible();
    // The legend's squares are small squares, not the grid's 40 px cells they borrow their look from.
    for (const square of canvasElement.querySelectorAll('.exam-legend')) {
      const { width, height } = square.getBoundingClientRect();
      await expect(height).toBe(width);
    }
    await userEvent.click(canvas.getByRole('button', { name: E.start.button }));
    await expect(args.onAskStart).toHaveBeenCalled();
  },
};

/** A learner with a time factor of 1,5×: each section shows its extended minutes and the package's own. */
export const StartExtended: Story = {
  loaders: at([{ type: 'until', state: 'ready' }]),
  args: { paket: { ...PAKET, faktor_waktu_persen: 150 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('exam-duration-1')).toHaveTextContent('53 menit (diperpanjang dari 35)');
    await expect(canvas.getByTestId('exam-duration-2')).toHaveTextContent('38 menit (diperpanjang dari 25)');
    await expect(canvas.getByTestId('exam-duration-3')).toHaveTextContent('83 menit (diperpanjang dari 55)');
  },
};

export const StartConfirm: Story = {
  loaders: at([{ type: 'until', state: 'ready' }, { type: 'user.askStart' }]),
  play: async ({ args }) => {
    const dialog = await body().findByRole('dialog', { name: E.start.confirmTitle });
    await expect(within(dialog).getByText(E.start.confirmText)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: E.start.confirmYes }));
    await expect(args.onConfirm).toHaveBeenCalled();
    await expect(within(dialog).getByRole('button', { name: E.start.cancel })).toBeVisible();
  },
};

export const StartFailed: Story = {
  loaders: at(
    [{ type: 'until', state: 'ready' }, { type: 'user.askStart' }, { type: 'user.start' }, { type: 'until', state: 'startFailed' }],
    {
      start: 'fail',
    },
  ),
  play: async () => {
    const dialog = await body().findByRole('dialog', { name: E.start.failTitle });
    await expect(within(dialog).getByText(E.start.failText)).toBeVisible();
  },
};

export const IntroListening: Story = {
  loaders: at(STARTED),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: `${E.header.session}LISTENING COMPREHENSION` })).toBeVisible();
    await expect(canvas.getByText(E.intro.listening.title)).toBeVisible();
    await expect(canvas.getByRole('timer')).toHaveTextContent('00:35:00');
    await expect(canvas.queryByRole('button', { name: E.nav.prev })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: E.nav.next }));
    await expect(args.onNext).toHaveBeenCalled();
    await expect(canvas.getByRole('button', { name: E.nav.gridInstruction('I1') })).toHaveAttribute('aria-current', 'step');
  },
};

export const IntroStructure: Story = {
  loaders: at(TO_WRITTEN),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(E.intro.structure.title)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: E.nav.prev })).toBeNull();
    await expect(canvas.getByRole('button', { name: E.nav.gridInstruction('I2') })).toBeVisible();
  },
};

export const IntroWritten: Story = {
  loaders: at([...TO_WRITTEN, { type: 'user.goto', index: 67 }]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(E.intro.written.title)).toBeVisible();
    await expect(canvas.getByText(E.intro.written.examples[1].title)).toBeVisible();
    await expect(canvasElement.querySelectorAll('.we-letter')).toHaveLength(8);
    await expect(canvas.getByRole('button', { name: E.nav.prev })).toBeVisible();
  },
};

export const IntroReading: Story = {
  loaders: at(TO_READING),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(E.intro.reading.sampleTitle)).toBeVisible();
    await expect(canvas.getByText(E.intro.reading.examples[0].question)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: E.nav.prev })).toBeNull();
  },
};

const LISTENING_1: Step[] = [...STARTED, { type: 'user.next' }, { type: 'user.answer', page: 2, answer: '1' }];

export const ListeningQuestion: Story = {
  args: { audioStatus: 'ready' },
  loaders: at([...LISTENING_1, { type: 'user.answer', page: 1, answer: '3' }]),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(E.question.numberOf(1))).toBeVisible();
    await expect(canvas.getByRole('radio', { name: /^C\. / })).toBeChecked();
    await expect(canvas.getByRole('button', { name: E.nav.gridItem('1', true) })).toHaveAttribute('aria-current', 'step');
    await expect(canvas.getByRole('button', { name: E.nav.gridItem('2', true) })).toBeVisible();
    await userEvent.keyboard('b');
    await expect(args.onAnswer).toHaveBeenCalledWith(1, '2');
    await userEvent.keyboard('{ArrowRight}');
    await expect(args.onNext).toHaveBeenCalled();
  },
};

export const ListeningGroup: Story = {
  args: { audioStatus: 'ready' },
  loaders: at([...STARTED, { type: 'user.goto', index: 31 }, { type: 'user.answer', page: 33, answer: '4' }]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const n of [31, 32, 33, 34]) await expect(canvas.getByText(E.question.numberOf(n))).toBeVisible();
    await expect(canvas.getByText(E.question.groupHint(31, 34))).toBeVisible();
    await expect(canvas.getAllByTestId('audio-once')).toHaveLength(1);
    // Grouped numbers are shown but cannot be opened on their own.
    await expect(canvas.getByRole('button', { name: `${E.nav.gridItem('33', true)}, ${E.nav.gridGrouped}` })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

export const AudioIdle: Story = {
  args: { audioStatus: 'idle' },
  loaders: at(LISTENING_1),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('audio-once')).toHaveAttribute('data-status', 'idle');
  },
};

export const AudioLoading: Story = {
  args: { audioStatus: 'loading' },
  loaders: at(LISTENING_1),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(t.audioOnce.loading)).toBeVisible();
  },
};

export const AudioPlaying: Story = {
  args: { audioStatus: 'playing' },
  loaders: at(LISTENING_1),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(t.audioOnce.playing)).toBeVisible();
  },
};

export const AudioLocked: Story = {
  args: { audioStatus: 'played' },
  loaders: at(LISTENING_1),
  play: async ({ canvasElement }) => {
    const lock = within(canvasElement).getByRole('button', { name: t.audioOnce.onlyOnce });
    await expect(lock).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(lock);
    await expect(await body().findByRole('tooltip')).toHaveTextContent(t.audioOnce.onlyOnce);
  },
};

export const StructureQuestion: Story = {
  loaders: at([...TO_WRITTEN, { type: 'user.next' }]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: `${E.header.session}STRUCTURE AND WRITTEN EXPRESSION` })).toBeVisible();
    await expect(canvas.getByText(/The museum, ____ in 1890/)).toBeVisible();
    await expect(canvas.getAllByRole('radio')).toHaveLength(4);
  },
};

export const WrittenQuestion: Story = {
  loaders: at([...TO_WRITTEN, { type: 'user.goto', index: 68 }, { type: 'user.answer', page: 68, answer: '3' }]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(E.question.numberOf(16))).toBeVisible();
    await expect(canvasElement.querySelectorAll('.exam-question .we-part')).toHaveLength(4);
    await expect(canvas.getByRole('radio', { name: 'C. have grown' })).toBeChecked();
  },
};

export const ReadingQuestion: Story = {
  loaders: at([...TO_READING, { type: 'user.next' }]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: `${E.question.passage}: Passage 1 — Coral Reefs` })).toBeVisible();
    await expect(canvas.getByText(/what happens when the water grows too warm/)).toBeVisible();
  },
};

export const LowTime: Story = {
  loaders: at([...STARTED, { type: 'clock', ms: (35 * 60 - 59) * 1000 }, { type: 'timer.tick' }]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('timer')).toHaveTextContent('00:00:59');
    await expect(canvas.getByText(E.header.announceMinutes(1))).toBeInTheDocument();
  },
};

export const TimeUp: Story = {
  loaders: at([...STARTED, { type: 'clock', ms: 35 * 60 * 1000 }, { type: 'timer.tick' }]),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: E.section.ended('LISTENING COMPREHENSION') })).toBeVisible();
    await expect(canvas.getByRole('timer')).toHaveTextContent('00:00:00');
    await expect(canvas.getByRole('button', { name: E.header.finish })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: E.section.continue }));
    await expect(args.onAskContinue).toHaveBeenCalled();
  },
};

/** Back from another app after the section ended: the end stays on screen under the dialog. */
export const RefreshingAfterTheEnd: Story = {
  args: { phaseBefore: 'ended' },
  loaders: at([...STARTED, { type: 'clock', ms: 35 * 60 * 1000 }, { type: 'timer.tick' }, { type: 'page.visible' }], {
    refresh: 'pending',
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await body().findByRole('dialog', { name: E.section.refreshing })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: E.section.ended('LISTENING COMPREHENSION'), hidden: true })).toBeInTheDocument();
    await expect(canvas.queryByRole('navigation', { name: E.nav.grid, hidden: true })).toBeNull();
  },
};

export const ContinueDialog: Story = {
  loaders: at([
    ...STARTED,
    { type: 'user.answer', page: 1, answer: '2' },
    { type: 'user.mark', page: 1 },
    { type: 'user.askEnd' },
    { type: 'user.endSection' },
    { type: 'until', state: { active: { session: { listening: 'ended' } } } },
    { type: 'user.askContinue' },
  ]),
  play: async () => {
    const dialog = await body().findByRole('dialog', { name: E.section.continueTitle });
    await expect(within(dialog).getByRole('button', { name: E.section.continueYes })).toBeVisible();
    await expect(within(dialog).getByTestId('exam-dialog-unanswered')).toHaveTextContent(E.section.unanswered('2-50'));
    await expect(within(dialog).getByTestId('exam-dialog-marked')).toHaveTextContent(E.section.marked('1'));
  },
};

/** Selesai lists what is still open in the section: unanswered and 'ragu-ragu' numbers. */
export const EndSectionDialog: Story = {
  loaders: at([
    ...LISTENING_1,
    { type: 'user.answer', page: 3, answer: '4' },
    { type: 'user.mark', page: 3 },
    { type: 'user.mark', page: 7 },
    { type: 'user.askEnd' },
  ]),
  play: async ({ args }) => {
    const dialog = await body().findByRole('dialog', { name: E.section.endTitle });
    await expect(within(dialog).getByText(E.section.endText, { exact: false })).toBeVisible();
    await expect(within(dialog).getByTestId('exam-dialog-unanswered')).toHaveTextContent(E.section.unanswered('1, 4-50'));
    await expect(within(dialog).getByTestId('exam-dialog-marked')).toHaveTextContent(E.section.marked('3, 7'));
    await userEvent.click(within(dialog).getByRole('button', { name: E.section.cancel }));
    await expect(args.onCancel).toHaveBeenCalled();
  },
};

export const FinishDialog: Story = {
  loaders: at([...TO_READING, { type: 'user.next' }, { type: 'user.askEnd' }]),
  play: async () => {
    const dialog = await body().findByRole('dialog', { name: E.section.finishTitle });
    await expect(within(dialog).getByText(E.section.finishText, { exact: false })).toBeVisible();
    await expect(within(dialog).getByTestId('exam-dialog-unanswered')).toHaveTextContent(E.section.unanswered('1-50'));
  },
};

/** Another device answered question 2 later: this screen shows that answer and says so. */
export const NewerDraft: Story = {
  loaders: at(
    [
      ...STARTED,
      { type: 'user.answer', page: 2, answer: '1' },
      { type: 'user.answer', page: 3, answer: '2' },
      { type: 'user.goto', index: 2 },
      { type: 'until', state: { active: { autosave: 'clean' } } },
    ],
    { save: 'newer' },
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const notice = canvas.getByTestId('exam-notice');
    await expect(notice).toHaveTextContent(E.notice.newerTitle);
    await expect(notice).toHaveTextContent(E.notice.newer('2'));
    await expect(canvas.getByRole('radio', { name: /^D\. / })).toBeChecked();
    await userEvent.click(within(notice).getByRole('button', { name: E.notice.dismiss }));
    await expect(args.onDismissNotice).toHaveBeenCalled();
  },
};

/** The server refused answers (their section had ended): the learner is told which, never a silent drop. */
export const AnswersNotCounted: Story = {
  loaders: at(
    [
      ...STARTED,
      { type: 'user.answer', page: 4, answer: '1' },
      { type: 'user.answer', page: 5, answer: '2' },
      { type: 'until', state: { active: { autosave: 'clean' } } },
    ],
    { save: 'ended' },
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByTestId('exam-not-counted');
    await expect(canvas.getByTestId('exam-notice')).toHaveTextContent(E.notice.notCountedTitle);
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await expect(list).toHaveTextContent(E.notice.notCountedItem('LISTENING COMPREHENSION', 4, E.notice.reasons.ended!));
    await expect(canvas.getByTestId('exam-answered')).toHaveTextContent(E.header.answered(0, 50));
  },
};

/** 'Ragu-ragu' on a question, shown in the grid, and the section's answered count in the bar. */
export const RaguRagu: Story = {
  args: { audioStatus: 'ready' },
  loaders: at([
    ...LISTENING_1,
    { type: 'user.answer', page: 1, answer: '1' },
    { type: 'user.mark', page: 1 },
    { type: 'user.mark', page: 9 },
  ]),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('checkbox', { name: E.question.markLabel(1) })).toBeChecked();
    await expect(canvas.getByRole('button', { name: `${E.nav.gridItem('1', true)}, ${E.nav.gridMarked}` })).toHaveAttribute('data-marked');
    await expect(canvas.getByRole('button', { name: `${E.nav.gridItem('9', false)}, ${E.nav.gridMarked}` })).toBeVisible();
    await expect(canvas.getByTestId('exam-answered')).toHaveTextContent(E.header.answered(2, 50));
    await userEvent.click(canvas.getByRole('checkbox', { name: E.question.markLabel(1) }));
    await expect(args.onMark).toHaveBeenCalledWith(1);
  },
};

/**
 * The exam bar on a phone: one compact row that stays at the top while the page scrolls (set the
 * viewport to a 390 px phone in Storybook; the Chromium journey screenshots it at 390 px).
 */
export const StickyBarPhone: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  loaders: at([...TO_READING, { type: 'user.next' }, { type: 'network.offline' }, { type: 'user.answer', page: 94, answer: '2' }]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bar = canvas.getByTestId('exam-bar');
    await expect(getComputedStyle(bar).position).toBe('sticky');
    await expect(getComputedStyle(bar).top).toBe('0px');
    await expect(within(bar).getByRole('timer')).toBeVisible();
    await expect(within(bar).getByTestId('exam-sync')).toHaveTextContent(E.header.offline);
    await expect(within(bar).getByTestId('exam-answered')).toHaveTextContent(E.header.answered(1, 50));
  },
};

/** Another device finished the attempt: this one ends too and says why. */
export const FinishedElsewhere: Story = {
  loaders: at([...STARTED, { type: 'user.answer', page: 1, answer: '1' }, { type: 'until', state: { finished: 'scored' } }], {
    save: 'finished',
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('exam-finished-elsewhere')).toHaveTextContent(E.notice.finishedElsewhere);
    await expect(canvas.getByTestId('exam-total-score')).toHaveTextContent('513');
  },
};

export const Offline: Story = {
  loaders: at([...LISTENING_1, { type: 'network.offline' }, { type: 'user.answer', page: 1, answer: '2' }]),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('exam-sync')).toHaveTextContent(E.header.offline);
  },
};

export const Saving: Story = {
  loaders: at([...LISTENING_1]),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('exam-sync')).toHaveTextContent(E.header.saving);
  },
};

export const RefreshingTimer: Story = {
  loaders: at([...LISTENING_1, { type: 'page.visible' }], { refresh: 'pending' }),
  play: async () => {
    await expect(await body().findByRole('dialog', { name: E.section.refreshing })).toBeVisible();
  },
};

export const Finishing: Story = {
  loaders: at([...TO_READING, { type: 'user.askEnd' }, { type: 'user.finish' }], { submit: 'pending' }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(E.finish.scoring)).toBeVisible();
  },
};

export const ScoreFailed: Story = {
  loaders: at([...TO_READING, { type: 'user.askEnd' }, { type: 'user.finish' }, { type: 'until', state: { finished: 'scoreFailed' } }], {
    submit: 'fail',
  }),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(E.finish.scoreError);
    await userEvent.click(canvas.getByRole('button', { name: E.finish.retry }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const Finished: Story = {
  loaders: at([...TO_READING, { type: 'user.askEnd' }, { type: 'user.finish' }, { type: 'until', state: { finished: 'scored' } }]),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('exam-total-score')).toHaveTextContent('513');
    await expect(canvas.getByTestId('exam-score-listening')).toHaveTextContent(E.finish.correct(31, 50));
    await expect(canvas.getByTestId('exam-score-written')).toHaveTextContent(E.finish.correct(26, 40));
    await expect(canvas.getByTestId('exam-cefr')).toHaveTextContent('B1');
    await expect(canvas.getByText(E.finish.estimate)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: E.finish.certificate }));
    await expect(args.onDownload).toHaveBeenCalled();
  },
};

export const CertificateFailed: Story = {
  args: { downloadFailed: true },
  loaders: at([...TO_READING, { type: 'user.askEnd' }, { type: 'user.finish' }, { type: 'until', state: { finished: 'scored' } }]),
  play: async () => {
    const dialog = await body().findByRole('dialog', { name: E.finish.certificateErrorTitle });
    await expect(within(dialog).getByText(E.finish.certificateError)).toBeVisible();
  },
};
