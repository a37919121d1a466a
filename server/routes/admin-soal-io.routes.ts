import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../contract/common.ts';
import { idParamSchema } from '../../contract/paket.ts';
import { exportQuerySchema, importErrorResponseSchema, importFieldsSchema, importResponseSchema } from '../../contract/soal-import.ts';
import { requireRole } from '../plugins/auth.ts';
import { readMultipart, validate } from '../plugins/multipart.ts';
import { exportSoal, importTemplate } from '../services/soal-export.service.ts';
import { importSoal } from '../services/soal-import.service.ts';
import { badRequest } from '../errors.ts';
import { MAX_IMPORT_BYTES } from '../../contract/uploads.ts';

const tags = ['admin: paket & soal'];
const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

/** Import, export and the import template of a package's questions (DESIGN section 12). Admin only. */
export const adminSoalIoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireRole('Admin'));

  app.get(
    '/admin/paket-soal/import-template',
    {
      schema: {
        tags,
        description: 'The import template (xlsx with a petunjuk sheet, or csv): three example rows per section.',
        querystring: exportQuerySchema,
        response: { 200: z.any(), 400: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="template-soal.${format}"`)
        .send(await importTemplate(format));
    },
  );

  app.post(
    '/admin/paket-soal/:id/import',
    {
      // One entry per run (a dry run too: it shows who checked which file when).
      config: { audit: { action: 'paket.import', entity: 'paket', id: 'id' } },
      schema: {
        tags,
        description:
          'multipart/form-data: file (.xlsx, .csv, an export .zip, or an Aiken .txt with section), media? (.zip), dryRun? (1), section?',
        params: idParamSchema,
        response: { 200: importResponseSchema, 400: importErrorResponseSchema, ...errors, 413: errorResponseSchema },
      },
    },
    async (request) => {
      const { fields, files, names } = await readMultipart(request, ['file', 'media'], MAX_IMPORT_BYTES);
      const input = validate(importFieldsSchema, fields);
      if (!files.file) throw badRequest('Pilih file soal (.xlsx, .csv atau .txt) untuk diimpor.');
      const report = await importSoal(app.db, app.storage, request.params.id, {
        file: { name: names.file ?? 'soal', data: files.file },
        media: files.media,
        section: input.section,
        dryRun: input.dryRun,
      });
      const created = report.counts.listening + report.counts.structure + report.counts.written + report.counts.reading;
      const message = report.dryRun
        ? report.problems.length === 0
          ? `Pemeriksaan selesai: ${created} soal siap diimpor.`
          : `Ditemukan ${report.problems.length} masalah. Perbaiki file lalu periksa lagi.`
        : `Impor berhasil: ${created} soal dan ${report.counts.passages} bacaan ditambahkan.`;
      return { message, data: report };
    },
  );

  app.get(
    '/admin/paket-soal/:id/export',
    {
      schema: {
        tags,
        description: 'A zip of the questions sheet (xlsx or csv, the import template) and the media under media/.',
        params: idParamSchema,
        querystring: exportQuerySchema,
        response: { 200: z.any(), 400: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { filename, zip } = await exportSoal(app.db, app.storage, request.params.id, request.query.format);
      return reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${filename}"`).send(zip);
    },
  );
};
