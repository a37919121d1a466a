import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../contract/common.ts';
import { paketIdParamSchema, publicPaketListResponseSchema, publicPaketResponseSchema } from '../../contract/paket.ts';
import { notFound } from '../errors.ts';
import { findPaket, listPublicPaket, PAKET_NOT_FOUND, toPublicPaket } from '../services/paket.service.ts';

/** Public package list (siap only) and one package (spec section 7: no credentials needed). */
export const paketRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/paket-soal', { schema: { tags: ['paket'], response: { 200: publicPaketListResponseSchema } } }, async () => ({
    data: await listPublicPaket(app.db),
  }));
  app.get(
    '/paket-soal/:paketId',
    { schema: { tags: ['paket'], params: paketIdParamSchema, response: { 200: publicPaketResponseSchema, 404: errorResponseSchema } } },
    async (request) => {
      const paket = await findPaket(app.db, request.params.paketId);
      if (!paket || paket.status !== 'siap' || paket.archivedAt) throw notFound(PAKET_NOT_FOUND);
      return { data: toPublicPaket(paket) };
    },
  );
};
