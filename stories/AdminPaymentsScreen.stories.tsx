import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { adminPayment, demoAdminList, demoPayments, paymentsHandlers } from '../src/api/mocks/payments.handlers.ts';
import { AdminPaymentsScreen } from '../src/features/admin-payments/components/AdminPaymentsScreen.tsx';
import { t } from '../src/i18n/id.ts';
import { inAdminFrame } from './support/AdminFrame.tsx';

const meta = {
  title: 'Screens/Admin Payments',
  decorators: [inAdminFrame],
  component: AdminPaymentsScreen,
  args: { layout: 'cards' },
  parameters: {
    route: '/admin/payments',
    msw: [paymentsHandlers.adminPayments(), paymentsHandlers.decideSucceeds()],
  },
} satisfies Meta<typeof AdminPaymentsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (el: HTMLElement) => within(el.ownerDocument.body);
/** Stories render at a phone's width: each payment is a card (an article named by its learner and package). */
const cards = async (el: HTMLElement) => within(el).findAllByRole('article');
const firstRow = async (el: HTMLElement) => (await cards(el))[0]!;

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
    const rows = canvas.getAllByRole('article');
    await expect(rows[1]).toHaveTextContent(t.adminPayments.statusConfirmed);
    await expect(rows[2]).toHaveTextContent(t.adminPayments.reason('Nominal transfer tidak sesuai'));
    await expect(within(rows[2]!).queryByRole('button', { name: t.adminPayments.reject })).toBeNull();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/** Wide screens keep the table. */
export const DataTable: Story = {
  args: { layout: 'table' },
  play: async ({ canvasElement }) => {
    const rows = await within(canvasElement).findAllByRole('row');
    await expect(rows[1]).toHaveTextContent('Siti Nurhaliza');
    await expect(within(rows[1]!).getByRole('button', { name: t.adminPayments.confirm })).toBeEnabled();
    await expect(within(rows[2]!).getByRole('button', { name: t.adminPayments.reverse })).toBeEnabled();
    await expect(within(rows[3]!).getByRole('button', { name: t.adminPayments.reopen })).toBeEnabled();
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
    await waitFor(() => expect(within(dialog).getByText(t.adminPayments.reasonRequired)).toBeVisible());
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
    await userEvent.click(canvas.getByRole('button', { name: t.pagination.page(3) }));
    await waitFor(() => expect(canvas.getByRole('button', { name: t.pagination.page(3) })).toHaveAttribute('data-active', 'true'));
    await userEvent.selectOptions(canvas.getByLabelText(t.adminPayments.filterLabel), 'rejected');
    await expect(await canvas.findByText(t.adminPayments.empty)).toBeVisible();
  },
};

const flagged = adminPayment({ ...demoPayments[0]!, id: 9, amount: 25123 }, 'Dewi Lestari', '6281311112222');
const flaggedList = {
  data: [
    { ...flagged, uniqueCode: 123, duplicateOf: { id: 3, nama: 'Siti Nurhaliza', createdAt: '2025-03-05T10:00:00.000Z' } },
    { ...adminPayment(demoPayments[1]!, 'Andi Wijaya', '6281398765432'), reversible: false },
    {
      ...adminPayment({ ...demoPayments[1]!, id: 11, buktiBayar: '' }, 'Rudi Hartono', '6281355556666'),
      viaGateway: true,
      proofChecked: false,
      decisions: [{ action: 'confirmed' as const, byNama: null, reason: null, at: '2025-03-04T12:00:00.000Z' }],
    },
  ],
  total: 3,
  page: 1,
  limit: 20,
};

/** The exact amount and code beside the proof, a reused proof flagged with a link, who decided and when. */
export const AmountsFlagsAndDecisions: Story = {
  parameters: { msw: [paymentsHandlers.adminPayments(flaggedList)] },
  play: async ({ canvasElement }) => {
    const [dup, used, gateway] = await cards(canvasElement);
    await expect(dup).toHaveTextContent(/Rp\s25\.123/);
    await expect(dup).toHaveTextContent(t.adminPayments.uniqueCode(123));
    await expect(within(dup!).getByText(t.adminPayments.duplicate)).toBeVisible();
    const link = within(dup!).getByRole('link', { name: /Sama dengan bukti Siti Nurhaliza/ });
    await expect(link).toHaveAttribute('href', '/admin/payments?q=Siti%20Nurhaliza#payment-3');
    await expect(within(used!).getByRole('list', { name: t.adminPayments.decisionsLabel })).toHaveTextContent(/Diterima oleh Budi Santoso/);
    // Its attempt has started: the confirmation stays.
    await expect(within(used!).queryByRole('button', { name: t.adminPayments.reverse })).toBeNull();
    await expect(gateway).toHaveTextContent(t.adminPayments.noProof);
    await expect(gateway).toHaveTextContent(t.adminPayments.viaGateway);
    await expect(gateway).toHaveTextContent(/Diterima oleh Gateway pembayaran/);
  },
};

/**
 * A proof the server could not compare (a picture it cannot decode) says so; in the table every
 * badge keeps its whole word, however narrow its column ('MENU…' before).
 */
export const UncheckedProofTable: Story = {
  args: { layout: 'table' },
  parameters: {
    msw: [
      paymentsHandlers.adminPayments({
        data: [
          { ...flagged, duplicateOf: null, proofChecked: false },
          {
            ...adminPayment({ ...demoPayments[0]!, id: 12 }, 'Rina Kartika', '6281377778888'),
            duplicateOf: flaggedList.data[0]!.duplicateOf,
          },
        ],
        total: 2,
        page: 1,
        limit: 20,
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const rows = await within(canvasElement).findAllByRole('row');
    await expect(within(rows[1]!).getByText(t.adminPayments.unchecked)).toBeVisible();
    for (const label of canvasElement.querySelectorAll<HTMLElement>('.mantine-Badge-label')) {
      await expect(label.scrollWidth).toBeLessThanOrEqual(label.clientWidth);
    }
  },
};

/** The flag's link finds the earlier payment even while the list is filtered to another status. */
export const DuplicateLinkFindsEarlier: Story = {
  parameters: {
    msw: [
      http.get('*/api/admin/payments', ({ request }) => {
        const params = new URL(request.url).searchParams;
        const q = params.get('q');
        if (!q) return HttpResponse.json(flaggedList);
        // The earlier payment was confirmed: a search that kept the 'pending' filter would miss it.
        if (params.get('status')) return HttpResponse.json({ data: [], total: 0, page: 1, limit: 20 });
        return HttpResponse.json({ data: [adminPayment(demoPayments[0]!)], total: 1, page: 1, limit: 20 });
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(await canvas.findByLabelText(t.adminPayments.filterLabel), 'pending');
    const [dup] = await cards(canvasElement);
    await userEvent.click(within(dup!).getByRole('link', { name: /Sama dengan bukti Siti Nurhaliza/ }));
    await waitFor(() => expect(canvasElement.querySelector('#payment-3')).not.toBeNull());
    await expect(canvas.getByLabelText(t.adminPayments.filterLabel)).toHaveValue('');
  },
};

/** An unused confirmation is taken back only with a reason. */
export const ReverseNeedsReason: Story = {
  parameters: { msw: [paymentsHandlers.adminPayments(), paymentsHandlers.reverseSucceeds()] },
  play: async ({ canvasElement }) => {
    const confirmed = (await cards(canvasElement))[1]!;
    await userEvent.click(within(confirmed).getByRole('button', { name: t.adminPayments.reverse }));
    const dialog = await body(canvasElement).findByRole('dialog', { name: t.adminPayments.reverseTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: t.adminPayments.reverseSubmit }));
    await waitFor(() => expect(within(dialog).getByText(t.adminPayments.reverseRequired)).toBeVisible());
    await userEvent.type(within(dialog).getByLabelText(t.adminPayments.reverseLabel), 'Dana tidak masuk');
    await userEvent.click(within(dialog).getByRole('button', { name: t.adminPayments.reverseSubmit }));
    await waitFor(() => expect(body(canvasElement).getByText('Konfirmasi pembayaran dibatalkan.')).toBeVisible());
  },
};

export const ReverseRefused: Story = {
  parameters: { msw: [paymentsHandlers.adminPayments(), paymentsHandlers.reverseFails('Simulasi untuk pembayaran ini sudah dimulai.')] },
  play: async ({ canvasElement }) => {
    const confirmed = (await cards(canvasElement))[1]!;
    await userEvent.click(within(confirmed).getByRole('button', { name: t.adminPayments.reverse }));
    const dialog = await body(canvasElement).findByRole('dialog', { name: t.adminPayments.reverseTitle });
    await userEvent.type(within(dialog).getByLabelText(t.adminPayments.reverseLabel), 'Dana tidak masuk');
    await userEvent.click(within(dialog).getByRole('button', { name: t.adminPayments.reverseSubmit }));
    await waitFor(() => expect(body(canvasElement).getByText('Simulasi untuk pembayaran ini sudah dimulai.')).toBeVisible());
  },
};

/** A rejection waits again after the admin confirms the question. */
export const Reopen: Story = {
  parameters: { msw: [paymentsHandlers.adminPayments(), paymentsHandlers.reopenSucceeds()] },
  play: async ({ canvasElement }) => {
    const rejected = (await cards(canvasElement))[2]!;
    await expect(within(rejected).queryByRole('button', { name: t.adminPayments.reverse })).toBeNull();
    await userEvent.click(within(rejected).getByRole('button', { name: t.adminPayments.reopen }));
    const dialog = await body(canvasElement).findByRole('dialog', { name: t.adminPayments.reopenTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: t.adminPayments.reopenYes }));
    await waitFor(() => expect(body(canvasElement).getByText('Pembayaran dibuka kembali untuk diverifikasi.')).toBeVisible());
  },
};

/** Searching by name or phone asks the server with q. */
export const Search: Story = {
  parameters: {
    msw: [
      http.get('*/api/admin/payments', ({ request }) => {
        const q = new URL(request.url).searchParams.get('q');
        if (q === '0813') return HttpResponse.json({ ...demoAdminList(1), data: [demoAdminList().data[1]!] });
        return HttpResponse.json(demoAdminList());
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await cards(canvasElement)).toHaveLength(3);
    await userEvent.type(canvas.getByLabelText(t.adminPayments.searchLabel), '0813');
    await waitFor(async () => expect(canvas.getAllByRole('article')).toHaveLength(1));
    await expect(canvas.getByRole('article')).toHaveTextContent('Andi Wijaya');
  },
};
