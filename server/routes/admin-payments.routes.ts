import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../contract/common.ts';
import {
  adminPaymentListResponseSchema,
  adminPaymentQuerySchema,
  decidePaymentBodySchema,
  decidePaymentResponseSchema,
  paymentIdParamSchema,
} from '../../contract/payments.ts';
import { currentUser, requireRole } from '../plugins/auth.ts';
import { decidePayment, listAdminPayments } from '../services/payments.service.ts';

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
      return { message: data.status === 'confirmed' ? 'Pembayaran berhasil dikonfirmasi.' : 'Pembayaran ditolak.', data };
    },
  );
};
