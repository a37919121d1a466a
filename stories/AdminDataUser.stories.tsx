import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { adminUsersHandlers } from '../src/api/mocks/admin-users.handlers.ts';
import { DataUserScreen } from '../src/features/admin/components/DataUserScreen.tsx';
import { t } from '../src/i18n/id.ts';
import { expectVisibleText } from './support/toast.ts';
import { inAdminFrame } from './support/AdminFrame.tsx';

const meta = {
  title: 'Admin/Data User',
  decorators: [inAdminFrame],
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
    const table = within(await canvas.findByRole('table'));
    await expect(await table.findByText('Peserta 1')).toBeVisible();
    for (const col of ['No', 'No HP', 'Nama Peserta', 'Foto Profil', 'Password', 'Status Ujian', 'Paket Soal Aktif', 'Paket Terakhir']) {
      await expect(canvas.getByRole('columnheader', { name: col })).toBeVisible();
    }
    await expect(table.getByText('Sedang Ujian')).toBeVisible();
    await expect(table.getAllByText('Belum Ujian').length).toBeGreaterThan(0);
    await expect(table.getAllByText('Belum Ada').length).toBeGreaterThan(0);
    await expect(table.getByText('Paket A Prediction')).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: /^Reset password / })).toHaveLength(20);
    await expect(canvas.getAllByRole('combobox', { name: /^Faktor waktu / })).toHaveLength(20);
    await expect(canvas.getByRole('columnheader', { name: t.admin.users.colFaktor })).toBeVisible();
    await expect(canvas.getByText('26 peserta')).toBeVisible();
  },
};

export const Paging: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'Peserta 1' });
    await userEvent.click(canvas.getByRole('button', { name: t.pagination.page(2) }));
    await expect(await canvas.findByRole('cell', { name: 'Peserta 21' })).toBeVisible();
    await expect(canvas.getByRole('cell', { name: '21' })).toBeVisible();
  },
};

export const SearchEmpty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'Peserta 1' });
    await userEvent.type(canvas.getByRole('searchbox', { name: t.admin.users.search }), 'tidak-ada');
    // Typing, the debounce and the search answer take a while on a busy machine.
    await expect(await canvas.findByText(t.admin.users.empty, {})).toBeVisible();
  },
};

export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'Peserta 1' });
    await userEvent.type(canvas.getByRole('searchbox', { name: t.admin.users.search }), 'wulan');
    await waitFor(() => expect(canvas.queryByText('Peserta 1')).toBeNull());
    await expect(canvas.getByRole('cell', { name: 'Rina Wulandari' })).toBeVisible();
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

/** On a phone every participant is a card with all its actions; nothing scrolls sideways. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = within(await canvas.findByRole('list', { name: t.admin.users.title }));
    await expect(await list.findByText('Peserta 1')).toBeVisible();
    await expect(list.getAllByRole('listitem')).toHaveLength(20);
    await expect(list.getByText('Sedang Ujian')).toBeVisible();
    await expect(list.getAllByRole('button', { name: /^Reset password / })).toHaveLength(20);
    await expect(list.getAllByRole('combobox', { name: t.admin.users.factor })).toHaveLength(20);
    await expect(canvas.queryByRole('columnheader')).toBeNull();
    const doc = canvasElement.ownerDocument.documentElement;
    await expect(doc.scrollWidth).toBeLessThanOrEqual(doc.clientWidth);
  },
};

/** The time factor shows the learner's current value and offers exactly the contract's steps. */
export const TimeFactor: Story = {
  play: async ({ canvasElement }) => {
    const fourth = await within(canvasElement).findByRole('combobox', { name: t.admin.users.factorLabel('Peserta 4') });
    await expect(fourth).toHaveValue('150');
    await expect(
      within(fourth)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1× (normal)', '1,25×', '1,5×', '1,75×', '2×']);
  },
};

const seen: unknown[] = [];
/** A new factor is asked first (from and to), then saved, and the server's message is shown. */
export const TimeFactorConfirm: Story = {
  parameters: { msw: [adminUsersHandlers.list(), adminUsersHandlers.factor(seen)] },
  play: async ({ canvasElement }) => {
    seen.length = 0;
    const first = await within(canvasElement).findByRole('combobox', { name: t.admin.users.factorLabel('Peserta 1') });
    await userEvent.selectOptions(first, '150');
    const confirm = await body(canvasElement).findByRole('dialog', { name: t.admin.users.factorConfirmTitle('Peserta 1') });
    await expect(confirm).toHaveTextContent(t.admin.users.factorConfirmText('1×', '1,5×'));
    await waitFor(() => expect(within(confirm).getByRole('button', { name: t.admin.users.factorConfirm })).toBeVisible());
    await userEvent.click(within(confirm).getByRole('button', { name: t.admin.users.factorConfirm }));
    await expectVisibleText(canvasElement, 'Faktor waktu disimpan. Berlaku mulai simulasi berikutnya yang dimulai peserta.');
    await expect(seen).toEqual([{ faktor_waktu_persen: 150 }]);
  },
};

/** Cancelling saves nothing and the select keeps the current value. */
export const TimeFactorCancel: Story = {
  parameters: { msw: [adminUsersHandlers.list(), adminUsersHandlers.factor(seen)] },
  play: async ({ canvasElement }) => {
    seen.length = 0;
    const first = await within(canvasElement).findByRole('combobox', { name: t.admin.users.factorLabel('Peserta 1') });
    await userEvent.selectOptions(first, '200');
    const confirm = await body(canvasElement).findByRole('dialog', { name: t.admin.users.factorConfirmTitle('Peserta 1') });
    await waitFor(() => expect(within(confirm).getByRole('button', { name: t.admin.common.cancel })).toBeVisible());
    await userEvent.click(within(confirm).getByRole('button', { name: t.admin.common.cancel }));
    await waitFor(() => expect(first).toHaveValue('100'));
    await expect(seen).toEqual([]);
  },
};

/** A refusal from the server is shown in its own words. */
export const TimeFactorRefused: Story = {
  parameters: { msw: [adminUsersHandlers.list(), adminUsersHandlers.factorRefused()] },
  play: async ({ canvasElement }) => {
    const first = await within(canvasElement).findByRole('combobox', { name: t.admin.users.factorLabel('Peserta 1') });
    await userEvent.selectOptions(first, '125');
    const confirm = await body(canvasElement).findByRole('dialog');
    await waitFor(() => expect(within(confirm).getByRole('button', { name: t.admin.users.factorConfirm })).toBeVisible());
    await userEvent.click(within(confirm).getByRole('button', { name: t.admin.users.factorConfirm }));
    await expectVisibleText(canvasElement, t.admin.users.factorFailed);
    await expectVisibleText(canvasElement, 'Faktor waktu hanya untuk akun peserta, bukan akun admin.');
  },
};
