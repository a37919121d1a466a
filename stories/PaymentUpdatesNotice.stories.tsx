import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { demoPayments, paymentsHandlers } from '../src/api/mocks/payments.handlers.ts';
import { PaymentUpdatesNotice } from '../src/components/PaymentUpdatesNotice.tsx';
import { t } from '../src/i18n/id.ts';

const meta = {
  title: 'Components/Payment updates',
  component: PaymentUpdatesNotice,
  parameters: { msw: [paymentsHandlers.paymentUpdates([]), paymentsHandlers.markSeen()] },
} satisfies Meta<typeof PaymentUpdatesNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (el: HTMLElement) => within(el.ownerDocument.body);

/** A confirmation and a rejection since the last visit, shown once; 'Mengerti' marks them seen. */
export const ConfirmedAndRejected: Story = {
  parameters: {
    msw: [
      (() => {
        let seen = false;
        return [
          http.get('*/api/users/payment/updates', () =>
            HttpResponse.json({ data: seen ? [] : [{ ...demoPayments[1]!, nama_paket: 'Paket A ITP' }, demoPayments[2]!] }),
          ),
          http.post('*/api/users/payment/updates/seen', () => {
            seen = true;
            return HttpResponse.json({ message: 'OK' });
          }),
        ];
      })(),
    ].flat(),
  },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: t.paymentUpdates.title });
    await expect(dialog).toHaveTextContent(t.paymentUpdates.confirmed('Paket A ITP'));
    await expect(dialog).toHaveTextContent(t.paymentUpdates.rejected('Paket A Prediction', 'Nominal transfer tidak sesuai'));
    await userEvent.click(within(dialog).getByRole('button', { name: t.paymentUpdates.ok }));
    await waitFor(() => expect(body(canvasElement).queryByRole('dialog')).toBeNull());
  },
};
