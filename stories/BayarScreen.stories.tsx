import type { Meta, StoryObj } from '@storybook/react-vite';
import type { RequestHandler } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { demoGatewayOrder, demoOrder, demoQrImage, paymentsHandlers } from '../src/api/mocks/payments.handlers.ts';
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

const heldQr = paymentsHandlers.qrPictureHeld();

/**
 * On a slow link the QR picture arrives after the page: its square place and a loader are there
 * from the start, and nothing below it moves when it comes (the proof upload used to jump down
 * by the picture's height under the learner's thumb).
 */
export const QrPictureOnItsWay: Story = {
  parameters: { msw: [paymentsHandlers.paket(), ...heldQr.handlers] },
  beforeEach: () => heldQr.hold(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toBeVisible();
    const paket = await canvas.findByTestId('bayar-paket');
    await waitFor(() => expect(paket).toHaveTextContent('Paket A Prediction'));
    // The picture's address is in, the picture is not: the loader is still there.
    const qr = await canvas.findByRole('img', { name: t.bayar.qrAlt });
    await expect(canvas.getByRole('status')).toBeVisible();
    const before = paket.getBoundingClientRect().top;
    heldQr.release();
    await waitFor(() => expect((qr as HTMLImageElement).naturalWidth).toBeGreaterThan(0));
    await waitFor(() => expect(canvas.queryByRole('status')).toBeNull());
    await expect(paket.getBoundingClientRect().top).toBe(before);
    await expect(qr.getBoundingClientRect().height).toBeGreaterThan(200);
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

const orderParams = (...handlers: RequestHandler[]) => ({
  msw: [paymentsHandlers.paket(), paymentsHandlers.qr(null, { orders: true }), ...handlers],
});
const gatewayParams = (...handlers: RequestHandler[]) => ({
  msw: [paymentsHandlers.paket(), paymentsHandlers.qr(null, { orders: true, gateway: true }), ...handlers],
});

/** A manual QRIS order: the QR drawn from its payload, the odd amount explained, its expiry, save, and the proof beside it. */
export const OrderManual: Story = {
  parameters: orderParams(...paymentsHandlers.order()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const qr = await canvas.findByRole('img', { name: t.order.qrAlt('Rp\u00a025.123') });
    await waitFor(() => expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/));
    await expect(canvas.getByTestId('order-amount')).toHaveTextContent(/Rp\s25\.123/);
    await expect(canvas.getByText(/ditambah kode unik 123 rupiah/)).toBeVisible();
    await expect(canvas.getByTestId('order-expires')).toHaveTextContent(/^Berlaku sampai/);
    const save = canvas.getByRole('link', { name: t.order.save });
    await expect(save).toHaveAttribute('download', 'qris-25123.png');
    await expect(save.getAttribute('href')).toBe(qr.getAttribute('src'));
    await expect(canvas.getByTestId('proof-amount')).toHaveTextContent(/Rp\s25\.123/);
    await expect(canvas.getByRole('button', { name: t.bayar.submit })).toBeVisible();
    await expect(canvas.queryByRole('img', { name: t.bayar.qrAlt })).toBeNull();
  },
};

/** A gateway order: no proof to upload; the page polls until the settlement, then offers the exam. */
export const OrderGatewaySettles: Story = {
  parameters: gatewayParams(...paymentsHandlers.order(demoGatewayOrder(), [demoGatewayOrder(), demoGatewayOrder({ status: 'paid' })])),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(t.order.live)).toBeVisible();
    await expect(canvas.getByText(t.order.gatewayWhy)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t.bayar.submit })).toBeNull();
    const start = await canvas.findByRole('link', { name: t.order.start }, { timeout: 10_000 });
    await expect(start).toHaveAttribute('href', '/simulasi-toefl/1');
    await expect(canvas.getByText(t.order.paidTitle)).toBeVisible();
    await expect(canvas.queryByText(t.order.live)).toBeNull();
  },
};

/** An order that ran out: renewing asks for a new one with a new code. */
export const OrderExpiredRenews: Story = {
  parameters: orderParams(
    ...paymentsHandlers.orders([demoOrder({ status: 'expired' }), demoOrder({ id: 8, amount: 25456, uniqueCode: 456 })]),
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(t.order.expiredTitle)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t.bayar.submit })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: t.order.renew }));
    await waitFor(() => expect(canvas.getByTestId('order-amount')).toHaveTextContent(/Rp\s25\.456/));
    await expect(canvas.queryByText(t.order.expiredTitle)).toBeNull();
  },
};

/** A proof sent against the order waits for the admin: no second proof. */
export const OrderWaiting: Story = {
  parameters: orderParams(...paymentsHandlers.order(demoOrder({ payment: { id: 3, status: 'pending', alasanPenolakan: null } }))),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(t.order.waitingTitle)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t.bayar.submit })).toBeNull();
  },
};

/** The server refuses the order (a payment already waits): its message, and a retry. */
export const OrderRefused: Story = {
  parameters: orderParams(paymentsHandlers.orderFails(409, 'Pembayaran untuk paket ini masih menunggu verifikasi admin.')),
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('Pembayaran untuk paket ini masih menunggu verifikasi admin.');
    await expect(within(alert).getByRole('button', { name: t.order.retry })).toBeVisible();
  },
};

/** An order whose QR cannot be drawn (no payload came back): the learner is told, not left with a blank. */
export const OrderWithoutQr: Story = {
  parameters: orderParams(...paymentsHandlers.order(demoOrder({ qris: null }))),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(t.order.qrUnavailable)).toBeVisible();
    await expect(canvas.getByTestId('order-amount')).toHaveTextContent(/Rp\s25\.123/);
    await expect(canvas.queryByRole('link', { name: t.order.save })).toBeNull();
  },
};

export const OrderLoading: Story = {
  parameters: orderParams(paymentsHandlers.orderPending()),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(t.order.loading)).toBeVisible();
  },
};
