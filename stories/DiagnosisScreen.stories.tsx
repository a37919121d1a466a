import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { demoDiagnosis, demoHistory, resultsHandlers } from '../src/api/mocks/results.handlers.ts';
import { DiagnosisScreen } from '../src/features/results/components/DiagnosisScreen.tsx';
import { t } from '../src/i18n/id.ts';
import { AdminRoute } from './support/AdminRoute.tsx';

const meta = {
  title: 'Screens/Diagnosis Skill',
  component: DiagnosisScreen,
  parameters: { route: '/diagnosis/12', msw: [resultsHandlers.diagnosis()] },
  render: () => (
    <AdminRoute path="/diagnosis/:historyId?">
      <DiagnosisScreen />
    </AdminRoute>
  ),
} satisfies Meta<typeof DiagnosisScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
const T = t.results.diagnosis;

export const Loading: Story = {
  parameters: { msw: [resultsHandlers.diagnosisPending()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(T.loading);
  },
};

export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const weak = await canvas.findAllByTestId('weak-skill');
    await expect(weak.map((w) => w.dataset.skill)).toEqual(['rd-vocabulary', 'rd-inference', 'we-parallel']);
    await expect(weak[0]).toHaveTextContent('Kosakata dalam konteks');
    await expect(weak[0]).toHaveTextContent(T.correctOf(0, 9));
    // Skills grouped by section; the weakest are marked in the full list too.
    for (const section of ['listening', 'structure', 'written', 'reading'] as const) {
      await expect(canvas.getByRole('region', { name: t.results.sections[section] })).toBeVisible();
    }
    const reading = canvas.getByRole('region', { name: t.results.sections.reading });
    await expect(
      within(reading)
        .getAllByTestId('skill-row')
        .filter((r) => r.dataset.weakest),
    ).toHaveLength(2);
    // A skill with fewer than 4 responses is shown but not judged.
    const suggestion = canvas.getAllByTestId('skill-row').find((r) => r.dataset.skill === 'la-suggestion')!;
    await expect(suggestion).toHaveTextContent(T.notJudged(4));
    // CEFR per section with its can-do line.
    await expect(canvas.getByTestId('cefr-listening')).toHaveTextContent('B2');
    await expect(canvas.getByTestId('cefr-listening')).toHaveTextContent(t.results.cefrCanDo.B2);
    await expect(canvas.getByTestId('cefr-reading')).toHaveTextContent('B1');
    await expect(canvas.queryByTestId('near-chance')).toBeNull();
    await expect(canvas.getByText(T.ofAttempt(demoHistory[0]!.nama_paket, '22 November 2026'))).toBeVisible();
  },
};

export const DrillLink: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('link', { name: T.drillLabel('Kosakata dalam konteks') }));
    await expect(await canvas.findByTestId('probe-path')).toHaveTextContent('/latihan');
    await expect(canvas.getByTestId('probe-search')).toHaveTextContent('?skill=rd-vocabulary');
  },
};

export const ReviewLink: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('link', { name: T.reviewLabel('Struktur paralel') }));
    await expect(await canvas.findByTestId('probe-path')).toHaveTextContent('/riwayat-ujian/12/pembahasan');
    await expect(canvas.getByTestId('probe-search')).toHaveTextContent('?skill=we-parallel');
  },
};

export const AllAttemptsNearChance: Story = {
  parameters: {
    route: '/diagnosis',
    msw: [
      resultsHandlers.diagnosis({
        ...demoDiagnosis,
        historyId: null,
        attempts: 3,
        history: {
          ...demoHistory[0]!,
          totalScore: 317,
          listeningScore: 33,
          structureScore: 31,
          readingScore: 31,
          cefr: 'BELOW_A2',
          cefrListening: 'BELOW_A2',
          cefrWritten: 'BELOW_A2',
          cefrReading: 'A2',
          nearChance: true,
        },
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(T.ofAll(3))).toBeVisible();
    await expect(canvas.getByTestId('near-chance')).toHaveTextContent(t.results.nearChance);
    await expect(canvas.getByTestId('cefr-total')).toHaveTextContent('Di bawah A2');
    await expect(canvas.getByTestId('cefr-total')).toHaveTextContent(t.results.cefrCanDo.BELOW_A2);
    await expect(canvas.queryByText(T.showAll)).toBeNull();
  },
};

export const NoWeakSkill: Story = {
  parameters: { msw: [resultsHandlers.diagnosis({ ...demoDiagnosis, weakest: [] })] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(T.noWeakest)).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: {
    route: '/diagnosis',
    msw: [resultsHandlers.diagnosis({ historyId: null, attempts: 0, minResponses: 4, history: null, skills: [], weakest: [] })],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(T.empty)).toBeVisible();
    await expect(canvas.getByRole('link', { name: T.toPaket })).toHaveAttribute('href', '/paketsoal');
  },
};

export const LoadError: Story = {
  parameters: { msw: [resultsHandlers.diagnosisFails()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(T.loadFailed);
    await expect(canvas.getByRole('button', { name: T.retry })).toBeVisible();
  },
};

export const NotFound: Story = {
  parameters: { msw: [resultsHandlers.diagnosisNotFound()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(T.notFound);
    await expect(canvas.queryByRole('button', { name: T.retry })).toBeNull();
  },
};
