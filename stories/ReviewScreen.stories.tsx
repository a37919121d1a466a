import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { demoReview, resultsHandlers } from '../src/api/mocks/results.handlers.ts';
import { ReviewScreen } from '../src/features/results/components/ReviewScreen.tsx';
import { t } from '../src/i18n/id.ts';
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
    // Listening shows options only, no audio.
    const listening = canvas.getByRole('region', { name: t.results.sections.listening });
    await expect(within(listening).getByText(T.listeningNote)).toBeVisible();
    await expect(canvasElement.querySelector('audio')).toBeNull();
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
