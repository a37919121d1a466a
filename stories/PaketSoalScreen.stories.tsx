import type { Meta, StoryObj } from '@storybook/react-vite';
import type { RequestHandler } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { access, demoPakets, noScore, paymentsHandlers } from '../src/api/mocks/payments.handlers.ts';
import { PaketSoalScreen } from '../src/features/paket/components/PaketSoalScreen.tsx';
import { t } from '../src/i18n/id.ts';
import { LocationProbe } from './support/LocationProbe.tsx';

/** /paketsoal with a probe standing in for the exam and the payment page. */
function PaketRoutes() {
  return (
    <Routes>
      <Route path="/paketsoal" element={<PaketSoalScreen />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>
  );
}

/**
 * A story's handlers, then no payments for the learner: /paketsoal waits for that answer, and a
 * story that names its own payments handler lists it first, so it is the one MSW uses.
 */
const answering = (...handlers: RequestHandler[]) => [...handlers, paymentsHandlers.myPayments([])];

const meta = {
  title: 'Screens/Paket Soal',
  component: PaketRoutes,
  parameters: {
    route: '/paketsoal',
    msw: answering(paymentsHandlers.paketList(), paymentsHandlers.lastScore()),
  },
} satisfies Meta<typeof PaketRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (el: HTMLElement) => within(el.ownerDocument.body);
const firstKerjakan = async (el: HTMLElement) => {
  const card = await within(el).findByRole('article', { name: 'Paket A Prediction' });
  await userEvent.click(within(card).getByRole('button', { name: t.paketPage.kerjakan }));
};

export const Loading: Story = {
  parameters: { msw: answering(paymentsHandlers.paketListPending(), paymentsHandlers.lastScorePending()) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(t.paketPage.loading)).toBeVisible();
    await expect(within(canvasElement).getByText(t.paketPage.lastScoreLoading)).toBeVisible();
  },
};

/** The packages wait for the last score above them, so their buttons do not move under a tap. */
export const WaitsForLastScore: Story = {
  parameters: { msw: answering(paymentsHandlers.paketList(), paymentsHandlers.lastScorePending()) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(t.paketPage.loading)).toBeVisible();
    await expect(canvas.getByText(t.paketPage.lastScoreLoading)).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(canvas.queryByRole('button', { name: t.paketPage.kerjakan })).toBeNull();
  },
};

/** ... and for the learner's payments, whose waiting badge takes the place of Kerjakan Soal. */
export const WaitsForPayments: Story = {
  parameters: { msw: answering(paymentsHandlers.paketList(), paymentsHandlers.lastScore(), paymentsHandlers.myPaymentsPending()) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('last-score')).toHaveTextContent('523');
    await expect(canvas.getByText(t.paketPage.loading)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t.paketPage.kerjakan })).toBeNull();
  },
};

/** A last score that cannot be read does not hold the packages back. */
export const LastScoreFails: Story = {
  parameters: { msw: answering(paymentsHandlers.paketList(), paymentsHandlers.lastScoreFails()) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(t.paketPage.lastScoreFailed)).toBeVisible();
    await expect(await canvas.findByRole('article', { name: 'Paket A Prediction' })).toBeVisible();
  },
};

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = await canvas.findByRole('article', { name: 'Paket A Prediction' });
    await expect(within(card).getByText(/Rp\s20\.000/)).toBeVisible();
    await expect(within(canvas.getByRole('article', { name: 'Paket A ITP' })).getByText(/Rp\s25\.000/)).toBeVisible();
    await expect(within(canvas.getByRole('article', { name: 'Paket Simulasi Gratis' })).getByText(t.paketPage.gratis)).toBeVisible();
    await expect(await canvas.findByTestId('last-score')).toHaveTextContent('523');
    await expect(canvas.getByText(t.paketPage.paketLabel('Paket A Prediction'))).toBeVisible();
    await expect(canvas.getByRole('link', { name: t.participantNav.simulasi })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: t.participantNav.paketSaya })).not.toHaveAttribute('aria-current');
  },
};

export const NoScoreYet: Story = {
  parameters: { msw: answering(paymentsHandlers.paketList(), paymentsHandlers.lastScore(noScore)) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(t.paketPage.lastScoreNone)).toBeVisible();
  },
};

export const ComingSoon: Story = {
  parameters: {
    msw: answering(paymentsHandlers.paketList(demoPakets.filter((p) => p.level === 'prediction')), paymentsHandlers.lastScore()),
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(t.paketPage.comingSoon)).toBeVisible();
  },
};

export const LoadError: Story = {
  parameters: { msw: answering(paymentsHandlers.paketListFails(), paymentsHandlers.lastScore()) },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent(t.paketPage.loadFailed);
    await expect(within(alert).getByRole('button', { name: t.paketPage.retry })).toBeVisible();
  },
};

export const AccessGranted: Story = {
  parameters: {
    msw: answering(
      paymentsHandlers.paketList(),
      paymentsHandlers.lastScore(),
      paymentsHandlers.accessCheck(access({ bolehAkses: true, status: 'aktif' })),
    ),
  },
  play: async ({ canvasElement }) => {
    await firstKerjakan(canvasElement);
    await waitFor(() => expect(within(canvasElement).getByTestId('probe-path')).toHaveTextContent('/simulasi-toefl/1'));
  },
};

export const PendingVerification: Story = {
  parameters: {
    msw: answering(
      paymentsHandlers.paketList(),
      paymentsHandlers.lastScore(),
      paymentsHandlers.accessCheck(
        access({
          pending: true,
          alasan: 'Pembayaran Anda sedang diverifikasi admin.',
          status: 'menunggu_verifikasi',
        }),
      ),
    ),
  },
  play: async ({ canvasElement }) => {
    await firstKerjakan(canvasElement);
    const dialog = await body(canvasElement).findByRole('dialog', {
      name: t.paketPage.pendingTitle,
    });
    await waitFor(() => expect(within(dialog).getByText('Pembayaran Anda sedang diverifikasi admin.')).toBeVisible());
  },
};

export const GoesToPayment: Story = {
  parameters: {
    msw: answering(paymentsHandlers.paketList(), paymentsHandlers.lastScore(), paymentsHandlers.accessCheck(access())),
  },
  play: async ({ canvasElement }) => {
    await firstKerjakan(canvasElement);
    await waitFor(() => expect(within(canvasElement).getByTestId('probe-path')).toHaveTextContent('/bayar/1'));
  },
};

export const AccessCheckFails: Story = {
  parameters: {
    msw: answering(paymentsHandlers.paketList(), paymentsHandlers.lastScore(), paymentsHandlers.accessCheckFails()),
  },
  play: async ({ canvasElement }) => {
    await firstKerjakan(canvasElement);
    await waitFor(() => expect(body(canvasElement).getByText(t.paketPage.accessFailed)).toBeVisible());
  },
};

/** A payment for 'Paket A ITP' waits for the admin: its card says so instead of 'Kerjakan Soal'; the others are unchanged. */
export const PaymentWaiting: Story = {
  parameters: { msw: answering(paymentsHandlers.paketList(), paymentsHandlers.lastScore(), paymentsHandlers.myPayments()) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const itp = await canvas.findByRole('article', { name: 'Paket A ITP' });
    await waitFor(() => expect(within(itp).getByRole('status')).toHaveTextContent(t.paketPage.waitingStatus));
    await expect(within(itp).queryByRole('button', { name: t.paketPage.kerjakan })).toBeNull();
    await expect(within(itp).getByRole('link', { name: t.paketPage.waitingLink })).toHaveAttribute('href', '/paket-saya');
    const other = canvas.getByRole('article', { name: 'Paket A Prediction' });
    await expect(within(other).getByRole('button', { name: t.paketPage.kerjakan })).toBeEnabled();
  },
};

/** On a 320 px phone the waiting status is read whole: it wraps instead of ending in '…'. */
export const PaymentWaitingPhone: Story = {
  ...PaymentWaiting,
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const itp = await within(canvasElement).findByRole('article', { name: 'Paket A ITP' });
    const status = await within(itp).findByRole('status');
    for (const el of [status, ...status.querySelectorAll<HTMLElement>('*')]) {
      await expect(el.scrollWidth).toBeLessThanOrEqual(el.clientWidth);
    }
  },
};
