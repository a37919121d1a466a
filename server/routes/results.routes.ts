import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorResponseSchema } from '../../contract/common.ts';
import {
  adminHistoryListResponseSchema,
  adminHistoryQuerySchema,
  historyIdParamSchema,
  historyListResponseSchema,
  progressResponseSchema,
  reviewResponseSchema,
  verifyParamSchema,
  verifyResponseSchema,
} from '../../contract/results.ts';
import { diagnosisQuerySchema, diagnosisResponseSchema } from '../../contract/diagnosis.ts';
import { currentUser, requireRole } from '../plugins/auth.ts';
import { diagnosisOf } from '../services/diagnosis.service.ts';
import {
  adminHistoryCsv,
  certificateById,
  lastCertificate,
  listAdminHistory,
  listUserHistory,
  progressOf,
  reviewHistory,
  verifyCertificate,
  type CertificateFile,
} from '../services/results.service.ts';
import { isoDate } from '../services/certificate.service.ts';

const tags = ['results'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const signedIn = requireRole('User', 'Admin');

/** Where the certificate QR code points: PUBLIC_URL, else the address this request came to. */
function publicBase(request: FastifyRequest): string {
  return request.server.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

function sendPdf(reply: FastifyReply, file: CertificateFile) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(file.bytes));
}

/** Results that last: certificates and their public verification, history, review, progress (spec section 7). */
export const resultsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/lastScore/sertif',
    { onRequest: signedIn, schema: { tags, description: 'PDF (A4 landscape) of the newest result', response: errors } },
    async (request, reply) => sendPdf(reply, await lastCertificate(app.db, currentUser(request), app.config.appName, publicBase(request))),
  );

  app.get(
    '/users/certificate/:id',
    {
      onRequest: signedIn,
      schema: { tags, description: 'PDF of one result (its owner or an Admin)', params: historyIdParamSchema, response: errors },
    },
    async (request, reply) =>
      sendPdf(reply, await certificateById(app.db, currentUser(request), request.params.id, app.config.appName, publicBase(request))),
  );

  app.get(
    '/sertifikat/verify/:code',
    { schema: { tags, params: verifyParamSchema, response: { 200: verifyResponseSchema, ...errors } } },
    async (request) => verifyCertificate(app.db, request.params.code),
  );

  app.get(
    '/users/riwayat-ujian',
    { onRequest: signedIn, schema: { tags, response: { 200: historyListResponseSchema, ...errors } } },
    async (request) => ({ data: await listUserHistory(app.db, currentUser(request).id) }),
  );

  app.get(
    '/users/riwayat-ujian/:id/review',
    { onRequest: signedIn, schema: { tags, params: historyIdParamSchema, response: { 200: reviewResponseSchema, ...errors } } },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return reviewHistory(app.db, currentUser(request), request.params.id);
    },
  );

  app.get(
    '/users/progress',
    { onRequest: signedIn, schema: { tags, response: { 200: progressResponseSchema, ...errors } } },
    async (request) => progressOf(app.db, currentUser(request).id),
  );

  app.get(
    '/users/diagnosis',
    {
      onRequest: signedIn,
      schema: {
        tags,
        description: 'Correct and total per skill, the three weakest skills with review and drill links (one attempt or all)',
        querystring: diagnosisQuerySchema,
        response: { 200: diagnosisResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return diagnosisOf(app.db, currentUser(request), request.query.historyId);
    },
  );

  app.get(
    '/admin/riwayat-ujian',
    {
      onRequest: requireRole('Admin'),
      schema: { tags, querystring: adminHistoryQuerySchema, response: { 200: adminHistoryListResponseSchema, ...errors } },
    },
    async (request) => listAdminHistory(app.db, request.query),
  );

  app.get(
    '/admin/riwayat-ujian.csv',
    {
      onRequest: requireRole('Admin'),
      schema: { tags, description: 'CSV (UTF-8 with BOM), same filters as the list', querystring: adminHistoryQuerySchema },
    },
    async (request, reply) => {
      const csv = await adminHistoryCsv(app.db, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="riwayat-ujian-${isoDate(new Date())}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(csv, 'utf8'));
    },
  );
};
