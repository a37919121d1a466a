import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { demoVerify, resultsHandlers } from '../src/api/mocks/results.handlers.ts';
import { VerifyScreen } from '../src/features/results/components/VerifyScreen.tsx';
import { t } from '../src/i18n/id.ts';
import { AdminRoute } from './support/AdminRoute.tsx';

const meta = {
  title: 'Screens/Verifikasi Sertifikat',
  component: VerifyScreen,
  parameters: { route: '/verifikasi/A1B2C3D4E5F60718', msw: [resultsHandlers.verify()] },
  render: () => (
    <AdminRoute path="/verifikasi/:code">
      <VerifyScreen />
    </AdminRoute>
  ),
} satisfies Meta<typeof VerifyScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
const T = t.results.verify;

export const Loading: Story = {
  parameters: { msw: [resultsHandlers.verifyPending()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(T.loading);
  },
};

export const Valid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(T.valid)).toBeVisible();
    await expect(canvas.getByText('Ni Luh Putu Ayu Kadek Wiryaningsih')).toBeVisible();
    await expect(canvas.getByText('22 November 2026')).toBeVisible();
    await expect(canvas.getByText('533')).toBeVisible();
    // CEFR of the total and of each section, each with its can-do line.
    await expect(canvas.getByTestId('cefr-total')).toHaveTextContent('B1');
    await expect(canvas.getByTestId('cefr-listening')).toHaveTextContent('B2');
    await expect(canvas.getByTestId('cefr-listening')).toHaveTextContent(t.results.cefrCanDo.B2);
    await expect(canvas.getByText(t.results.estimate)).toBeVisible();
  },
};

export const BelowA2: Story = {
  parameters: {
    msw: [
      resultsHandlers.verify({
        ...demoVerify,
        totalScore: 317,
        listeningScore: 33,
        structureScore: 31,
        readingScore: 31,
        cefr: 'BELOW_A2',
        cefrListening: 'BELOW_A2',
        cefrWritten: 'BELOW_A2',
        cefrReading: 'A2',
        nearChance: true,
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('cefr-total')).toHaveTextContent('Di bawah A2');
    await expect(canvas.getByTestId('cefr-reading')).toHaveTextContent('A2');
    await expect(canvas.getByTestId('near-chance')).toHaveTextContent(t.results.nearChance);
    await expect(canvasElement.textContent).not.toMatch(/\bA1\b(?!B2)/);
  },
};

export const NotFound: Story = {
  parameters: { msw: [resultsHandlers.verifyNotFound()] },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent(T.notFound);
    await expect(alert).toHaveTextContent('A1B2C3D4E5F60718');
  },
};

export const NetworkError: Story = {
  parameters: { msw: [resultsHandlers.verifyFails()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(T.failed);
  },
};
