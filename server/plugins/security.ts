import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { forbidden } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers (and the request id) on every answer and the same-origin rule for state-changing requests
 * (DESIGN section 4): a present, foreign Origin is refused with 403. Browsers always send Origin
 * on cross-site POST/PUT/DELETE, so this closes cross-site request forgery alongside SameSite=Lax.
 */
export async function registerSecurity(app: FastifyInstance, config: Config, extraHeaders: Record<string, string> = {}): Promise<void> {
  const pageHeaders = { ...(await helmetHeaders(helmetOptions(config))), ...extraHeaders };
  const apiHeaders = { ...apiHeadersOf(pageHeaders), ...extraHeaders };
  const trustedOrigins = new Set<string>();
  if (config.publicUrl) trustedOrigins.add(new URL(config.publicUrl).origin);

  // One synchronous hook for every answer, error and shed answers included (Fastify keeps a reply's
  // headers through its error handler). They go on the reply, not the raw response: one header set
  // on the raw response sends all of Fastify's headers through Node's slower merging path (about a
  // tenth of a small answer's cost, measured in decision 034).
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(isPage(request.url) ? pageHeaders : apiHeaders).header('x-request-id', request.id);
    if (SAFE_METHODS.has(request.method)) return done();
    const origin = request.headers.origin;
    if (origin === undefined || trustedOrigins.has(origin)) return done();
    const host = request.headers['x-forwarded-host'] ?? request.headers.host;
    if (!sameHost(origin, host)) return done(forbidden('Permintaan ditolak: asal permintaan tidak dikenal.'));
    done();
  });
}

/**
 * What a browser may open as a page: everything outside /api, the API's documentation, and an
 * uploaded file (an admin opens a payment proof in a tab). Every other /api answer is JSON or a
 * download.
 */
export function isPage(url: string): boolean {
  return !url.startsWith('/api/') || url.startsWith('/api/docs') || url.startsWith('/api/media/');
}

/**
 * The headers that mean something on an answer that is never a page (OWASP's REST security
 * advice): a policy that allows nothing and no framing, no type sniffing, no cross-origin reads,
 * the referrer rule and, behind HTTPS, HSTS. The page's policy, isolation and legacy headers (about
 * 600 bytes) would only travel.
 */
function apiHeadersOf(pageHeaders: Record<string, string>): Record<string, string> {
  const kept = ['cross-origin-resource-policy', 'referrer-policy', 'strict-transport-security', 'x-content-type-options'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    ...Object.fromEntries(kept.flatMap((name) => (pageHeaders[name] === undefined ? [] : [[name, pageHeaders[name]]]))),
  };
}

function helmetOptions(config: Config): FastifyHelmetOptions {
  return {
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
  };
}

/**
 * The headers @fastify/helmet sets with these options, read once from a throwaway instance. The
 * plugin rebuilds helmet's middleware (parsing the whole policy) in two hooks, one of them async,
 * on every request; the headers depend on nothing in the request, so computing them once gives the
 * same answers for a fraction of the cost.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const answerOf = async (withHelmet: boolean) => {
    const scratch = Fastify({ logger: false });
    if (withHelmet) await scratch.register(helmet, options);
    scratch.get('/', () => 'ok');
    const res = await scratch.inject({ method: 'GET', url: '/' });
    await scratch.close();
    return res.headers;
  };
  const plain = await answerOf(false);
  const secured = await answerOf(true);
  return Object.fromEntries(
    Object.entries(secured).flatMap(([name, value]) => (name in plain || value === undefined ? [] : [[name, String(value)]])),
  );
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
