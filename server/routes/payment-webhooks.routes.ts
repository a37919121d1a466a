import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../contract/common.ts';
import { handleGatewayNotification } from '../services/payment-orders.service.ts';
import { mailDecision } from '../services/payments.service.ts';

/**
 * Payment gateway notifications: public (the gateway calls them), trusted only through their
 * signature. The body is checked field by field in the service so a malformed one is still logged.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/payment/webhook/midtrans',
    {
      schema: {
        tags: ['payments & access'],
        description:
          'Midtrans HTTP notification: order_id, status_code, gross_amount, signature_key = SHA512(order_id+status_code+gross_amount+server key), transaction_status.',
        body: z.record(z.string(), z.unknown()),
        response: { 200: z.object({ message: z.string() }), 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await handleGatewayNotification(app.db, app.paymentGateway, JSON.stringify(request.body), request.body);
      if (result.status !== 200 || result.outcome === 'replay') {
        request.log.warn({ outcome: result.outcome, orderId: request.body.order_id }, 'gateway notification refused or replayed');
      }
      if (result.paymentId !== null) {
        mailDecision(app.db, app.mailer, request.log, result.paymentId, app.config.appName);
      }
      return reply.status(result.status as 200 | 400 | 401 | 404).send({ message: result.message });
    },
  );
};
