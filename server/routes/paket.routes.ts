import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../contract/common.ts';
import { paketIdParamSchema, publicPaketListResponseSchema, publicPaketResponseSchema } from '../../contract/paket.ts';
import { notFound } from '../errors.ts';
import { PaketListCache, matchesEtag } from '../services/paket-list-cache.service.ts';
import { findPaket, PAKET_NOT_FOUND, toPublicPaket } from '../services/paket.service.ts';

/** Public package list (siap only) and one package (spec section 7: no credentials needed). */
export const paketRoutes: FastifyPluginAsyncZod = async (app) => {
  const list = new PaketListCache(app.database.changesLive, app.database.changesHeard);
  const unsubscribe = app.database.changes((channel) => {
    if (channel === 'paket_list') list.changed();
  });
  app.addHook('onClose', async () => unsubscribe());
  app.get(
    '/paket-soal',
    { schema: { tags: ['paket'], response: { 200: publicPaketListResponseSchema, 304: z.void().describe('Tidak berubah (ETag)') } } },
    async (request, reply) => {
      // no-cache: a browser may keep the list but must ask (If-None-Match) before each use.
      void reply.header('cache-control', 'no-cache');
      const etag = await list.etag(app.db);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.header('etag', etag).code(304).send();
      const answer = await list.answer(app.db);
      // Already serialised once per version; the string is sent as it is.
      return reply
        .header('etag', answer.etag)
        .type('application/json; charset=utf-8')
        .send(answer.body as never);
    },
  );
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
