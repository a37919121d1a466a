import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../contract/common.ts';
import {
  adminPaymentListResponseSchema,
  adminPaymentQuerySchema,
  decidePaymentBodySchema,
  decidePaymentResponseSchema,
  paymentIdParamSchema,
  reversePaymentBodySchema,
  setupStatusResponseSchema,
} from '../../contract/payments.ts';
import { currentUser, requireRole } from '../plugins/auth.ts';
import { getSetupStatus } from '../services/payment-orders.service.ts';
import { decidePayment, listAdminPayments, mailDecision, reopenPayment, reversePayment } from '../services/payments.service.ts';

const tags = ['admin: payments'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** Payment verification (spec sections 2 and 7). Admin only. */
export const adminPaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireRole('Admin'));

  app.get(
    '/admin/payments',
    { schema: { tags, querystring: adminPaymentQuerySchema, response: { 200: adminPaymentListResponseSchema, ...errors } } },
    async (request) => listAdminPayments(app.db, request.query),
  );

  app.put(
    '/admin/payments/:id/status',
    {
      config: {
        audit: {
          action: 'pembayaran.decide',
          entity: 'pembayaran',
          id: 'id',
          reason: (body) => (body as { alasanPenolakan?: string | null }).alasanPenolakan ?? undefined,
        },
      },
      schema: {
        tags,
        params: paymentIdParamSchema,
        body: decidePaymentBodySchema,
        response: { 200: decidePaymentResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => {
      const data = await decidePayment(app.db, currentUser(request).id, request.params.id, request.body);
      mailDecision(app.db, app.mailer, request.log, data.id, app.config.appName);
      return { message: data.status === 'confirmed' ? 'Pembayaran berhasil dikonfirmasi.' : 'Pembayaran ditolak.', data };
    },
  );
  app.post(
    '/admin/payments/:id/reverse',
    {
      config: { audit: { action: 'pembayaran.reverse', entity: 'pembayaran', id: 'id' } },
      schema: {
        tags,
        description: 'Takes back a confirmation whose attempt has not started; the payment becomes rejected with the reason.',
        params: paymentIdParamSchema,
        body: reversePaymentBodySchema,
        response: { 200: decidePaymentResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => {
      const data = await reversePayment(app.db, currentUser(request).id, request.params.id, request.body.alasan);
      mailDecision(app.db, app.mailer, request.log, data.id, app.config.appName);
      return { message: 'Konfirmasi pembayaran dibatalkan.', data };
    },
  );

  app.post(
    '/admin/payments/:id/reopen',
    {
      config: { audit: { action: 'pembayaran.reopen', entity: 'pembayaran', id: 'id' } },
      schema: {
        tags,
        description: 'A rejected payment waits for a decision again.',
        params: paymentIdParamSchema,
        response: { 200: decidePaymentResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => ({
      message: 'Pembayaran dibuka kembali untuk diverifikasi.',
      data: await reopenPayment(app.db, currentUser(request).id, request.params.id),
    }),
  );

  app.get('/admin/setup-status', { schema: { tags, response: { 200: setupStatusResponseSchema, ...errors } } }, async () =>
    getSetupStatus(app.db, app.paymentGateway),
  );
};
