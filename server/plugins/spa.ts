import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setSessionHint } from './auth.ts';

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
  // The landing, login and register pages arrive already drawn (scripts/prerender.ts). They are
  // routes rather than the not-found fallback so that they travel compressed like any answer.
  for (const [page, file] of prerenderedPages(clientDir)) {
    app.get(page, { schema: { hide: true } }, (request, reply) => sendPage(request, reply, clientDir, file));
  }
  return true;
}

/**
 * Answers a page load (a prerendered page, or the shell for any other client route) with the
 * session hint. Always the whole page, never a 304: the hint must be this request's.
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, clientDir: string, file = 'index.html'): FastifyReply {
  setSessionHint(request, reply);
  return reply.header('cache-control', 'no-store').sendFile(file, clientDir, { cacheControl: false, etag: false, lastModified: false });
}

/** dist/client/prerendered/manifest.json: path -> file under the client folder (none in a build without it). */
function prerenderedPages(clientDir: string): [string, string][] {
  const manifest = path.join(clientDir, 'prerendered', 'manifest.json');
  if (!existsSync(manifest)) return [];
  const entries = Object.entries(JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, string>);
  return entries.map(([page, file]) => [page, `prerendered/${file}`]);
}
