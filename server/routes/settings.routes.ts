import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../contract/common.ts';
import { qrPaymentMutationResponseSchema, qrPaymentResponseSchema } from '../../contract/payments.ts';
import { requireRole } from '../plugins/auth.ts';
import { readMultipart } from '../plugins/multipart.ts';
import { getQrPaymentUrl, QR_SETTING_KEY, setQrPayment } from '../services/payments.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** The QR-payment image: any signed-in user reads it (the /bayar page); admins replace it. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/qr-payment',
    { onRequest: requireRole('User', 'Admin'), schema: { tags: ['settings'], response: { 200: qrPaymentResponseSchema, ...errors } } },
    async () => ({ url: await getQrPaymentUrl(app.db) }),
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
