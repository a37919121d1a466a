import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { adminContentHandlers, demoPakets } from '../src/api/mocks/admin-content.handlers.ts';
import { PaketListScreen } from '../src/features/admin/components/PaketListScreen.tsx';
import { t } from '../src/i18n/id.ts';
import { AdminRoute } from './support/AdminRoute.tsx';
import { inAdminFrame } from './support/AdminFrame.tsx';
import { mediaHandlers } from './support/media.ts';
import { expectVisibleText } from './support/toast.ts';

function Screen() {
  return (
    <AdminRoute path="/admin/soal-simulasi">
      <PaketListScreen />
    </AdminRoute>
  );
}

const meta = {
  title: 'Admin/Paket list',
  decorators: [inAdminFrame],
  component: Screen,
  parameters: {
    route: '/admin/soal-simulasi',
    msw: [adminContentHandlers.pakets(), ...adminContentHandlers.destinations(), ...mediaHandlers],
  },
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;
const body = (el: HTMLElement) => within(el.ownerDocument.body);

export const Loading: Story = {
  parameters: { msw: [adminContentHandlers.paketsPending(), ...adminContentHandlers.destinations(), ...mediaHandlers] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(t.admin.common.loading);
  },
};

export const Empty: Story = {
  parameters: { msw: [adminContentHandlers.pakets([]), ...adminContentHandlers.destinations(), ...mediaHandlers] },
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
  parameters: { msw: [adminContentHandlers.paketsFail(), ...adminContentHandlers.destinations(), ...mediaHandlers] },
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

const copy = { ...demoPakets[0]!, id: 3, nama_paket: `Salinan ${demoPakets[0]!.nama_paket}`, status: 'belum' as const };

/** 'Salin' asks first, then opens the copy's edit form. */
export const Clone: Story = {
  parameters: {
    msw: [
      adminContentHandlers.pakets(),
      adminContentHandlers.clonePaket(),
      adminContentHandlers.paket(copy),
      ...adminContentHandlers.destinations(),
      ...mediaHandlers,
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: t.admin.paket.cloneLabel(demoPakets[0]!.nama_paket) }));
    const dialog = within(await body.findByRole('dialog', { name: t.admin.paket.cloneTitle(demoPakets[0]!.nama_paket) }));
    await waitFor(() => expect(dialog.getByText(t.admin.paket.cloneText)).toBeVisible());
    await userEvent.click(dialog.getByRole('button', { name: t.admin.paket.cloneConfirm }));
    await expectVisibleText(canvasElement, 'Paket soal berhasil disalin.');
    await waitFor(() => expect(canvas.getByTestId('probe-path')).toHaveTextContent('/admin/soal-simulasi/edit/3'));
    await expect(await canvas.findByRole('textbox', { name: /Nama Paket/ })).toHaveValue(copy.nama_paket);
  },
};

/** The clone refused (a running attempt): the list stays, the reason shows. */
export const CloneFails: Story = {
  parameters: {
    msw: [adminContentHandlers.pakets(), adminContentHandlers.clonePaketFail(), ...adminContentHandlers.destinations(), ...mediaHandlers],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: t.admin.paket.cloneLabel(demoPakets[1]!.nama_paket) }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: t.admin.paket.cloneConfirm }));
    await expectVisibleText(canvasElement, 'Paket sedang dipakai ujian yang berjalan. Coba lagi nanti.');
    await expect(canvas.queryByTestId('probe-path')).toBeNull();
  },
};

export const DeleteArchives: Story = {
  parameters: {
    msw: [adminContentHandlers.pakets(), adminContentHandlers.deletePaket(), ...adminContentHandlers.destinations(), ...mediaHandlers],
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: `Hapus ${demoPakets[1]!.nama_paket}` }));
    const dialog = await body(canvasElement).findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText(t.admin.paket.confirmArchiveText)).toBeVisible());
    await userEvent.click(within(dialog).getByRole('button', { name: t.admin.paket.archiveConfirm }));
    await waitFor(() => expect(body(canvasElement).getByText(/Paket soal berhasil diarsipkan/)).toBeVisible());
  },
};

export const ArchiveRefused: Story = {
  parameters: {
    msw: [adminContentHandlers.pakets(), adminContentHandlers.deletePaketFail(), ...adminContentHandlers.destinations(), ...mediaHandlers],
  },
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
  parameters: {
    msw: [
      adminContentHandlers.pakets([...demoPakets, archivedPaket]),
      adminContentHandlers.restorePaket(),
      ...adminContentHandlers.destinations(),
      ...mediaHandlers,
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByText(t.admin.paket.tabArchive(1)));
    await expect(await canvas.findByText('Paket Lama 2024')).toBeVisible();
    await expect(canvas.queryByText(demoPakets[0]!.nama_paket)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: `${t.admin.paket.restore} Paket Lama 2024` }));
    await waitFor(() => expect(body(canvasElement).getByText('Paket soal berhasil dipulihkan.')).toBeVisible());
  },
};
