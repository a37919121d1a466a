import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { forbidden } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers on every answer and the same-origin rule for state-changing requests
 * (DESIGN section 4): a present, foreign Origin is refused with 403. Browsers always send Origin
 * on cross-site POST/PUT/DELETE, so this closes cross-site request forgery alongside SameSite=Lax.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into a <style> element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.publicUrl?.startsWith('https:') ? undefined : false,
  });

  const trustedOrigins = new Set<string>();
  if (config.publicUrl) trustedOrigins.add(new URL(config.publicUrl).origin);

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (trustedOrigins.has(origin)) return;
    const host = request.headers['x-forwarded-host'] ?? request.headers.host;
    if (!sameHost(origin, host)) throw forbidden('Permintaan ditolak: asal permintaan tidak dikenal.');
  });
}

/** Compares an Origin with the Host header the way URLs do (a default port is the same host). */
function sameHost(origin: string, host: string | string[] | undefined): boolean {
  if (typeof host !== 'string') return false;
  try {
    const o = new URL(origin);
    return o.host === new URL(`${o.protocol}//${host}`).host;
  } catch {
    return false;
  }
}
