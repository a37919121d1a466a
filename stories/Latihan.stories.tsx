import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  demoCorrect,
  demoListeningItem,
  demoNotebook,
  demoPlan,
  demoStructureItem,
  demoWrong,
  practiceHandlers,
} from '../src/api/mocks/practice.handlers.ts';
import { DrillFinishedView, DrillQuestionView } from '../src/features/practice/components/DrillView.tsx';
import { NOTEBOOK_PAGE_SIZE } from '../src/features/practice/components/NotebookView.tsx';
import { NotebookScreen, PlanScreen, PracticeRoute } from '../src/features/practice/components/PracticeScreens.tsx';
import { t } from '../src/i18n/id.ts';

const P = t.practice;

const meta = {
  title: 'Screens/Latihan',
  component: PracticeRoute,
  parameters: { route: '/latihan', msw: [practiceHandlers.home()] },
} satisfies Meta<typeof PracticeRoute>;

export default meta;
type Story = StoryObj<typeof meta>;

export const HomeLoading: Story = {
  parameters: { msw: [practiceHandlers.homePending()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(P.loading);
  },
};

export const HomeEmpty: Story = {
  parameters: { msw: [practiceHandlers.home({ reviewDue: 0, notebookCount: 0, mastery: [], plan: null })] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(P.reviewToday(0))).toBeVisible();
    await expect(canvas.getByText(P.reviewNone)).toBeVisible();
    await expect(canvas.getByText(P.masteryEmpty)).toBeVisible();
    await expect(canvas.getByRole('link', { name: P.makePlan })).toHaveAttribute('href', '/latihan/rencana');
    await expect(canvas.queryByRole('link', { name: P.startReview })).toBeNull();
  },
};

export const HomeWithReviewsDue: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(P.reviewToday(7))).toBeVisible();
    await expect(canvas.getByRole('link', { name: P.startReview })).toHaveAttribute('href', '/latihan/review');
    const table = canvas.getByRole('table', { name: P.masteryTitle });
    const rows = within(table).getAllByRole('row');
    await expect(rows).toHaveLength(4);
    // Weakest judged skill first, the not yet judged one last.
    await expect(rows[0]).toHaveTextContent('25% (2/8)');
    await expect(rows[3]).toHaveTextContent(P.masteryNotJudged(3));
    await expect(within(table).getByText('25% (2/8)')).toBeVisible();
    await expect(within(table).getByText(P.masteryNotJudged(3))).toBeVisible();
    await expect(canvas.getByText(P.planProgress(12, 35))).toBeVisible();
    await expect(canvas.getByRole('link', { name: t.participantNav.latihan })).toHaveAttribute('aria-current', 'page');
  },
};

/** /latihan?skill=…: the screen draws a drill, the learner answers, the server's grading shows. */
export const DrillAnsweredThroughTheScreen: Story = {
  parameters: { route: '/latihan?skill=st-subject-verb', msw: [practiceHandlers.drill(), practiceHandlers.answer()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(P.progress(1, 2))).toBeVisible();
    await expect(canvas.getByRole('button', { name: P.answer })).toBeDisabled();
    await userEvent.click(canvas.getByRole('radio', { name: /\(A\) the Wright brothers made/ }));
    await userEvent.click(canvas.getByRole('button', { name: P.answer }));
    await expect(await canvas.findByText(P.correct)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: P.next }));
    await expect(await canvas.findByText(P.progress(2, 2))).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: /\(A\)/ }));
    await userEvent.click(canvas.getByRole('button', { name: P.answer }));
    await expect(await canvas.findByText(P.wrong)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: P.finish }));
    await expect(await canvas.findByText(P.finishedScore(1, 2))).toBeVisible();
  },
};

const question = {
  title: 'Skill 16: Subjek dan kata kerja',
  index: 0,
  total: 10,
  submitting: false,
  error: null,
  onSelect: fn(),
  onSubmit: fn(),
  onNext: fn(),
};

export const DrillQuestion: StoryObj<typeof DrillQuestionView> = {
  render: () => <DrillQuestionView {...question} item={demoStructureItem} selected={null} feedback={null} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(P.progress(1, 10))).toBeVisible();
    await expect(canvas.getAllByRole('radio')).toHaveLength(4);
    await expect(canvas.getByRole('button', { name: P.answer })).toBeDisabled();
    await expect(canvas.queryByText(P.explanation)).toBeNull();
  },
};

export const FeedbackCorrect: StoryObj<typeof DrillQuestionView> = {
  render: () => <DrillQuestionView {...question} item={demoStructureItem} selected="1" feedback={demoCorrect} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(P.correct)).toBeVisible();
    await expect(canvas.getByText(P.keyIs('A'))).toBeVisible();
    await expect(canvas.getByText(/subjek dan kata kerja utama/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: P.next })).toBeVisible();
  },
};

export const FeedbackWrongListening: StoryObj<typeof DrillQuestionView> = {
  render: () => <DrillQuestionView {...question} index={9} item={demoListeningItem} selected="1" feedback={demoWrong} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(P.wrong)).toBeVisible();
    await expect(canvas.getByText(P.keyIs('B'))).toBeVisible();
    await expect(canvas.getByText(P.transcript)).toBeVisible();
    await expect(canvas.getByText(/Muncul lagi|akan muncul lagi/)).toBeVisible();
    await expect(canvas.getByLabelText(P.audioLabel)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: P.finish })).toBeVisible();
  },
};

export const DrillFinished: StoryObj<typeof DrillFinishedView> = {
  render: () => <DrillFinishedView title="Skill 16: Subjek dan kata kerja" correct={6} total={10} onAgain={fn()} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(P.finishedScore(6, 10))).toBeVisible();
    await expect(canvas.getByText(P.finishedMissed)).toBeVisible();
    await expect(canvas.getByRole('link', { name: P.openNotebook })).toHaveAttribute('href', '/latihan/buku-kesalahan');
  },
};

export const NotebookEmpty: StoryObj<typeof NotebookScreen> = {
  render: () => <NotebookScreen />,
  parameters: { route: '/latihan/buku-kesalahan', msw: [practiceHandlers.notebook({ due: 0, entries: [] })] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(P.notebookEmpty)).toBeVisible();
    await expect(canvas.getByText(P.reviewToday(0))).toBeVisible();
  },
};

export const NotebookWithEntries: StoryObj<typeof NotebookScreen> = {
  render: () => <NotebookScreen />,
  parameters: { route: '/latihan/buku-kesalahan', msw: [practiceHandlers.notebook()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: P.notebookTitle });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await expect(within(list).getAllByText(P.notebookDue)).toHaveLength(2);
    await expect(canvas.getByRole('link', { name: P.startReview })).toBeVisible();
  },
};

/** One exam's mistakes: 45 entries, shown 20 at a time. */
const manyEntries = Array.from({ length: 45 }, (_, i) => ({
  ...demoNotebook.entries[i % demoNotebook.entries.length]!,
  item: `q-${1000 + i}`,
}));

export const NotebookPaged: StoryObj<typeof NotebookScreen> = {
  render: () => <NotebookScreen />,
  parameters: { route: '/latihan/buku-kesalahan', msw: [practiceHandlers.notebook({ due: 30, entries: manyEntries })] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: P.notebookTitle });
    await expect(canvas.getByText(P.notebookCount(45))).toBeVisible();
    await expect(within(list).getAllByRole('listitem')).toHaveLength(NOTEBOOK_PAGE_SIZE);
    await userEvent.click(canvas.getByRole('button', { name: t.pagination.page(3) }));
    await expect(within(canvas.getByRole('list', { name: P.notebookTitle })).getAllByRole('listitem')).toHaveLength(
      45 - 2 * NOTEBOOK_PAGE_SIZE,
    );
    await userEvent.click(canvas.getByRole('button', { name: t.pagination.previous }));
    await expect(within(canvas.getByRole('list', { name: P.notebookTitle })).getAllByRole('listitem')).toHaveLength(NOTEBOOK_PAGE_SIZE);
  },
};

export const PlanForm: StoryObj<typeof PlanScreen> = {
  render: () => <PlanScreen />,
  parameters: { route: '/latihan/rencana', msw: [practiceHandlers.plan(null), practiceHandlers.savePlan()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText(new RegExp(P.targetScore.replace(/[()]/g, '.')))).toHaveValue('500');
    await expect(canvas.getByLabelText(new RegExp(P.examDate))).toBeVisible();
    await expect(canvas.getByRole('button', { name: P.savePlan })).toBeVisible();
  },
};

export const PlanShown: StoryObj<typeof PlanScreen> = {
  render: () => <PlanScreen />,
  parameters: { route: '/latihan/rencana', msw: [practiceHandlers.plan(demoPlan)] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const weeks = await canvas.findByRole('list', { name: P.planTitle });
    await expect(within(weeks).getAllByRole('listitem')).toHaveLength(4);
    await expect(canvas.getByText(P.planProgress(12, 35))).toBeVisible();
    await expect(canvas.getByText(P.planFrom(457))).toBeVisible();
    await expect(within(weeks).getAllByText(P.weekLoad(70, 35))).toHaveLength(4);
  },
};
