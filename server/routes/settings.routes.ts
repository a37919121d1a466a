import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../contract/common.ts';
import { badRequest } from '../errors.ts';
import {
  paymentMethodsResponseSchema,
  qrisSettingBodySchema,
  qrisSettingMutationResponseSchema,
  qrisSettingResponseSchema,
  qrPaymentMutationResponseSchema,
} from '../../contract/payments.ts';
import { requireRole } from '../plugins/auth.ts';
import { readMultipart, validate } from '../plugins/multipart.ts';
import {
  clearQrisSetting,
  getQrisSetting,
  ordersAvailable,
  QRIS_SETTING_KEY,
  readQrImage,
  setQrisSetting,
} from '../services/payment-orders.service.ts';
import { getQrPaymentUrl, QR_SETTING_KEY, setQrPayment } from '../services/payments.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** The QR-payment image: any signed-in user reads it (the /bayar page); admins replace it. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/qr-payment',
    { onRequest: requireRole('User', 'Admin'), schema: { tags: ['settings'], response: { 200: paymentMethodsResponseSchema, ...errors } } },
    async () => ({
      url: await getQrPaymentUrl(app.db),
      orders: await ordersAvailable(app.db, app.paymentGateway),
      gateway: app.paymentGateway !== undefined,
    }),
  );

  app.get(
    '/admin/settings/qris',
    { onRequest: requireRole('Admin'), schema: { tags: ['admin: settings'], response: { 200: qrisSettingResponseSchema, ...errors } } },
    async () => getQrisSetting(app.db),
  );

  app.put(
    '/admin/settings/qris',
    {
      onRequest: requireRole('Admin'),
      config: { audit: { action: 'pengaturan.qris', entity: 'pengaturan', id: () => QRIS_SETTING_KEY } },
      schema: {
        tags: ['admin: settings'],
        description:
          'JSON {payload} (the static QRIS text), or multipart/form-data with `image` (PNG/JPEG of the QRIS, read on the server).',
        response: { 200: qrisSettingMutationResponseSchema, ...errors, 413: errorResponseSchema },
      },
    },
    async (request) => {
      const payload = request.isMultipart()
        ? await readMultipart(request, ['image']).then(({ files }) => {
            if (!files.image) throw badRequest('Mohon pilih gambar QRIS terlebih dahulu.');
            return readQrImage(files.image);
          })
        : validate(qrisSettingBodySchema, request.body).payload;
      return { message: 'QRIS berhasil disimpan.', data: await setQrisSetting(app.db, payload) };
    },
  );

  app.delete(
    '/admin/settings/qris',
    {
      onRequest: requireRole('Admin'),
      config: { audit: { action: 'pengaturan.qris.hapus', entity: 'pengaturan', id: () => QRIS_SETTING_KEY } },
      schema: { tags: ['admin: settings'], response: { 200: qrisSettingMutationResponseSchema, ...errors } },
    },
    async () => ({ message: 'QRIS dihapus. Pesanan baru memakai gambar QR pembayaran.', data: await clearQrisSetting(app.db) }),
  );

  app.put(
    '/admin/settings/qr-payment',
    {
      onRequest: requireRole('Admin'),
      config: { audit: { action: 'pengaturan.qr', entity: 'pengaturan', id: () => QR_SETTING_KEY } },
      schema: {
        tags: ['admin: settings'],
        description: 'multipart/form-data: qr (jpg/png/webp, max 5 MB)',
        response: { 200: qrPaymentMutationResponseSchema, ...errors, 413: errorResponseSchema },
      },
    },
    async (request) => {
      const { files } = await readMultipart(request, ['qr']);
      return { message: 'Gambar QR pembayaran berhasil disimpan.', url: await setQrPayment(app.db, app.storage, files.qr) };
    },
  );
};
