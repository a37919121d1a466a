import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { normalizePhone } from '../../contract/phone.ts';
import { siteInfoSchema, type SiteInfo } from '../../contract/site.ts';

/**
 * The messaging link needs digits only (wa.me/<number>); a value that still is not a plain
 * international number after normalising is treated as not configured rather than sent broken.
 */
export function whatsappContact(raw: string | undefined): string | null {
  if (!raw) return null;
  const normalized = normalizePhone(raw);
  return /^\d{8,15}$/.test(normalized) ? normalized : null;
}

/** GET /api/site: public, cacheable settings for the landing page (app name, messaging contact). */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const info: SiteInfo = { appName: app.config.appName, adminWhatsapp: whatsappContact(app.config.adminWhatsapp) };
  if (app.config.adminWhatsapp && !info.adminWhatsapp) {
    app.log.warn('ADMIN_WHATSAPP is not a phone number; the landing page hides its chat links');
  }
  app.get('/site', { schema: { tags: ['system'], response: { 200: siteInfoSchema } } }, async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=300');
    return info;
  });
};
