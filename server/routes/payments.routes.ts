import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../contract/common.ts';
import { paketIdParamSchema } from '../../contract/paket.ts';
import {
  createOrderBodySchema,
  orderIdParamSchema,
  paymentOrderResponseSchema,
  paymentUpdatesResponseSchema,
  cekAksesPaketResponseSchema,
  cekAksesResponseSchema,
  lastScoreResponseSchema,
  uploadPaymentFieldsSchema,
  uploadPaymentResponseSchema,
  userPaymentListResponseSchema,
} from '../../contract/payments.ts';
import { currentUser, requireRole } from '../plugins/auth.ts';
import { readMultipart, validate } from '../plugins/multipart.ts';
import { cekAkses, cekAksesPaket } from '../services/access.service.ts';
import { lastScoreOf } from '../services/last-score.service.ts';
import { createOrder, getOrder } from '../services/payment-orders.service.ts';
import { listPaymentUpdates, listUserPayments, markPaymentUpdatesSeen, uploadPayment } from '../services/payments.service.ts';

const tags = ['payments & access'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** Participant calls of spec section 7: paying for a package, the access check and the last score. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireRole('User', 'Admin'));

  app.post(
    '/payment/upload',
    {
      schema: {
        tags,
        description: 'multipart/form-data: paket_soal_id, bukti (jpg/png/webp, max 5 MB); namaPaket is ignored',
        response: { 201: uploadPaymentResponseSchema, ...errors, 409: errorResponseSchema, 413: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { fields, files } = await readMultipart(request, ['bukti']);
      const input = validate(uploadPaymentFieldsSchema, fields);
      const data = await uploadPayment(app.db, app.storage, currentUser(request), input.paket_soal_id, files.bukti);
      return reply.status(201).send({ message: 'Bukti pembayaran berhasil dikirim. Silakan tunggu konfirmasi admin.', data });
    },
  );

  app.post(
    '/payment/order',
    {
      schema: {
        tags,
        description:
          'An exact-amount QRIS order for a package (price + unique code, or through the payment gateway); an open one is answered again, an expired one renewed.',
        body: createOrderBodySchema,
        response: {
          201: paymentOrderResponseSchema,
          ...errors,
          409: errorResponseSchema,
          502: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const data = await createOrder(
        { db: app.db, clock: app.clock, gateway: app.paymentGateway, orderMs: app.config.paymentOrderMs },
        currentUser(request),
        request.body.paket_soal_id,
      );
      return reply.status(201).send({ message: 'Silakan bayar tepat sesuai nominal.', data });
    },
  );

  app.get(
    '/payment/order/:id',
    { schema: { tags, params: orderIdParamSchema, response: { 200: paymentOrderResponseSchema, ...errors } } },
    async (request) => ({ message: 'OK', data: await getOrder(app.db, app.clock, currentUser(request), request.params.id) }),
  );

  app.get('/users/payment/updates', { schema: { tags, response: { 200: paymentUpdatesResponseSchema, ...errors } } }, async (request) => ({
    data: await listPaymentUpdates(app.db, currentUser(request).id),
  }));

  app.post(
    '/users/payment/updates/seen',
    { schema: { tags, response: { 200: z.object({ message: z.string() }), ...errors } } },
    async (request) => {
      await markPaymentUpdatesSeen(app.db, currentUser(request).id);
      return { message: 'OK' };
    },
  );

  app.get('/users/payment', { schema: { tags, response: { 200: userPaymentListResponseSchema, ...errors } } }, async (request) => ({
    data: await listUserPayments(app.db, currentUser(request).id),
  }));

  app.get('/users/cek-akses', { schema: { tags, response: { 200: cekAksesResponseSchema, ...errors } } }, async (request) =>
    cekAkses(app.db, currentUser(request)),
  );

  app.get(
    '/users/cek-akses/:paketId',
    { schema: { tags, params: paketIdParamSchema, response: { 200: cekAksesPaketResponseSchema, ...errors } } },
    async (request) => cekAksesPaket(app.db, currentUser(request), request.params.paketId),
  );

  app.get('/users/lastScore', { schema: { tags, response: { 200: lastScoreResponseSchema, ...errors } } }, async (request) =>
    lastScoreOf(app.db, currentUser(request).id),
  );
};
