import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { demoAdminList, paymentsHandlers } from '../src/api/mocks/payments.handlers.ts';
import { AdminPaymentsScreen } from '../src/features/admin-payments/components/AdminPaymentsScreen.tsx';
import { t } from '../src/i18n/id.ts';

const meta = {
  title: 'Screens/Admin Payments',
  component: AdminPaymentsScreen,
  parameters: {
    route: '/admin/payments',
    msw: [paymentsHandlers.adminPayments(), paymentsHandlers.decideSucceeds()],
  },
} satisfies Meta<typeof AdminPaymentsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (el: HTMLElement) => within(el.ownerDocument.body);
const firstRow = async (el: HTMLElement) => (await within(el).findAllByRole('row'))[1]!;

export const Loading: Story = {
  parameters: { msw: [paymentsHandlers.adminPaymentsPending()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(t.adminPayments.loading);
  },
};

export const Empty: Story = {
  parameters: { msw: [paymentsHandlers.adminPayments({ data: [], total: 0, page: 1, limit: 20 })] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(t.adminPayments.empty)).toBeVisible();
  },
};

export const LoadError: Story = {
  parameters: { msw: [paymentsHandlers.adminPaymentsFails()] },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('Database tidak tersedia.');
  },
};

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = await firstRow(canvasElement);
    await expect(row).toHaveTextContent('Siti Nurhaliza');
    await expect(row).toHaveTextContent('Paket A ITP');
    await expect(row).toHaveTextContent(t.adminPayments.statusPending);
    await expect(within(row).getByRole('button', { name: t.adminPayments.confirm })).toBeEnabled();
    const rows = canvas.getAllByRole('row');
    await expect(rows[2]).toHaveTextContent(t.adminPayments.statusConfirmed);
    await expect(rows[3]).toHaveTextContent(t.adminPayments.reason('Nominal transfer tidak sesuai'));
    await expect(within(rows[3]!).queryByRole('button', { name: t.adminPayments.reject })).toBeNull();
  },
};

export const ProofModal: Story = {
  play: async ({ canvasElement }) => {
    const row = await firstRow(canvasElement);
    await userEvent.click(within(row).getByRole('button', { name: t.adminPayments.openProof('Siti Nurhaliza') }));
    const dialog = await body(canvasElement).findByRole('dialog', {
      name: t.adminPayments.proofTitle,
    });
    await waitFor(() => expect(within(dialog).getByRole('img', { name: t.adminPayments.proofAlt('Siti Nurhaliza') })).toBeVisible());
  },
};

export const ConfirmFlow: Story = {
  play: async ({ canvasElement }) => {
    const row = await firstRow(canvasElement);
    await userEvent.click(within(row).getByRole('button', { name: t.adminPayments.confirm }));
    const dialog = await body(canvasElement).findByRole('dialog', {
      name: t.adminPayments.confirmTitle,
    });
    await userEvent.click(within(dialog).getByRole('button', { name: t.adminPayments.confirmYes }));
    await waitFor(() => expect(body(canvasElement).getByText(t.adminPayments.confirmed)).toBeVisible());
  },
};

export const RejectNeedsReason: Story = {
  play: async ({ canvasElement }) => {
    const row = await firstRow(canvasElement);
    await userEvent.click(within(row).getByRole('button', { name: t.adminPayments.reject }));
    const dialog = await body(canvasElement).findByRole('dialog', {
      name: t.adminPayments.rejectTitle,
    });
    await userEvent.type(within(dialog).getByLabelText(t.adminPayments.rejectLabel), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: t.adminPayments.rejectSubmit }));
    await expect(await within(dialog).findByText(t.adminPayments.reasonRequired)).toBeVisible();
  },
};

export const RejectCancelled: Story = {
  play: async ({ canvasElement }) => {
    const row = await firstRow(canvasElement);
    await userEvent.click(within(row).getByRole('button', { name: t.adminPayments.reject }));
    const dialog = await body(canvasElement).findByRole('dialog', {
      name: t.adminPayments.rejectTitle,
    });
    await userEvent.click(within(dialog).getByRole('button', { name: t.adminPayments.cancel }));
    await waitFor(() => expect(body(canvasElement).getByText(t.adminPayments.rejectCancelled)).toBeVisible());
  },
};

export const RejectWithReason: Story = {
  play: async ({ canvasElement }) => {
    const row = await firstRow(canvasElement);
    await userEvent.click(within(row).getByRole('button', { name: t.adminPayments.reject }));
    const dialog = await body(canvasElement).findByRole('dialog', {
      name: t.adminPayments.rejectTitle,
    });
    await userEvent.type(within(dialog).getByLabelText(t.adminPayments.rejectLabel), 'Nominal tidak sesuai');
    await userEvent.click(within(dialog).getByRole('button', { name: t.adminPayments.rejectSubmit }));
    await waitFor(() => expect(body(canvasElement).getByText(t.adminPayments.rejectedDone)).toBeVisible());
  },
};

export const DecisionConflict: Story = {
  parameters: {
    msw: [paymentsHandlers.adminPayments(), paymentsHandlers.decideFails(409, 'Pembayaran ini sudah dikonfirmasi sebelumnya.')],
  },
  play: async ({ canvasElement }) => {
    const row = await firstRow(canvasElement);
    await userEvent.click(within(row).getByRole('button', { name: t.adminPayments.confirm }));
    const dialog = await body(canvasElement).findByRole('dialog', {
      name: t.adminPayments.confirmTitle,
    });
    await userEvent.click(within(dialog).getByRole('button', { name: t.adminPayments.confirmYes }));
    await waitFor(() => expect(body(canvasElement).getByText('Pembayaran ini sudah dikonfirmasi sebelumnya.')).toBeVisible());
  },
};

/** The status filter asks the server again; here 'Ditolak' answers an empty page. */
export const FilterAndPages: Story = {
  parameters: {
    msw: [
      http.get('*/api/admin/payments', ({ request }) => {
        const params = new URL(request.url).searchParams;
        if (params.get('status') === 'rejected') return HttpResponse.json({ data: [], total: 0, page: 1, limit: 20 });
        return HttpResponse.json(demoAdminList(45, Number(params.get('page') ?? 1)));
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(t.adminPayments.total(45))).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '3' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: '3' })).toHaveAttribute('data-active', 'true'));
    await userEvent.selectOptions(canvas.getByLabelText(t.adminPayments.filterLabel), 'rejected');
    await expect(await canvas.findByText(t.adminPayments.empty)).toBeVisible();
  },
};
