import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAttemptActionResponseSchema,
  adminAttemptListResponseSchema,
  attemptIdParamSchema,
  extendBodySchema,
  reopenBodySchema,
} from '../../contract/accommodations.ts';
import { errorResponseSchema } from '../../contract/common.ts';
import { currentUser, requireRole } from '../plugins/auth.ts';
import { extendSection, listOpenAttempts, reopenAttempt } from '../services/admin-attempts.service.ts';

const tags = ['admin: ujian'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** The admin's hand on running attempts: the list, extending a section, reopening after a fault. Admin only. */
export const adminAttemptsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireRole('Admin'));

  app.get(
    '/admin/ujian/berjalan',
    { schema: { tags, response: { 200: adminAttemptListResponseSchema, ...errors } } },
    async (_r, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return { data: await listOpenAttempts(app.db) };
    },
  );

  app.post(
    '/admin/ujian/:attemptId/perpanjang',
    {
      config: { audit: { action: 'ujian.extend', entity: 'ujian', id: 'attemptId' } },
      schema: {
        tags,
        params: attemptIdParamSchema,
        body: extendBodySchema,
        response: { 200: adminAttemptActionResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: `Sesi diperpanjang ${request.body.menit} menit.`,
      data: await extendSection(app.db, request.params.attemptId, request.body.menit),
    }),
  );

  app.post(
    '/admin/ujian/:attemptId/buka-ulang',
    {
      config: { audit: { action: 'ujian.reopen', entity: 'ujian', id: 'attemptId' } },
      schema: {
        tags,
        params: attemptIdParamSchema,
        body: reopenBodySchema,
        response: { 200: adminAttemptActionResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: 'Ujian dibuka ulang. Peserta dapat melanjutkan dari sesi terakhirnya.',
      data: await reopenAttempt(app.db, currentUser(request), request.params.attemptId, request.body.alasan),
    }),
  );
};
