import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { auditHandlers } from '../src/api/mocks/audit.handlers.ts';
import { AuditLogScreen } from '../src/features/admin-audit/components/AuditLogScreen.tsx';
import { t } from '../src/i18n/id.ts';
import { inAdminFrame } from './support/AdminFrame.tsx';

const meta = {
  title: 'Admin/Log Audit',
  component: AuditLogScreen,
  decorators: [inAdminFrame],
  parameters: { route: '/admin/audit-log', msw: [auditHandlers.list()] },
} satisfies Meta<typeof AuditLogScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
const T = t.adminAudit;
const entries = async (el: HTMLElement) => within(await within(el).findByRole('list', { name: T.title }));

export const Loading: Story = {
  parameters: { msw: [auditHandlers.pending()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(T.loading);
  },
};

/** Who, what, when, the reason, and a before/after of only the fields that changed. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await entries(canvasElement);
    await expect(list.getAllByRole('listitem')).toHaveLength(20);
    await expect(canvas.getByText(T.total(27))).toBeVisible();
    const [extend, factor, created] = list.getAllByRole('listitem');
    await expect(extend).toHaveTextContent('Perpanjang sesi');
    await expect(extend).toHaveTextContent('Admin Utama (6281100000001)');
    await expect(extend).toHaveTextContent('ujian #501');
    await expect(extend).toHaveTextContent('Koneksi peserta terputus 10 menit');
    await expect(within(extend!).getByRole('time')).toHaveTextContent('24 Nov 2026');
    const diff = within(within(extend!).getByRole('table'));
    await expect(diff.getAllByRole('row')).toHaveLength(2);
    await expect(diff.getAllByRole('row')[1]).toHaveTextContent('listeningEndsAt24 Nov 2026, 10.40.0024 Nov 2026, 10.50.00');
    const factorRows = within(within(factor!).getByRole('table')).getAllByRole('row');
    await expect(factorRows[1]).toHaveTextContent('timeFactorPct100150');
    await expect(created).toHaveTextContent(T.created);
    await expect(within(within(created!).getByRole('table')).getAllByRole('row')[1]).toHaveTextContent(`id${T.emptyValue}12`);
    await expect(canvas.getByRole('link', { name: T.exportCsv })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/api\/admin\/audit-log\.csv$/),
    );
  },
};

/** The action filter offers every logged action by its label; the CSV link carries the applied filter. */
export const FilterByAction: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await entries(canvasElement);
    const action = canvas.getByRole('combobox', { name: T.action });
    await expect(within(action).getByRole('option', { name: 'Ubah faktor waktu' })).toBeInTheDocument();
    await userEvent.selectOptions(action, 'pengguna.faktor-waktu');
    await userEvent.type(canvas.getByRole('textbox', { name: T.actor }), 'dewi');
    await userEvent.click(canvas.getByRole('button', { name: t.dateFilter.apply }));
    await waitFor(() => expect(canvas.getByText(T.total(1))).toBeVisible());
    await expect((await entries(canvasElement)).getAllByRole('listitem')).toHaveLength(1);
    await expect(canvas.getByRole('link', { name: T.exportCsv })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/api\/admin\/audit-log\.csv\?action=pengguna\.faktor-waktu&actor=dewi$/),
    );
    await userEvent.click(canvas.getByRole('button', { name: t.dateFilter.reset }));
    await waitFor(() => expect(canvas.getByText(T.total(27))).toBeVisible());
  },
};

export const Paging: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await entries(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: t.pagination.page(2) }));
    await waitFor(async () => expect((await entries(canvasElement)).getAllByRole('listitem')).toHaveLength(7));
  },
};

export const Empty: Story = {
  parameters: { msw: [auditHandlers.list([])] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(T.empty)).toBeVisible();
    await expect(within(canvasElement).getByRole('button', { name: T.exportCsv })).toBeDisabled();
  },
};

export const EmptyFiltered: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await entries(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: T.actor }), 'tidak ada');
    await userEvent.click(canvas.getByRole('button', { name: t.dateFilter.apply }));
    await expect(await canvas.findByText(T.emptyFiltered)).toBeVisible();
  },
};

/** A filter the server refuses shows its message. */
export const LoadError: Story = {
  parameters: { msw: [auditHandlers.fails()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Tanggal awal harus berformat YYYY-MM-DD.');
  },
};

/** On a 320 px phone every entry, its diff and the filter fit without sideways scrolling. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    await entries(canvasElement);
    const doc = canvasElement.ownerDocument.documentElement;
    await expect(doc.scrollWidth).toBeLessThanOrEqual(doc.clientWidth);
  },
};
