import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { adminContentHandlers, demoPakets } from '../src/api/mocks/admin-content.handlers.ts';
import { PaketListScreen } from '../src/features/admin/components/PaketListScreen.tsx';
import { t } from '../src/i18n/id.ts';
import { AdminRoute } from './support/AdminRoute.tsx';

function Screen() {
  return (
    <AdminRoute path="/admin/soal-simulasi">
      <PaketListScreen />
    </AdminRoute>
  );
}

const meta = {
  title: 'Admin/Paket list',
  component: Screen,
  parameters: { route: '/admin/soal-simulasi', msw: [adminContentHandlers.pakets()] },
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;
const body = (el: HTMLElement) => within(el.ownerDocument.body);

export const Loading: Story = {
  parameters: { msw: [adminContentHandlers.paketsPending()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(t.admin.common.loading);
  },
};

export const Empty: Story = {
  parameters: { msw: [adminContentHandlers.pakets([])] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(t.admin.paket.empty)).toBeVisible();
  },
};

export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Paket A Prediction')).toBeVisible();
    await expect(canvas.getByText('Listening 1/50')).toBeVisible();
    await expect(canvas.getByText('Structure 1/15')).toBeVisible();
    await expect(canvas.getByText('Written Expression 1/25')).toBeVisible();
    await expect(canvas.getByText('Reading 50/50')).toBeVisible();
    await expect(canvas.getByText('Listening: 1 dari 50 soal.')).toBeVisible();
    await expect(canvas.getByText(/Rp.20\.000/)).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: /^Tambah Soal / })).toHaveLength(2);
    await expect(canvas.getAllByRole('button', { name: /^Edit Paket / })).toHaveLength(2);
  },
};

export const LoadError: Story = {
  parameters: { msw: [adminContentHandlers.paketsFail()] },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent(t.admin.paket.loadFailed);
    await expect(alert).toHaveTextContent('Server sedang gangguan.');
  },
};

export const AddSoalNavigates: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: `Tambah Soal ${demoPakets[1]!.nama_paket}` }));
    await waitFor(() => expect(canvas.getByTestId('probe-path')).toHaveTextContent('/admin/soal-simulasi/add-soal/2'));
  },
};

export const DeleteArchives: Story = {
  parameters: { msw: [adminContentHandlers.pakets(), adminContentHandlers.deletePaket()] },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: `Hapus ${demoPakets[1]!.nama_paket}` }));
    const dialog = await body(canvasElement).findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText(t.admin.paket.confirmArchiveText)).toBeVisible());
    await userEvent.click(within(dialog).getByRole('button', { name: t.admin.paket.archiveConfirm }));
    await waitFor(() => expect(body(canvasElement).getByText(/Paket soal berhasil diarsipkan/)).toBeVisible());
  },
};

export const ArchiveRefused: Story = {
  parameters: { msw: [adminContentHandlers.pakets(), adminContentHandlers.deletePaketFail()] },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: `Hapus ${demoPakets[1]!.nama_paket}` }));
    await userEvent.click(
      within(await body(canvasElement).findByRole('dialog')).getByRole('button', { name: t.admin.paket.archiveConfirm }),
    );
    await waitFor(() => expect(body(canvasElement).getByText(t.admin.paket.deleteFailed)).toBeVisible());
    await expect(body(canvasElement).getByText(/pembayaran yang menunggu verifikasi/)).toBeVisible();
  },
};

const archivedPaket = { ...demoPakets[1]!, id: 3, nama_paket: 'Paket Lama 2024', archived_at: '2025-02-01T08:00:00.000Z' };

/** The archive: archived packages with 'Pulihkan' and their archive date. */
export const Archive: Story = {
  parameters: { msw: [adminContentHandlers.pakets([...demoPakets, archivedPaket]), adminContentHandlers.restorePaket()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByText(t.admin.paket.tabArchive(1)));
    await expect(await canvas.findByText('Paket Lama 2024')).toBeVisible();
    await expect(canvas.queryByText(demoPakets[0]!.nama_paket)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: `${t.admin.paket.restore} Paket Lama 2024` }));
    await waitFor(() => expect(body(canvasElement).getByText('Paket soal berhasil dipulihkan.')).toBeVisible());
  },
};
