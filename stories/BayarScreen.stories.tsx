import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { demoQrImage, paymentsHandlers } from '../src/api/mocks/payments.handlers.ts';
import { BayarScreen } from '../src/features/payments/components/BayarScreen.tsx';
import { BayarView } from '../src/features/payments/components/BayarView.tsx';
import { t } from '../src/i18n/id.ts';
import { LocationProbe } from './support/LocationProbe.tsx';

function BayarRoutes() {
  return (
    <Routes>
      <Route path="/bayar/:paketId" element={<BayarScreen />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>
  );
}

const meta = {
  title: 'Screens/Bayar',
  component: BayarRoutes,
  parameters: {
    route: { pathname: '/bayar/1', state: { harga: 20000, nama_paket: 'Paket A Prediction' } },
    msw: [paymentsHandlers.paket(), paymentsHandlers.qr()],
  },
} satisfies Meta<typeof BayarRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (el: HTMLElement) => within(el.ownerDocument.body);

/** A real 1x1 PNG, as a phone would hand over a photo. */
async function pngFile(): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = 40;
  canvas.height = 30;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#c92a2a';
  ctx.fillRect(0, 0, 40, 30);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
  return new File([blob], 'bukti.png', { type: 'image/png' });
}

async function pickProof(el: HTMLElement) {
  const input = el.querySelector<HTMLInputElement>('input[type="file"]')!;
  await userEvent.upload(input, await pngFile());
  await expect(await within(el).findByRole('img', { name: t.bayar.previewAlt })).toBeVisible();
}

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('img', { name: t.bayar.qrAlt })).toBeVisible();
    await expect(canvas.getByTestId('bayar-paket')).toHaveTextContent('Paket A Prediction');
    await expect(canvas.getByTestId('bayar-harga')).toHaveTextContent(/Rp\s20\.000/);
    await expect(canvas.getByRole('link', { name: t.participantNav.simulasi })).toHaveAttribute('aria-current', 'page');
  },
};

/** The server's price wins over a stale one in the navigation state. */
export const PriceFromServer: Story = {
  parameters: {
    route: { pathname: '/bayar/1', state: { harga: 1, nama_paket: 'Nama lama' } },
    msw: [
      paymentsHandlers.paket({
        id: 1,
        nama_paket: 'Paket A Prediction',
        level: 'prediction',
        harga: 20000,
        status: 'siap',
        durasi_listening: 1,
        durasi_written: 1,
        durasi_reading: 1,
      }),
      paymentsHandlers.qr(),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByTestId('bayar-harga')).toHaveTextContent(/Rp\s20\.000/));
    await expect(canvas.getByTestId('bayar-paket')).toHaveTextContent('Paket A Prediction');
  },
};

export const NoQrConfigured: Story = {
  parameters: { msw: [paymentsHandlers.paket(), paymentsHandlers.qr(null)] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(t.bayar.qrMissingTitle)).toBeVisible();
  },
};

export const PaketLoadFails: Story = {
  parameters: { route: '/bayar/99', msw: [paymentsHandlers.paketFails(), paymentsHandlers.qr()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(t.bayar.loadFailed);
  },
};

export const RejectedBefore: Story = {
  parameters: {
    route: {
      pathname: '/bayar/1',
      state: {
        harga: 20000,
        nama_paket: 'Paket A Prediction',
        alasan: 'Pembayaran ditolak. Alasan: Nominal tidak sesuai',
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Pembayaran ditolak. Alasan: Nominal tidak sesuai')).toBeVisible();
  },
};

export const MissingFile: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: t.bayar.submit }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t.bayar.required);
  },
};

export const UploadSucceeds: Story = {
  parameters: {
    msw: [paymentsHandlers.paket(), paymentsHandlers.qr(), paymentsHandlers.uploadSucceeds()],
  },
  play: async ({ canvasElement }) => {
    await pickProof(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: t.bayar.submit }));
    await waitFor(() => expect(body(canvasElement).getByText(t.bayar.success)).toBeVisible());
    await waitFor(() => expect(within(canvasElement).getByTestId('probe-path')).toHaveTextContent('/paketsoal'));
  },
};

export const UploadFails: Story = {
  parameters: {
    msw: [
      paymentsHandlers.paket(),
      paymentsHandlers.qr(),
      paymentsHandlers.uploadFails(409, 'Pembayaran untuk paket ini masih menunggu verifikasi admin.'),
    ],
  },
  play: async ({ canvasElement }) => {
    await pickProof(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: t.bayar.submit }));
    await waitFor(() => expect(body(canvasElement).getByText(t.bayar.failed)).toBeVisible());
    await waitFor(() => expect(body(canvasElement).getByText('Pembayaran untuk paket ini masih menunggu verifikasi admin.')).toBeVisible());
  },
};

/** The view alone while the proof is being sent. */
export const Submitting: Story = {
  render: () => (
    <BayarView
      paket={{ nama_paket: 'Paket A Prediction', harga: 20000 }}
      paketLoading={false}
      paketFailed={false}
      qrUrl={demoQrImage}
      qrLoading={false}
      previewUrl={demoQrImage}
      fileName="bukti.jpg"
      onPick={fn()}
      onReject={fn()}
      fieldError={null}
      isPreparing={false}
      isSubmitting
      onSubmit={fn()}
    />
  ),
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: t.bayar.submit });
    await expect(button).toHaveAttribute('data-loading', 'true');
  },
};
