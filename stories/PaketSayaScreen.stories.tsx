import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { demoPayments, paymentsHandlers } from '../src/api/mocks/payments.handlers.ts';
import { PaketSayaScreen } from '../src/features/payments/components/PaketSayaScreen.tsx';
import { t } from '../src/i18n/id.ts';

const meta = {
  title: 'Screens/Paket Saya',
  component: PaketSayaScreen,
  parameters: { route: '/paket-saya', msw: [paymentsHandlers.myPayments()] },
} satisfies Meta<typeof PaketSayaScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  parameters: { msw: [paymentsHandlers.myPaymentsPending()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(t.paketSaya.loading);
  },
};

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = await canvas.findAllByRole('listitem');
    await expect(items).toHaveLength(3);
    // Newest first, each with its participant wording, amount and proof link.
    await expect(items[0]).toHaveTextContent(t.paketSaya.pending);
    await expect(items[0]).toHaveTextContent(/Rp\s25\.000/);
    await expect(items[1]).toHaveTextContent(t.paketSaya.confirmed);
    await expect(items[2]).toHaveTextContent(t.paketSaya.rejected('Nominal transfer tidak sesuai'));
    await expect(within(items[0]!).getByRole('link', { name: t.paketSaya.proof })).toBeVisible();
    await expect(canvas.getByRole('link', { name: t.participantNav.paketSaya })).toHaveAttribute('aria-current', 'page');
  },
};

/** A payment settled by the gateway has no proof: its row shows no proof link. */
export const GatewayPaymentNoProof: Story = {
  parameters: {
    msw: [paymentsHandlers.myPayments([{ ...demoPayments[1]!, buktiBayar: '' }, demoPayments[0]!])],
  },
  play: async ({ canvasElement }) => {
    const items = await within(canvasElement).findAllByRole('listitem');
    await expect(items[0]).toHaveTextContent(t.paketSaya.confirmed);
    await expect(within(items[0]!).queryByRole('link', { name: t.paketSaya.proof })).toBeNull();
    await expect(within(items[1]!).getByRole('link', { name: t.paketSaya.proof })).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: { msw: [paymentsHandlers.myPayments([])] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(t.paketSaya.empty)).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: { msw: [paymentsHandlers.myPaymentsFails('Database tidak tersedia.')] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Database tidak tersedia.');
  },
};

export const NetworkError: Story = {
  parameters: { msw: [paymentsHandlers.myPaymentsFails()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(t.paketSaya.failed);
  },
};
