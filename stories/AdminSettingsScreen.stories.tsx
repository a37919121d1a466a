import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { paymentsHandlers } from '../src/api/mocks/payments.handlers.ts';
import { AdminSettingsScreen } from '../src/features/admin-payments/components/AdminSettingsScreen.tsx';
import { t } from '../src/i18n/id.ts';

const meta = {
  title: 'Screens/Admin Settings',
  component: AdminSettingsScreen,
  parameters: {
    route: '/admin/settings',
    msw: [paymentsHandlers.qr(null), paymentsHandlers.qrUploadSucceeds()],
  },
} satisfies Meta<typeof AdminSettingsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (el: HTMLElement) => within(el.ownerDocument.body);

async function pickQr(el: HTMLElement) {
  const canvas = document.createElement('canvas');
  canvas.width = 20;
  canvas.height = 20;
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
  await userEvent.upload(el.querySelector<HTMLInputElement>('input[type="file"]')!, new File([blob], 'qr.png', { type: 'image/png' }));
  await expect(await within(el).findByRole('img', { name: t.adminSettings.previewAlt })).toBeVisible();
}

export const NoQrYet: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(t.adminSettings.none)).toBeVisible();
  },
};

export const CurrentQr: Story = {
  parameters: { msw: [paymentsHandlers.qr()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('img', { name: t.adminSettings.qrAlt })).toBeVisible();
  },
};

export const LoadError: Story = {
  parameters: { msw: [paymentsHandlers.qrFails()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(t.adminSettings.loadFailed);
  },
};

export const Required: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: t.adminSettings.save }));
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(t.adminSettings.required);
  },
};

export const PreviewAndSave: Story = {
  play: async ({ canvasElement }) => {
    await pickQr(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: t.adminSettings.save }));
    await waitFor(() => expect(body(canvasElement).getByText(t.adminSettings.saved)).toBeVisible());
  },
};

export const SaveFails: Story = {
  parameters: { msw: [paymentsHandlers.qr(null), paymentsHandlers.qrUploadFails()] },
  play: async ({ canvasElement }) => {
    await pickQr(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: t.adminSettings.save }));
    await waitFor(() => expect(body(canvasElement).getByText(t.adminSettings.failedTitle)).toBeVisible());
  },
};
