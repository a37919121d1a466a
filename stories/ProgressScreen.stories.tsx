import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { demoProgress, resultsHandlers } from '../src/api/mocks/results.handlers.ts';
import { ProgressScreen } from '../src/features/results/components/ProgressScreen.tsx';
import { t } from '../src/i18n/id.ts';

const meta = {
  title: 'Screens/Progres Belajar',
  component: ProgressScreen,
  parameters: { route: '/riwayat-ujian/progres', msw: [resultsHandlers.progress()] },
} satisfies Meta<typeof ProgressScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
const T = t.results.progress;

export const Loading: Story = {
  parameters: { msw: [resultsHandlers.progressPending()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(T.loading);
  },
};

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The total has its own chart; the three sections share another.
    const chart = await canvas.findByRole('img', { name: T.chartLabel });
    await expect(chart.querySelectorAll('.recharts-line').length).toBe(1);
    const sections = canvas.getByRole('img', { name: T.sectionChartLabel });
    await expect(sections.querySelectorAll('.recharts-line').length).toBe(3);
    await expect(canvas.queryByTestId('retake-legend')).toBeNull();
    const cefr = canvas.getAllByRole('listitem');
    await expect(cefr).toHaveLength(3);
    await expect(cefr[2]).toHaveTextContent('533');
    await expect(cefr[2]).toHaveTextContent('B1');
    const table = canvas.getByRole('table', { name: T.diagnosticsTitle });
    await expect(within(table).getAllByRole('row')).toHaveLength(7);
    await expect(canvas.getByText(`${T.weakest}: Written Expression`)).toBeVisible();
    await expect(canvas.getByText(/Perbanyak latihan Written Expression/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: T.diagnosisLink })).toHaveAttribute('href', '/diagnosis/12');
  },
};

export const WithRetakes: Story = {
  parameters: {
    msw: [
      resultsHandlers.progress({
        ...demoProgress,
        attempts: [
          ...demoProgress.attempts,
          { ...demoProgress.attempts[2]!, id: 15, tanggal: '2026-11-23T03:15:00.000Z', totalScore: 610, cefr: 'B2', retake: true },
          {
            ...demoProgress.attempts[0]!,
            id: 16,
            tanggal: '2026-11-24T03:15:00.000Z',
            totalScore: 317,
            cefr: 'BELOW_A2',
            nearChance: true,
          },
        ],
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const chart = await canvas.findByRole('img', { name: T.chartLabel });
    await waitFor(() => expect(chart.querySelectorAll('[data-retake-dot]').length).toBe(1));
    await expect(canvas.getByTestId('retake-legend')).toHaveTextContent(T.retakeLegend);
    const items = canvas.getAllByRole('listitem');
    await expect(items).toHaveLength(5);
    await expect(items[3]).toHaveAttribute('data-retake', 'true');
    await expect(within(items[3]!).getByTestId('retake-badge')).toHaveTextContent(t.results.retake);
    await expect(items[4]).toHaveTextContent('Di bawah A2');
    await expect(items[4]).not.toHaveAttribute('data-retake');
  },
};

export const Empty: Story = {
  parameters: { msw: [resultsHandlers.progress({ attempts: [], diagnostics: null })] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(T.empty)).toBeVisible();
  },
};

export const LoadError: Story = {
  parameters: { msw: [resultsHandlers.progressFails()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(T.loadFailed);
  },
};
