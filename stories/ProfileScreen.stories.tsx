import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { demoDetail, demoPhoto, profileHandlers } from '../src/api/mocks/profile.handlers.ts';
import { ProfileScreen } from '../src/features/profile/components/ProfileScreen.tsx';
import { t } from '../src/i18n/id.ts';
import { expectVisibleText } from './support/toast.ts';

const meta = {
  title: 'Screens/Profile User',
  component: ProfileScreen,
  parameters: { route: '/profile', msw: [profileHandlers.detail(), profileHandlers.saveSucceeds(), profileHandlers.passwordSucceeds()] },
} satisfies Meta<typeof ProfileScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
const T = t.profile;

/** A small red PNG made on the spot (no fixture files in the browser). */
async function redPng(): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = 900;
  canvas.height = 600;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#e03131';
  context.fillRect(0, 0, 900, 600);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
  return new File([blob], 'merah.png', { type: 'image/png' });
}

const body = (el: HTMLElement) => within(el.ownerDocument.body);

export const Loading: Story = {
  parameters: { msw: [profileHandlers.detailPending()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(T.loading);
  },
};

export const LoadError: Story = {
  parameters: { msw: [profileHandlers.detailFails()] },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent(T.loadFailedTitle);
    await expect(alert).toHaveTextContent(T.loadFailed);
  },
};

export const DefaultPhoto: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('img', { name: T.defaultPhoto })).toBeVisible();
    await expect(canvas.getByLabelText(T.nama)).toHaveValue('Siti Nurhaliza');
    await expect(canvas.getByLabelText(T.email)).toHaveAttribute('type', 'email');
    await expect(canvas.getByLabelText(T.email)).toHaveValue('siti@contoh.id');
    const nohp = canvas.getByLabelText(T.nohp);
    await expect(nohp).toHaveValue('');
    await expect(nohp).toHaveAttribute('placeholder', T.nohpPlaceholder);
    await expect(canvas.getByText(T.nohpCurrent('6281234567890'))).toBeVisible();
    await expect(canvas.getByRole('button', { name: T.changePhoto })).toBeVisible();
    await expect(canvas.getByRole('button', { name: T.save })).toBeVisible();
    await expect(canvas.getByRole('button', { name: T.changePassword })).toBeVisible();
  },
};

export const WithPhoto: Story = {
  parameters: { msw: [profileHandlers.detail({ ...demoDetail, profilePic: demoPhoto })] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('img', { name: T.photoAlt('Siti Nurhaliza') })).toHaveAttribute('src', demoPhoto);
  },
};

export const PickAndSave: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByLabelText(T.nama);
    const input = canvasElement.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
    await expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
    await userEvent.upload(input, await redPng());
    // Downscaled in the browser to a JPEG of at most 512 px before it is sent.
    await expect(await canvas.findByText(T.photoChosen('merah.jpg'))).toBeVisible();
    const preview = canvas.getByRole('img', { name: T.photoAlt('Siti Nurhaliza') });
    const img = preview as HTMLImageElement;
    await waitFor(() => expect(img.naturalWidth).toBe(512));
    await userEvent.clear(canvas.getByLabelText(T.nama));
    await userEvent.type(canvas.getByLabelText(T.nama), 'Siti Nur’aini');
    await userEvent.type(canvas.getByLabelText(T.nohp), '081299998888');
    await userEvent.click(canvas.getByRole('button', { name: T.save }));
    await expectVisibleText(canvasElement, T.savedTitle);
    await expectVisibleText(canvasElement, T.saved);
    await waitFor(() => expect(canvas.queryByText(T.photoChosen('merah.jpg'))).toBeNull());
  },
};

export const Saving: Story = {
  parameters: { msw: [profileHandlers.detail(), profileHandlers.savePending()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: T.save }));
    await waitFor(() => expect(canvas.getByRole('button', { name: T.save })).toHaveAttribute('data-loading', 'true'));
  },
};

export const SaveRefused: Story = {
  parameters: { msw: [profileHandlers.detail(), profileHandlers.saveFails('Nomor HP sudah digunakan akun lain.')] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(T.nohp), '081211112222');
    await userEvent.click(canvas.getByRole('button', { name: T.save }));
    await expectVisibleText(canvasElement, T.saveFailedTitle);
    await expectVisibleText(canvasElement, 'Nomor HP sudah digunakan akun lain.');
  },
};

export const SaveNetworkError: Story = {
  parameters: { msw: [profileHandlers.detail(), profileHandlers.saveFails()] },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: T.save }));
    await expectVisibleText(canvasElement, T.saveFailed);
  },
};

export const PasswordModal: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: T.changePassword }));
    const dialog = await body(canvasElement).findByRole('dialog', { name: T.passwordModalTitle });
    const old = within(dialog).getByLabelText(T.oldPassword);
    await expect(old).toHaveAttribute('type', 'password');
    await userEvent.click(within(dialog).getAllByRole('button', { name: t.password.toggleVisibility })[0]!);
    await expect(old).toHaveAttribute('type', 'text');
    await waitFor(() => expect(within(dialog).getByLabelText(T.newPassword)).toBeVisible());
    await userEvent.click(within(dialog).getByRole('button', { name: t.dialog.close }));
    await waitFor(() => expect(body(canvasElement).queryByRole('dialog')).toBeNull());
  },
};

export const PasswordIncomplete: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: T.changePassword }));
    const dialog = await body(canvasElement).findByRole('dialog', { name: T.passwordModalTitle });
    await userEvent.type(within(dialog).getByLabelText(T.oldPassword), 'rahasia123');
    await userEvent.click(within(dialog).getByRole('button', { name: T.savePassword }));
    await expectVisibleText(canvasElement, T.incompleteTitle);
    await expectVisibleText(canvasElement, T.incomplete);
  },
};

export const PasswordSaved: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: T.changePassword }));
    const dialog = await body(canvasElement).findByRole('dialog', { name: T.passwordModalTitle });
    await userEvent.type(within(dialog).getByLabelText(T.oldPassword), 'rahasia123');
    await userEvent.type(within(dialog).getByLabelText(T.newPassword), 'sandi-baru-456');
    await userEvent.click(within(dialog).getByRole('button', { name: T.savePassword }));
    await expectVisibleText(canvasElement, T.passwordSavedTitle);
    await expectVisibleText(canvasElement, T.passwordSaved);
    await waitFor(() => expect(body(canvasElement).queryByRole('dialog')).toBeNull());
    // Fields are cleared for the next time.
    await userEvent.click(within(canvasElement).getByRole('button', { name: T.changePassword }));
    await expect(within(await body(canvasElement).findByRole('dialog')).getByLabelText(T.oldPassword)).toHaveValue('');
  },
};

export const PasswordRefused: Story = {
  parameters: { msw: [profileHandlers.detail(), profileHandlers.passwordFails('Password lama salah.')] },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: T.changePassword }));
    const dialog = await body(canvasElement).findByRole('dialog', { name: T.passwordModalTitle });
    await userEvent.type(within(dialog).getByLabelText(T.oldPassword), 'salah');
    await userEvent.type(within(dialog).getByLabelText(T.newPassword), 'sandi-baru-456');
    await userEvent.click(within(dialog).getByRole('button', { name: T.savePassword }));
    await expectVisibleText(canvasElement, T.passwordFailedTitle);
    await expectVisibleText(canvasElement, 'Password lama salah.');
    await expect(body(canvasElement).getByRole('dialog')).toBeVisible();
  },
};

export const PasswordNetworkError: Story = {
  parameters: { msw: [profileHandlers.detail(), profileHandlers.passwordFails()] },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: T.changePassword }));
    const dialog = await body(canvasElement).findByRole('dialog', { name: T.passwordModalTitle });
    await userEvent.type(within(dialog).getByLabelText(T.oldPassword), 'rahasia123');
    await userEvent.type(within(dialog).getByLabelText(T.newPassword), 'sandi-baru-456');
    await userEvent.click(within(dialog).getByRole('button', { name: T.savePassword }));
    await expectVisibleText(canvasElement, T.passwordFailed);
  },
};
