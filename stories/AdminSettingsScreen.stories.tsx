import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { demoQrisSetting, paymentsHandlers } from '../src/api/mocks/payments.handlers.ts';
import { AdminSettingsScreen } from '../src/features/admin-payments/components/AdminSettingsScreen.tsx';
import { t } from '../src/i18n/id.ts';
import { inAdminFrame } from './support/AdminFrame.tsx';

const meta = {
  title: 'Screens/Admin Settings',
  decorators: [inAdminFrame],
  component: AdminSettingsScreen,
  parameters: {
    route: '/admin/settings',
    msw: [
      paymentsHandlers.qr(null),
      paymentsHandlers.qrUploadSucceeds(),
      paymentsHandlers.qrisSetting(),
      paymentsHandlers.qrisSaveSucceeds(),
    ],
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
  await userEvent.upload(
    el.querySelector<HTMLInputElement>('section[aria-labelledby="qr-title"] input[type="file"]')!,
    new File([blob], 'qr.png', { type: 'image/png' }),
  );
  await expect(await within(el).findByRole('img', { name: t.adminSettings.previewAlt })).toBeVisible();
}

export const NoQrYet: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(t.adminSettings.none)).toBeVisible();
  },
};

export const CurrentQr: Story = {
  parameters: { msw: [paymentsHandlers.qr(), paymentsHandlers.qrisSetting()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('img', { name: t.adminSettings.qrAlt })).toBeVisible();
  },
};

export const LoadError: Story = {
  parameters: { msw: [paymentsHandlers.qrFails(), paymentsHandlers.qrisSetting()] },
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
  parameters: { msw: [paymentsHandlers.qr(null), paymentsHandlers.qrUploadFails(), paymentsHandlers.qrisSetting()] },
  play: async ({ canvasElement }) => {
    await pickQr(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: t.adminSettings.save }));
    await waitFor(() => expect(body(canvasElement).getByText(t.adminSettings.failedTitle)).toBeVisible());
  },
};

const qrisSection = async (el: HTMLElement) => within(await within(el).findByRole('region', { name: t.adminQris.title }));

/** No payload yet: the static QR image still works, and the section says so. */
export const QrisNone: Story = {
  play: async ({ canvasElement }) => {
    const section = await qrisSection(canvasElement);
    await expect(await section.findByText(t.adminQris.none)).toBeVisible();
  },
};

export const QrisStored: Story = {
  parameters: { msw: [paymentsHandlers.qr(), paymentsHandlers.qrisSetting(demoQrisSetting)] },
  play: async ({ canvasElement }) => {
    const section = await qrisSection(canvasElement);
    await expect(await section.findByText(t.adminQris.stored)).toBeVisible();
    await expect(section.getByText(t.adminQris.merchant('TOEFL SIMULASI', 'BANDUNG'))).toBeVisible();
    await expect(section.getByTestId('qris-stored')).toHaveTextContent(demoQrisSetting.payload!);
  },
};

export const QrisPasteSaves: Story = {
  play: async ({ canvasElement }) => {
    const section = await qrisSection(canvasElement);
    await userEvent.click(section.getByRole('button', { name: t.adminQris.savePayload }));
    await expect(await section.findByText(t.adminQris.payloadRequired)).toBeVisible();
    await userEvent.click(section.getByLabelText(t.adminQris.payloadLabel, { exact: false }));
    await userEvent.paste(demoQrisSetting.payload!);
    await userEvent.click(section.getByRole('button', { name: t.adminQris.savePayload }));
    await waitFor(() => expect(body(canvasElement).getByText(t.adminQris.saved)).toBeVisible());
  },
};

/** Removing asks first and says what changes; after it, learners are back to the QR image. */
export const QrisRemoved: Story = {
  parameters: { msw: [paymentsHandlers.qr(), ...paymentsHandlers.qrisRemovable()] },
  play: async ({ canvasElement }) => {
    const section = await qrisSection(canvasElement);
    await userEvent.click(await section.findByRole('button', { name: t.adminQris.remove }));
    const dialog = await body(canvasElement).findByRole('dialog', { name: t.adminQris.removeConfirmTitle });
    await expect(dialog).toHaveTextContent(t.adminQris.removeConfirmText);
    await userEvent.click(within(dialog).getByRole('button', { name: t.adminQris.removeConfirm }));
    await waitFor(() => expect(body(canvasElement).getByText(t.adminQris.removed)).toBeVisible());
    await expect(await section.findByText(t.adminQris.none)).toBeVisible();
    await expect(section.queryByRole('button', { name: t.adminQris.remove })).toBeNull();
  },
};

/** The server's refusal (a broken CRC) stays on screen beside the form. */
export const QrisRefused: Story = {
  parameters: {
    msw: [
      paymentsHandlers.qr(null),
      paymentsHandlers.qrisSetting(),
      paymentsHandlers.qrisSaveFails('CRC QRIS tidak cocok. Salin ulang payload-nya utuh.'),
    ],
  },
  play: async ({ canvasElement }) => {
    const section = await qrisSection(canvasElement);
    await userEvent.type(section.getByLabelText(t.adminQris.payloadLabel, { exact: false }), '000201010211');
    await userEvent.click(section.getByRole('button', { name: t.adminQris.savePayload }));
    const alert = await section.findByRole('alert');
    await expect(alert).toHaveTextContent(t.adminQris.refusedTitle);
    await expect(alert).toHaveTextContent('CRC QRIS tidak cocok. Salin ulang payload-nya utuh.');
  },
};

export const QrisImageRequired: Story = {
  play: async ({ canvasElement }) => {
    const section = await qrisSection(canvasElement);
    await userEvent.click(section.getByRole('button', { name: t.adminQris.saveImage }));
    await expect(await section.findByText(t.adminQris.imageRequired)).toBeVisible();
  },
};

export const QrisImageRefused: Story = {
  parameters: {
    msw: [
      paymentsHandlers.qr(null),
      paymentsHandlers.qrisSetting(),
      paymentsHandlers.qrisSaveFails(
        'Kode QR tidak terbaca pada gambar. Gunakan gambar QRIS yang tajam dan utuh, atau tempel payload-nya.',
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const section = await qrisSection(canvasElement);
    const canvas = document.createElement('canvas');
    canvas.width = 20;
    canvas.height = 20;
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    const input = canvasElement.querySelector<HTMLInputElement>('section[aria-labelledby="qris-title"] input[type="file"]')!;
    await userEvent.upload(input, new File([blob], 'qris.png', { type: 'image/png' }));
    await userEvent.click(section.getByRole('button', { name: t.adminQris.saveImage }));
    await expect(await section.findByRole('alert')).toHaveTextContent('Kode QR tidak terbaca pada gambar.');
  },
};
