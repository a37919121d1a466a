import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListResponseSchema, auditQuerySchema } from '../../contract/audit.ts';
import { errorResponseSchema } from '../../contract/common.ts';
import { requireRole } from '../plugins/auth.ts';
import { auditCsv, listAudit } from '../services/audit.service.ts';
import { isoDate } from '../services/certificate.service.ts';

const tags = ['admin: audit'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** The audit log of admin actions (DESIGN section 13): the list and its CSV. Admin only. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireRole('Admin'));

  app.get(
    '/admin/audit-log',
    { schema: { tags, querystring: auditQuerySchema, response: { 200: auditListResponseSchema, ...errors } } },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return listAudit(app.db, request.query);
    },
  );

  app.get(
    '/admin/audit-log.csv',
    { schema: { tags, description: 'CSV (UTF-8 with BOM), same filters as the list', querystring: auditQuerySchema } },
    async (request, reply) => {
      const csv = await auditCsv(app.db, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="log-audit-${isoDate(new Date())}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(csv, 'utf8'));
    },
  );
};
