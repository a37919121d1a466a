import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { ExamFinishView } from '../src/features/exam/components/ExamFinishView.tsx';
import { t } from '../src/i18n/id.ts';
import { SCORE } from './support/exam-snapshots.ts';

const meta = {
  title: 'Screens/Simulasi Selesai',
  component: ExamFinishView,
  args: {
    status: 'scored',
    score: SCORE,
    downloading: false,
    downloadFailed: false,
    onRetry: fn(),
    onDownload: fn(),
    onCloseDownloadError: fn(),
  },
} satisfies Meta<typeof ExamFinishView>;

export default meta;
type Story = StoryObj<typeof meta>;
const F = t.exam.finish;

export const WithLinks: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: F.review })).toHaveAttribute('href', `/riwayat-ujian/${SCORE.historyId}/pembahasan`);
    await expect(canvas.getByRole('link', { name: F.diagnosis })).toHaveAttribute('href', `/diagnosis/${SCORE.historyId}`);
    await expect(canvas.getByTestId('exam-score-listening')).toHaveTextContent('B1');
    await expect(canvas.queryByTestId('exam-near-chance')).toBeNull();
  },
};

export const NearChance: Story = {
  args: {
    score: {
      ...SCORE,
      toeflScore: 310,
      scoreListening: 31,
      scoreWritten: 31,
      scoreReading: 31,
      listeningCorrect: 3,
      writtenCorrect: 2,
      readingCorrect: 4,
      cefr: 'BELOW_A2',
      cefrListening: 'BELOW_A2',
      cefrWritten: 'BELOW_A2',
      cefrReading: 'A2',
      nearChance: true,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('exam-cefr')).toHaveTextContent('Di bawah A2');
    await expect(canvas.getByTestId('exam-score-written')).toHaveTextContent('Di bawah A2');
    await expect(canvas.getByTestId('exam-near-chance')).toHaveTextContent(t.results.nearChance);
    await expect(canvas.getByRole('link', { name: F.diagnosis })).toBeVisible();
  },
};
