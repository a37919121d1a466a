import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, forbidden } from '../errors.ts';
import { currentUser, requireRole } from '../plugins/auth.ts';
import { canUsePackageMedia } from '../services/access.service.ts';

const MEDIA_NOT_FOUND = 'File tidak ditemukan.';

/**
 * GET /api/media/{key}: uploaded files with access checks (DESIGN section 4): proofs to their owner
 * and admins; package audio and passage images to admins and participants with access to that
 * package; profile pictures and the payment QR image to signed-in users. Range requests work.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/:key',
    {
      onRequest: requireRole('User', 'Admin'),
      schema: { tags: ['media'], params: z.object({ key: z.string().regex(/^[a-f0-9]{32}\.[a-z0-9]{2,4}$/, { error: MEDIA_NOT_FOUND }) }) },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const file = await app.storage.find(app.db, request.params.key);
      if (!file) throw notFound(MEDIA_NOT_FOUND);
      let allowed = false;
      if (file.kind === 'proof') allowed = user.role === 'Admin' || file.ownerUserId === user.id;
      else if (file.kind === 'audio' || file.kind === 'passage') allowed = await canUsePackageMedia(app.db, user, file.paketSoalId);
      else allowed = true;
      if (!allowed) throw forbidden('Anda tidak memiliki akses ke file ini.');
      void reply.header('cache-control', 'private, max-age=3600');
      void reply.header('content-disposition', 'inline');
      return reply.type(file.mime).sendFile(file.key);
    },
  );
};
