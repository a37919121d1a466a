import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { adminUsersHandlers } from '../src/api/mocks/admin-users.handlers.ts';
import { DataUserScreen } from '../src/features/admin/components/DataUserScreen.tsx';
import { t } from '../src/i18n/id.ts';
import { expectVisibleText } from './support/toast.ts';

const meta = {
  title: 'Admin/Data User',
  component: DataUserScreen,
  parameters: { route: '/admin/data-user', msw: [adminUsersHandlers.list(), adminUsersHandlers.reset()] },
} satisfies Meta<typeof DataUserScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
const body = (el: HTMLElement) => within(el.ownerDocument.body);

export const Loading: Story = {
  parameters: { msw: [adminUsersHandlers.listPending()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(t.admin.common.loading);
  },
};

export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Peserta 1')).toBeVisible();
    for (const col of ['No', 'No HP', 'Nama Peserta', 'Foto Profil', 'Password', 'Status Ujian', 'Paket Soal Aktif', 'Paket Terakhir']) {
      await expect(canvas.getByRole('columnheader', { name: col })).toBeVisible();
    }
    await expect(canvas.getByText('Sedang Ujian')).toBeVisible();
    await expect(canvas.getAllByText('Belum Ujian').length).toBeGreaterThan(0);
    await expect(canvas.getAllByText('Belum Ada').length).toBeGreaterThan(0);
    await expect(canvas.getByText('Paket A Prediction')).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: /^Reset password / })).toHaveLength(20);
    await expect(canvas.getByText('26 peserta')).toBeVisible();
  },
};

export const Paging: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Peserta 1');
    await userEvent.click(canvas.getByRole('button', { name: '2' }));
    await expect(await canvas.findByText('Peserta 21')).toBeVisible();
    await expect(canvas.getByRole('cell', { name: '21' })).toBeVisible();
  },
};

export const SearchEmpty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Peserta 1');
    await userEvent.type(canvas.getByRole('searchbox', { name: t.admin.users.search }), 'tidak-ada');
    await expect(await canvas.findByText(t.admin.users.empty)).toBeVisible();
  },
};

export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Peserta 1');
    await userEvent.type(canvas.getByRole('searchbox', { name: t.admin.users.search }), 'wulan');
    await waitFor(() => expect(canvas.queryByText('Peserta 1')).toBeNull());
    await expect(canvas.getByText('Rina Wulandari')).toBeVisible();
  },
};

export const LoadError: Story = {
  parameters: { msw: [adminUsersHandlers.listFail()] },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('Gagal');
    await expect(alert).toHaveTextContent('Gagal mengambil data exam users');
  },
};

/** Reset asks first, then shows the temporary password once, with a copy button. */
export const ResetPassword: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Reset password Rina Wulandari' }));
    const confirm = await body(canvasElement).findByRole('dialog', { name: 'Reset password Rina Wulandari?' });
    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'Reset' })).toBeVisible());
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reset' }));
    const done = await body(canvasElement).findByRole('dialog', { name: t.admin.users.resetDoneTitle });
    await waitFor(() => expect(within(done).getByTestId('temporary-password')).toHaveTextContent('k7m2x9qp4a'));
    await waitFor(() => expect(within(done).getByRole('button', { name: t.admin.users.copy })).toBeVisible());
  },
};

export const ResetFails: Story = {
  parameters: { msw: [adminUsersHandlers.list(), adminUsersHandlers.resetFail()] },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Reset password Peserta 1' }));
    const confirm = await body(canvasElement).findByRole('dialog');
    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'Reset' })).toBeVisible());
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reset' }));
    await expectVisibleText(canvasElement, t.admin.users.resetFailed);
    await expectVisibleText(canvasElement, 'Pengguna tidak ditemukan.');
  },
};
