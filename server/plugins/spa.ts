import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built SPA with history fallback: any GET outside /api that is not a file answers
 * index.html, so client routes survive a reload. Hashed assets are cached for a year.
 */
export async function registerSpa(app: FastifyInstance, clientDir: string): Promise<boolean> {
  if (!existsSync(path.join(clientDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    decorateReply: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        void res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        void res.header('cache-control', 'no-cache');
      }
    },
  });
  return true;
}
