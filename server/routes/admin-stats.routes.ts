import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../contract/common.ts';
import { itemStatsResponseSchema } from '../../contract/item-stats.ts';
import { idParamSchema } from '../../contract/paket.ts';
import { requireRole } from '../plugins/auth.ts';
import { getItemStats } from '../services/item-stats.service.ts';

/** Item statistics of a package (DESIGN section 12). Admin role only. */
export const adminStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireRole('Admin'));
  app.get(
    '/admin/paket-soal/:id/statistik',
    {
      schema: {
        tags: ['admin: paket & soal'],
        params: idParamSchema,
        response: {
          200: itemStatsResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => ({ data: await getItemStats(app.db, request.params.id) }),
  );
};
