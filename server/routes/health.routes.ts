import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DATABASE_UNAVAILABLE } from '../plugins/errors.ts';

const PING_TIMEOUT_MS = 2_000;

/** GET /api/health: 200 once the database answers, 503 otherwise (load balancers and start scripts poll it). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      // Load shedding must not hide whether the database answers, nor take every instance out of a balancer at once.
      config: { overload: 'exempt' },
      schema: {
        tags: ['system'],
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('unavailable'), message: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await Promise.race([
          app.database.ping(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('ping timeout')), PING_TIMEOUT_MS).unref()),
        ]);
        return { status: 'ok' as const };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const, message: DATABASE_UNAVAILABLE });
      }
    },
  );
};
