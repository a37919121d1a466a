import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { resultsHandlers } from '../src/api/mocks/results.handlers.ts';
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
    const chart = await canvas.findByRole('img', { name: T.chartLabel });
    await expect(chart.querySelectorAll('.recharts-line').length).toBe(4);
    const cefr = canvas.getAllByRole('listitem');
    await expect(cefr).toHaveLength(3);
    await expect(cefr[2]).toHaveTextContent('533');
    await expect(cefr[2]).toHaveTextContent('B1');
    const table = canvas.getByRole('table', { name: T.diagnosticsTitle });
    await expect(within(table).getAllByRole('row')).toHaveLength(7);
    await expect(canvas.getByText(`${T.weakest}: Written Expression`)).toBeVisible();
    await expect(canvas.getByText(/Perbanyak latihan Written Expression/)).toBeVisible();
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
