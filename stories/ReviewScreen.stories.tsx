import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { demoReview, resultsHandlers } from '../src/api/mocks/results.handlers.ts';
import { ReviewScreen } from '../src/features/results/components/ReviewScreen.tsx';
import { REVIEW_DURING_EXAM } from '../contract/results.ts';
import { t } from '../src/i18n/id.ts';
import { inAdminFrame } from './support/AdminFrame.tsx';
import { AdminRoute } from './support/AdminRoute.tsx';

const meta = {
  title: 'Screens/Pembahasan',
  component: ReviewScreen,
  parameters: { route: '/riwayat-ujian/12/pembahasan', msw: [resultsHandlers.review()] },
  render: () => (
    <AdminRoute path="/riwayat-ujian/:id/pembahasan">
      <ReviewScreen />
    </AdminRoute>
  ),
} satisfies Meta<typeof ReviewScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
const T = t.results.review;
/** A listening item's card (numbers restart in every section). */
const listeningCard = async (canvasElement: HTMLElement, no: number) =>
  within(await within(canvasElement).findByRole('region', { name: t.results.sections.listening })).findByRole('article', {
    name: T.number(no),
  });

export const Loading: Story = {
  parameters: { msw: [resultsHandlers.reviewPending()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(T.loading);
  },
};

export const All: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findAllByRole('article')).toHaveLength(6);
    for (const section of ['listening', 'structure', 'written', 'reading'] as const) {
      await expect(canvas.getByRole('region', { name: t.results.sections[section] })).toBeVisible();
    }
    // Listening replays its clip and shows the spoken question; the transcript waits behind a button.
    const listening = canvas.getByRole('region', { name: t.results.sections.listening });
    await expect(within(listening).getByText(T.listeningNote)).toBeVisible();
    await expect(canvas.getByLabelText(T.audioLabel(1))).toHaveAttribute('src', '/api/media/demo/listening-01.mp3');
    await expect(within(await listeningCard(canvasElement, 1)).getByText('What does the man mean?')).toBeVisible();
    await expect(canvas.queryByText(/I wish I could/)?.checkVisibility() ?? false).toBe(false);
    // Every item names its skill.
    await expect(within(await listeningCard(canvasElement, 1)).getByTestId('review-skill')).toHaveTextContent(
      'Skill 3: Saran, tawaran, permintaan',
    );
    await expect(canvas.getAllByTestId('review-skill')).toHaveLength(6);
    // The passage is shown once, before its first question.
    await expect(canvas.getAllByText(T.passage('The Monarch Migration'))).toHaveLength(1);
    await expect(canvas.getByText(/millions of monarch butterflies/)).toBeVisible();
    await expect(canvas.getByText(T.summary(3, 6))).toBeVisible();
    const unanswered = canvas.getByRole('article', { name: T.number(16) });
    await expect(unanswered).toHaveTextContent(T.unanswered);
    await expect(unanswered).toHaveTextContent('Subjek jamak');
  },
};

export const WrongOnly: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByRole('article');
    await userEvent.click(canvas.getByText(T.wrongOnly));
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(3));
    for (const card of canvas.getAllByRole('article')) await expect(card).toHaveAttribute('data-correct', 'false');
    await expect(canvas.queryByRole('region', { name: t.results.sections.structure })).toBeNull();
  },
};

export const NoneWrong: Story = {
  parameters: { msw: [resultsHandlers.review({ ...demoReview, questions: demoReview.questions.filter((q) => q.correct) })] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByRole('article');
    await userEvent.click(canvas.getByText(T.wrongOnly));
    await expect(await canvas.findByText(T.noWrong)).toBeVisible();
  },
};

export const PackageDeleted: Story = {
  parameters: { msw: [resultsHandlers.review({ ...demoReview, questions: [] })] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(T.packageGone)).toBeVisible();
  },
};

export const NotFound: Story = {
  parameters: { msw: [resultsHandlers.reviewNotFound()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(T.notFound);
  },
};

export const LoadError: Story = {
  parameters: { msw: [resultsHandlers.reviewFails()] },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent(T.loadFailed);
    await expect(within(alert).getByRole('button', { name: t.results.history.retry })).toBeVisible();
  },
};

/** A listening item with its transcript opened. */
export const ListeningTranscriptOpen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = within(await listeningCard(canvasElement, 1));
    const toggle = card.getByRole('button', { name: T.showTranscript });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await expect(card.getByRole('button', { name: T.hideTranscript })).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(card.getByText(/I wish I could, but my paper is due tomorrow/)).toBeVisible());
    // Only this item's transcript opens.
    const other = within(await listeningCard(canvasElement, 2));
    await expect(other.getByRole('button', { name: T.showTranscript })).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByText(/Have you finished the report yet/)?.checkVisibility() ?? false).toBe(false);
  },
};

/** The replay switched to 0.75x: that clip slows, the others keep normal speed. */
export const ReplaySlow: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = within(await listeningCard(canvasElement, 2));
    await userEvent.click(card.getByText(T.speedSlow));
    const slow = card.getByLabelText<HTMLAudioElement>(T.audioLabel(2));
    await waitFor(() => expect(slow.playbackRate).toBe(0.75));
    await expect(slow.defaultPlaybackRate).toBe(0.75);
    await expect(canvas.getByLabelText<HTMLAudioElement>(T.audioLabel(1)).playbackRate).toBe(1);
  },
};

/** Opened from the diagnosis with ?skill=: only that skill's items; clearing the filter shows all again. */
export const FilteredBySkill: Story = {
  parameters: { route: '/riwayat-ujian/12/pembahasan?skill=la-inference' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(1));
    const only = canvas.getByRole('article', { name: T.number(2) });
    await expect(within(only).getByTestId('review-skill')).toHaveTextContent('Skill 4: Makna tersirat');
    await expect(canvas.getByRole('combobox', { name: T.skillFilter })).toHaveValue('4. Makna tersirat');
    await expect(canvas.getByText(T.summary(1, 1))).toBeVisible();
    // The list offers only the skills of this attempt.
    await userEvent.click(canvas.getByRole('combobox', { name: T.skillFilter }));
    const listbox = await within(canvasElement.ownerDocument.body).findByRole('listbox');
    await expect(within(listbox).getAllByRole('option')).toHaveLength(5);
    await userEvent.click(within(listbox).getByRole('option', { name: '24. Bentuk kata kerja' }));
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(1));
    await expect(canvas.getByRole('article', { name: T.number(1) })).toHaveAttribute('data-correct', 'true');
  },
};

/** A skill the attempt does not contain: a clear message, and one click back to every item. */
export const FilteredNoneMatching: Story = {
  parameters: { route: '/riwayat-ujian/12/pembahasan?skill=rd-detail' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(T.noneForSkill)).toBeVisible();
    await expect(canvas.queryAllByRole('article')).toHaveLength(0);
    await expect(canvas.getByRole('combobox', { name: T.skillFilter })).toHaveValue('36. Detail tersurat');
    await userEvent.click(canvas.getByRole('button', { name: T.clearSkill }));
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(6));
    await expect(canvas.getByRole('combobox', { name: T.skillFilter })).toHaveValue('');
  },
};

/** A retake of this package is running: the server's reason, not a generic failure. */
export const DuringExam: Story = {
  parameters: { msw: [resultsHandlers.reviewDuringExam()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(REVIEW_DURING_EXAM);
  },
};

/** An admin opens a learner's review from Riwayat Ujian: the same screen inside the admin frame. */
export const FromAdminHistory: Story = {
  parameters: { route: '/admin/riwayat-ujian/12/pembahasan' },
  decorators: [inAdminFrame],
  render: () => (
    <AdminRoute path="/admin/riwayat-ujian/:id/pembahasan">
      <ReviewScreen />
    </AdminRoute>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findAllByRole('article')).toHaveLength(6);
    await expect(canvas.getByRole('navigation', { name: t.admin.layout.navLabel })).toBeInTheDocument();
  },
};
