import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { adminContentHandlers, demoPakets, demoSoal } from '../src/api/mocks/admin-content.handlers.ts';
import { SectionChooserScreen } from '../src/features/admin/components/SectionChooserScreen.tsx';
import { SoalListView } from '../src/features/admin/components/SoalListView.tsx';
import {
  ListeningListScreen,
  ReadingListScreen,
  StructureListScreen,
  WrittenListScreen,
} from '../src/features/admin/components/SoalListScreen.tsx';
import { t } from '../src/i18n/id.ts';
import { inAdminFrame } from './support/AdminFrame.tsx';
import { mediaHandlers } from './support/media.ts';
import { AdminRoute } from './support/AdminRoute.tsx';
import { AdminDestination } from './support/AdminDestination.tsx';
import { expectVisibleText } from './support/toast.ts';

function Lists() {
  return (
    <Routes>
      <Route path="/admin/soal-simulasi/soal-listening/:paketId" element={<ListeningListScreen />} />
      <Route path="/admin/soal-simulasi/soal-structure/:paketId" element={<StructureListScreen />} />
      <Route path="/admin/soal-simulasi/soal-written/:paketId" element={<WrittenListScreen />} />
      <Route path="/admin/soal-simulasi/soal-reading/:paketId" element={<ReadingListScreen />} />
      <Route path="*" element={<AdminDestination />} />
    </Routes>
  );
}

const meta = {
  title: 'Admin/Soal lists',
  decorators: [inAdminFrame],
  component: Lists,
  parameters: {
    route: { pathname: '/admin/soal-simulasi/soal-listening/2', state: { namaPaket: 'Paket A Prediction' } },
    msw: [adminContentHandlers.soalList('listening'), ...adminContentHandlers.destinations(), ...mediaHandlers],
  },
} satisfies Meta<typeof Lists>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  parameters: { msw: [adminContentHandlers.soalListPending('listening'), ...adminContentHandlers.destinations(), ...mediaHandlers] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(t.admin.common.loading);
  },
};

export const ListeningEmpty: Story = {
  parameters: { msw: [adminContentHandlers.soalList('listening', []), ...adminContentHandlers.destinations(), ...mediaHandlers] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Belum ada soal listening')).toBeVisible();
  },
};

export const WrittenEmpty: Story = {
  parameters: {
    route: '/admin/soal-simulasi/soal-written/2',
    msw: [
      adminContentHandlers.soalList('written', []),
      adminContentHandlers.paket(),
      ...adminContentHandlers.destinations(),
      ...mediaHandlers,
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Belum ada soal written')).toBeVisible();
    // Opened directly: the package name is fetched.
    await expect(await canvas.findByRole('heading', { name: 'Soal Written Expression — Paket A Prediction' })).toBeVisible();
  },
};

export const ListeningList: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Soal Listening — Paket A Prediction' })).toBeVisible();
    await expect(await canvas.findByLabelText('Audio 1')).toHaveAttribute('src', '/api/media/demo-clip.mp3');
    await expect(canvas.getByText('Audio soal 31')).toBeVisible();
    await expect(canvas.getByText('2/50 soal')).toBeVisible();
  },
};

export const WrittenList: Story = {
  parameters: {
    route: { pathname: '/admin/soal-simulasi/soal-written/2', state: { namaPaket: 'Paket A' } },
    msw: [adminContentHandlers.soalList('written'), ...adminContentHandlers.destinations(), ...mediaHandlers],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('children')).toBeVisible();
    await expect(canvas.getByRole('cell', { name: 'B' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Edit Soal 16' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Hapus Soal 16' })).toBeVisible();
  },
};

const structureFull = Array.from({ length: 15 }, (_, i) => ({ ...demoSoal.structure[0]!, id: 700 + i, no_soal: i + 1, page: 52 + i }));

/** Every number of the section is taken: 'Tambah Soal' is off until one is deleted. */
export const FullSection: Story = {
  parameters: {
    route: { pathname: '/admin/soal-simulasi/soal-structure/2', state: { namaPaket: 'Paket A' } },
    msw: [adminContentHandlers.soalList('structure', structureFull), ...adminContentHandlers.destinations(), ...mediaHandlers],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('15/15 soal')).toBeVisible();
    await expect(canvas.getByRole('button', { name: t.admin.soal.add })).toBeDisabled();
  },
};

export const ReadingList: Story = {
  parameters: {
    route: { pathname: '/admin/soal-simulasi/soal-reading/2', state: { namaPaket: 'Paket A' } },
    msw: [adminContentHandlers.soalList('reading'), ...adminContentHandlers.destinations(), ...mediaHandlers],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Bacaan 1 — Coral Reefs')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Soal 1' }));
    await waitFor(() => expect(canvas.getByTestId('probe-path')).toHaveTextContent('/admin/soal-simulasi/edit-soal-reading/401'));
  },
};

export const LoadError: Story = {
  parameters: {
    route: '/admin/soal-simulasi/soal-structure/99',
    msw: [
      adminContentHandlers.soalListFail('structure'),
      adminContentHandlers.paketNotFound(),
      ...adminContentHandlers.destinations(),
      ...mediaHandlers,
    ],
  },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('Gagal mengambil data soal structure');
    await expect(alert).toHaveTextContent('Paket soal tidak ditemukan.');
  },
};

export const DeleteConfirmed: Story = {
  parameters: {
    msw: [
      adminContentHandlers.soalList('listening'),
      adminContentHandlers.deleteSoal(),
      ...adminContentHandlers.destinations(),
      ...mediaHandlers,
    ],
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Hapus Soal 32' }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText('Tindakan ini tidak bisa dibatalkan.')).toBeVisible());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    await expectVisibleText(canvasElement, 'Soal berhasil dihapus.');
  },
};

/** Learners are sitting the package: the delete is refused and the admin reads why and the way out. */
export const DeleteRefusedWhileSat: Story = {
  parameters: {
    msw: [
      adminContentHandlers.soalList('listening'),
      adminContentHandlers.deleteSoalFail(409, adminContentHandlers.runningAttemptMessage),
      ...adminContentHandlers.destinations(),
      ...mediaHandlers,
    ],
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Hapus Soal 32' }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    await expectVisibleText(canvasElement, /sedang dikerjakan oleh 2 peserta.*salin paket ini/);
    await expect(await within(canvasElement).findByRole('button', { name: 'Hapus Soal 32' })).toBeVisible();
  },
};

/** Deleting from a siap package says first that the package goes back to belum. */
export const DeleteUnpublishes: Story = {
  parameters: {
    msw: [
      adminContentHandlers.soalList('listening'),
      adminContentHandlers.paket(demoPakets[0]),
      adminContentHandlers.deleteSoal(),
      ...adminContentHandlers.destinations(),
      ...mediaHandlers,
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: 'Hapus Soal 32' });
    await expect(await canvas.findByText(t.admin.soal.paketSiapNote)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Hapus Soal 32' }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText(/statusnya kembali menjadi belum/)).toBeVisible());
  },
};

const completeBelum = { ...demoPakets[0]!, status: 'belum' as const };

/** A package complete again after a removal: the screens offer to publish it again. */
export const RepublishOffer: Story = {
  parameters: {
    msw: [
      adminContentHandlers.soalList('listening'),
      adminContentHandlers.paket(completeBelum),
      adminContentHandlers.updatePaket(),
      ...adminContentHandlers.destinations(),
      ...mediaHandlers,
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(t.admin.paket.republishTitle)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t.admin.paket.republish }));
    await expectVisibleText(canvasElement, t.admin.paket.republished);
  },
};

const refusedName = /Paket belum lengkap, belum bisa diset siap/;

/** Shared by both screens: the refusal box lists each section's missing numbers and stays until 'Tutup pesan'. */
async function expectRefusalUntilClosed(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: t.admin.paket.republish }));
  const alert = await canvas.findByRole('alert', { name: refusedName });
  const lines = within(alert)
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  await expect(lines).toEqual([
    'Listening: belum ada nomor 2–50',
    'Structure: belum ada nomor 2–15',
    'Written Expression: belum ada nomor 17–40',
    'Reading: belum ada nomor 2–50',
  ]);
  // A toast would be gone by now; the box is not.
  await new Promise((r) => setTimeout(r, 300));
  await expect(canvas.getByRole('alert', { name: refusedName })).toBeVisible();
  await userEvent.click(within(alert).getByRole('button', { name: t.admin.paket.dismiss }));
  await waitFor(() => expect(canvas.queryByRole('alert', { name: refusedName })).toBeNull());
}

/** 'Tandai siap' on an offer gone stale (a question was removed meanwhile): the 409's missing numbers, until closed. */
export const RepublishRefused: Story = {
  parameters: {
    msw: [
      adminContentHandlers.soalList('listening'),
      adminContentHandlers.paket(completeBelum),
      adminContentHandlers.updatePaketIncomplete(),
      ...adminContentHandlers.destinations(),
      ...mediaHandlers,
    ],
  },
  play: async ({ canvasElement }) => expectRefusalUntilClosed(canvasElement),
};

/** The refusal box as it stays on a section list, above the questions, until 'Tutup pesan'. */
export const RepublishRefusedShown: Story = {
  render: () => (
    <SoalListView
      section="listening"
      namaPaket="Paket A Prediction"
      status="ready"
      soals={demoSoal.listening}
      onAdd={fn()}
      onDelete={fn()}
      onBack={fn()}
      onRepublish={fn()}
      siapRefusal={{
        message: 'Paket belum lengkap, belum bisa diset siap. Listening: 1 dari 50 soal.',
        completeness: demoPakets[1]!.completeness,
      }}
      onDismissRefusal={fn()}
    />
  ),
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert', { name: refusedName });
    await expect(within(alert).getAllByRole('listitem')).toHaveLength(4);
    await expect(within(alert).getByRole('button', { name: t.admin.paket.dismiss })).toBeVisible();
  },
};

/** The same refusal on the section chooser. */
export const ChooserRepublishRefused: Story = {
  parameters: {
    route: '/admin/soal-simulasi/add-soal/1',
    msw: [
      adminContentHandlers.paket(completeBelum),
      adminContentHandlers.updatePaketIncomplete(),
      ...adminContentHandlers.destinations(),
      ...mediaHandlers,
    ],
  },
  render: () => (
    <AdminRoute path="/admin/soal-simulasi/add-soal/:paketId">
      <SectionChooserScreen />
    </AdminRoute>
  ),
  play: async ({ canvasElement }) => expectRefusalUntilClosed(canvasElement),
};

/** add-soal/{paketId}: the four sections with their counts, each to its list. */
export const SectionChooser: Story = {
  parameters: {
    route: '/admin/soal-simulasi/add-soal/2',
    msw: [adminContentHandlers.paket(), ...adminContentHandlers.destinations(), ...mediaHandlers],
  },
  render: () => (
    <AdminRoute path="/admin/soal-simulasi/add-soal/:paketId">
      <SectionChooserScreen />
    </AdminRoute>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Tambah Soal — Paket A Prediction' })).toBeVisible();
    await expect(canvas.getByText('1/15 soal')).toBeVisible();
    for (const s of ['Listening', 'Structure', 'Written Expression', 'Reading'])
      await expect(canvas.getByRole('button', { name: s })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Written Expression' }));
    await waitFor(() => expect(canvas.getByTestId('probe-path')).toHaveTextContent('/admin/soal-simulasi/soal-written/2'));
  },
};
