import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { adminContentHandlers } from '../src/api/mocks/admin-content.handlers.ts';
import { PaketAddScreen, PaketEditScreen } from '../src/features/admin/components/PaketFormScreen.tsx';
import { PaketFormView } from '../src/features/admin/components/PaketFormView.tsx';
import { t } from '../src/i18n/id.ts';
import { AdminRoute } from './support/AdminRoute.tsx';
import { expectVisibleText } from './support/toast.ts';
import { inAdminFrame } from './support/AdminFrame.tsx';
import { mediaHandlers } from './support/media.ts';

const meta = {
  title: 'Admin/Paket form',
  decorators: [inAdminFrame],
  component: PaketFormView,
  args: { mode: 'add', isSaving: false, onSubmit: fn(), onCancel: fn() },
} satisfies Meta<typeof PaketFormView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AddDefaults: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: t.admin.paket.formAddTitle })).toBeVisible();
    await expect(canvas.getByLabelText(t.admin.paket.durasiListening)).toHaveValue('35');
    await expect(canvas.getByLabelText(t.admin.paket.durasiWritten)).toHaveValue('25');
    await expect(canvas.getByLabelText(t.admin.paket.durasiReading)).toHaveValue('55');
    await userEvent.type(canvas.getByLabelText(/Nama Paket/), 'Paket B');
    const harga = canvas.getByLabelText(t.admin.paket.harga);
    await userEvent.clear(harga);
    await userEvent.type(harga, '25000');
    await expect(harga).toHaveValue('Rp 25.000');
    await userEvent.click(canvas.getByRole('button', { name: t.admin.paket.save }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      nama_paket: 'Paket B',
      level: 'itp',
      harga: 25000,
      status: 'belum',
      durasi_listening: 2100,
      durasi_written: 1500,
      durasi_reading: 3300,
    });
  },
};

export const NameRequired: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: t.admin.paket.save }));
    await expect(await canvas.findByText('Nama paket wajib diisi!')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const Saving: Story = {
  args: { isSaving: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: t.admin.paket.save })).toHaveAttribute('data-loading', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent(t.admin.common.saving);
  },
};

export const AddServerError: Story = {
  parameters: {
    route: '/admin/soal-simulasi/add',
    msw: [adminContentHandlers.createPaketFail('Harga tidak boleh negatif.'), ...adminContentHandlers.destinations(), ...mediaHandlers],
  },
  render: () => (
    <AdminRoute path="/admin/soal-simulasi/add">
      <PaketAddScreen />
    </AdminRoute>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/Nama Paket/), 'Paket C');
    await userEvent.click(canvas.getByRole('button', { name: t.admin.paket.save }));
    await expectVisibleText(canvasElement, t.admin.paket.addFailed);
    await expectVisibleText(canvasElement, 'Harga tidak boleh negatif.');
  },
};

export const AddSaved: Story = {
  parameters: {
    route: '/admin/soal-simulasi/add',
    msw: [adminContentHandlers.createPaket(), ...adminContentHandlers.destinations(), ...mediaHandlers],
  },
  render: () => (
    <AdminRoute path="/admin/soal-simulasi/add">
      <PaketAddScreen />
    </AdminRoute>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/Nama Paket/), 'Paket C');
    await userEvent.click(canvas.getByRole('button', { name: t.admin.paket.save }));
    await expectVisibleText(canvasElement, 'Paket soal berhasil ditambahkan.');
    await waitFor(() => expect(canvas.getByTestId('probe-path')).toHaveTextContent('/admin/soal-simulasi'));
  },
};

const editRoute = (
  <AdminRoute path="/admin/soal-simulasi/edit/:id">
    <PaketEditScreen />
  </AdminRoute>
);

export const EditLoading: Story = {
  parameters: {
    route: '/admin/soal-simulasi/edit/2',
    msw: [adminContentHandlers.paketPending(), ...adminContentHandlers.destinations(), ...mediaHandlers],
  },
  render: () => editRoute,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(t.admin.common.loading);
  },
};

export const EditNotFound: Story = {
  parameters: {
    route: '/admin/soal-simulasi/edit/99',
    msw: [adminContentHandlers.paketNotFound(), ...adminContentHandlers.destinations(), ...mediaHandlers],
  },
  render: () => editRoute,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Paket soal tidak ditemukan.');
  },
};

/** Siap on an incomplete package: the server's 409 sentence and each section's missing numbers, until closed. */
export const EditSiapIncomplete: Story = {
  parameters: {
    route: '/admin/soal-simulasi/edit/2',
    msw: [
      adminContentHandlers.paket(),
      adminContentHandlers.updatePaketIncomplete(),
      ...adminContentHandlers.destinations(),
      ...mediaHandlers,
    ],
  },
  render: () => editRoute,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByLabelText(/Nama Paket/)).toHaveValue('Paket A Prediction'));
    await expect(canvas.getByLabelText(t.admin.paket.harga)).toHaveValue('Rp 20.000');
    await userEvent.click(canvas.getByRole('radio', { name: t.admin.paket.statusSiap }));
    await userEvent.click(canvas.getByRole('button', { name: t.admin.paket.save }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(/Paket belum lengkap, belum bisa diset siap\. Listening: 1 dari 50 soal\./);
    const lines = within(alert)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    await expect(lines).toEqual([
      'Listening: belum ada nomor 2–50',
      'Structure: belum ada nomor 2–15',
      'Written Expression: belum ada nomor 17–40',
      'Reading: belum ada nomor 2–50',
    ]);
    // It stays until the admin closes it (a toast would be gone by now).
    await new Promise((r) => setTimeout(r, 300));
    await expect(canvas.getByRole('alert')).toBeVisible();
    await userEvent.click(within(alert).getByRole('button', { name: t.admin.paket.dismiss }));
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
  },
};
