import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorResponseSchema, messageResponseSchema } from '../../contract/common.ts';
import {
  adminPaketListResponseSchema,
  adminPaketResponseSchema,
  createPaketBodySchema,
  idParamSchema,
  paketIdParamSchema,
  paketIncompleteErrorSchema,
  paketMutationResponseSchema,
  soalIdParamSchema,
  updatePaketBodySchema,
} from '../../contract/paket.ts';
import {
  adminSoalListResponseSchema,
  adminSoalResponseSchema,
  lastSoalResponseSchema,
  listeningFieldsSchema,
  questionReadingFieldsSchema,
  questionReadingListResponseSchema,
  questionReadingMutationResponseSchema,
  readingBodySchema,
  soalMutationResponseSchema,
  soalSectionSchema,
  structureBodySchema,
  writtenBodySchema,
  type SoalSection,
} from '../../contract/soal.ts';
import { requireRole } from '../plugins/auth.ts';
import { readMultipart, validate } from '../plugins/multipart.ts';
import { clonePaket } from '../services/paket-clone.service.ts';
import { archivePaket, createPaket, getAdminPaket, listAdminPaket, restorePaket, updatePaket } from '../services/paket.service.ts';
import {
  createQuestionReading,
  deleteQuestionReading,
  listQuestionReading,
  updateQuestionReading,
} from '../services/question-reading.service.ts';
import { createSoal, deleteSoal, getAdminSoal, lastSoal, listSoal, updateSoal } from '../services/soal.service.ts';

const tags = ['admin: paket & soal'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const multipartNote = 'multipart/form-data';
/** A creation's audit entry names the new row from the answer's `data.id`. */
const createdId = (answer: unknown) => (answer as { data?: { id?: number } } | null)?.data?.id;

/** Admin calls of spec section 7 for packages, questions and passages. Admin role only. */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireRole('Admin'));

  // Packages.
  app.get('/admin/paket-soal', { schema: { tags, response: { 200: adminPaketListResponseSchema, ...errors } } }, async () => ({
    data: await listAdminPaket(app.db),
  }));
  app.post(
    '/admin/paket-soal',
    {
      config: { audit: { action: 'paket.create', entity: 'paket', id: createdId } },
      schema: {
        tags,
        body: createPaketBodySchema,
        response: { 201: paketMutationResponseSchema, ...errors, 409: paketIncompleteErrorSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ message: 'Paket soal berhasil ditambahkan.', data: await createPaket(app.db, request.body) }),
  );
  app.get(
    '/admin/paket-soal/:id',
    { schema: { tags, params: idParamSchema, response: { 200: adminPaketResponseSchema, ...errors } } },
    async (request) => ({ data: await getAdminPaket(app.db, request.params.id) }),
  );
  app.put(
    '/admin/paket-soal/:id',
    {
      config: { audit: { action: 'paket.update', entity: 'paket', id: 'id' } },
      schema: {
        tags,
        params: idParamSchema,
        body: updatePaketBodySchema,
        response: { 200: paketMutationResponseSchema, ...errors, 409: paketIncompleteErrorSchema },
      },
    },
    async (request) => ({
      message: 'Paket soal berhasil diperbarui.',
      data: await updatePaket(app.db, request.params.id, request.body),
    }),
  );
  // The spec's DELETE keeps its path and archives: nothing a learner paid for or sat is destroyed.
  app.delete(
    '/admin/paket-soal/:id',
    {
      config: { audit: { action: 'paket.delete', entity: 'paket', id: 'id' } },
      schema: { tags, params: idParamSchema, response: { 200: paketMutationResponseSchema, ...errors } },
    },
    async (request) => ({
      message: 'Paket soal berhasil diarsipkan. Paket dapat dipulihkan dari Arsip.',
      data: await archivePaket(app.db, request.params.id),
    }),
  );
  app.post(
    '/admin/paket-soal/:id/restore',
    {
      config: { audit: { action: 'paket.restore', entity: 'paket', id: 'id' } },
      schema: { tags, params: idParamSchema, response: { 200: paketMutationResponseSchema, ...errors } },
    },
    async (request) => ({ message: 'Paket soal berhasil dipulihkan.', data: await restorePaket(app.db, request.params.id) }),
  );

  app.post(
    '/admin/paket-soal/:id/clone',
    {
      config: { audit: { action: 'paket.clone', entity: 'paket', id: createdId } },
      schema: {
        tags,
        description:
          'Beyond the spec: copies the package with its questions, passages and media into a new package named "Salinan ..." that starts as belum siap.',
        params: idParamSchema,
        response: { 201: paketMutationResponseSchema, ...errors, 507: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ message: 'Paket soal berhasil disalin.', data: await clonePaket(app.db, app.storage, request.params.id) }),
  );

  // Last number per section, and the per-section lists.
  for (const section of soalSectionSchema.options) {
    app.get(
      `/admin/paket-soal/:paketId/${section}/last`,
      { schema: { tags, params: paketIdParamSchema, response: { 200: lastSoalResponseSchema, ...errors } } },
      async (request) => lastSoal(app.db, request.params.paketId, section),
    );
    app.get(
      `/admin/paket-soal/:paketId/soal-${section}`,
      { schema: { tags, params: paketIdParamSchema, response: { 200: adminSoalListResponseSchema, ...errors } } },
      async (request) => ({ data: await listSoal(app.db, request.params.paketId, section) }),
    );
  }

  // Listening (multipart with the audio file).
  app.post(
    '/admin/paket-soal/:paketId/soal-listening',
    {
      config: { audit: { action: 'soal.create', entity: 'soal', id: createdId } },
      schema: {
        tags,
        description: `${multipartNote}: no_soal, page, pilihan_satu..pilihan_empat, jawaban, pembahasan?, audio`,
        params: paketIdParamSchema,
        response: { 201: soalMutationResponseSchema, ...errors, 413: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { fields, files } = await readMultipart(request, ['audio']);
      const input = validate(listeningFieldsSchema, fields);
      const data = await createSoal(app.db, app.storage, request.params.paketId, 'listening', input, files.audio);
      return reply.status(201).send({ message: 'Soal berhasil ditambahkan.', data });
    },
  );
  app.put(
    '/admin/paket-soal/:soalId/soal-listening',
    {
      config: { audit: { action: 'soal.update', entity: 'soal', id: 'soalId' } },
      schema: {
        tags,
        description: `${multipartNote}: same fields; audio optional`,
        params: soalIdParamSchema,
        response: { 200: soalMutationResponseSchema, ...errors, 413: errorResponseSchema },
      },
    },
    async (request) => {
      const { fields, files } = await readMultipart(request, ['audio']);
      const input = validate(listeningFieldsSchema, fields);
      return {
        message: 'Soal berhasil diupdate',
        data: await updateSoal(app.db, app.storage, request.params.soalId, 'listening', input, files.audio),
      };
    },
  );

  // Structure, written, reading (JSON).
  const jsonSections: { section: SoalSection; body: z.ZodType }[] = [
    { section: 'structure', body: structureBodySchema },
    { section: 'written', body: writtenBodySchema },
    { section: 'reading', body: readingBodySchema },
  ];
  for (const { section, body } of jsonSections) {
    app.post(
      `/admin/paket-soal/:paketId/soal-${section}`,
      {
        config: { audit: { action: 'soal.create', entity: 'soal', id: createdId } },
        schema: { tags, params: paketIdParamSchema, body, response: { 201: soalMutationResponseSchema, ...errors } },
      },
      async (request, reply) => {
        const data = await createSoal(app.db, app.storage, request.params.paketId, section, request.body as never);
        return reply.status(201).send({ message: 'Soal berhasil ditambahkan.', data });
      },
    );
  }
  app.put(
    '/admin/paket-soal/soal-structure/:soalId',
    {
      config: { audit: { action: 'soal.update', entity: 'soal', id: 'soalId' } },
      schema: { tags, params: soalIdParamSchema, body: structureBodySchema, response: { 200: soalMutationResponseSchema, ...errors } },
    },
    async (request) => ({
      message: 'Soal berhasil diupdate',
      data: await updateSoal(app.db, app.storage, request.params.soalId, 'structure', request.body),
    }),
  );
  app.put(
    '/admin/paket-soal/soal-written/:soalId',
    {
      config: { audit: { action: 'soal.update', entity: 'soal', id: 'soalId' } },
      schema: {
        tags,
        description: 'Beyond the spec: a written-expression question is edited in place (the spec only deletes and adds again).',
        params: soalIdParamSchema,
        body: writtenBodySchema,
        response: { 200: soalMutationResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: 'Soal berhasil diupdate',
      data: await updateSoal(app.db, app.storage, request.params.soalId, 'written', request.body),
    }),
  );
  app.put(
    '/admin/paket-soal/soal-reading/:soalId',
    {
      config: { audit: { action: 'soal.update', entity: 'soal', id: 'soalId' } },
      schema: { tags, params: soalIdParamSchema, body: readingBodySchema, response: { 200: soalMutationResponseSchema, ...errors } },
    },
    async (request) => ({
      message: 'Soal berhasil diupdate',
      data: await updateSoal(app.db, app.storage, request.params.soalId, 'reading', request.body),
    }),
  );

  // One question, any section.
  app.get(
    '/admin/paket-soal/soal/:soalId',
    { schema: { tags, params: soalIdParamSchema, response: { 200: adminSoalResponseSchema, ...errors } } },
    async (request) => ({ data: await getAdminSoal(app.db, request.params.soalId) }),
  );
  app.delete(
    '/admin/paket-soal/soal/:soalId',
    {
      config: { audit: { action: 'soal.delete', entity: 'soal', id: 'soalId' } },
      schema: { tags, params: soalIdParamSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => {
      await deleteSoal(app.db, app.storage, request.params.soalId);
      return { message: 'Soal berhasil dihapus.' };
    },
  );

  // Reading passages (Question Reading).
  app.get(
    '/admin/paket-soal/question-reading/:paketId',
    { schema: { tags, params: paketIdParamSchema, response: { 200: questionReadingListResponseSchema, ...errors } } },
    async (request) => ({ data: await listQuestionReading(app.db, request.params.paketId) }),
  );
  app.post(
    '/admin/paket-soal/:paketId/question-reading',
    {
      config: { audit: { action: 'bacaan.create', entity: 'bacaan', id: createdId } },
      schema: {
        tags,
        description: `${multipartNote}: nama, soal-reading (jpg/png image) and/or html`,
        params: paketIdParamSchema,
        response: { 201: questionReadingMutationResponseSchema, ...errors, 413: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { fields, files } = await readMultipart(request, ['soal-reading', 'image']);
      const input = validate(questionReadingFieldsSchema, fields);
      const data = await createQuestionReading(app.db, app.storage, request.params.paketId, input, files['soal-reading'] ?? files.image);
      return reply.status(201).send({ message: 'Bacaan berhasil ditambahkan.', data });
    },
  );
  app.put(
    '/admin/paket-soal/question-reading/:id',
    {
      config: { audit: { action: 'bacaan.update', entity: 'bacaan', id: 'id' } },
      schema: {
        tags,
        description: `${multipartNote}: nama, optional image (soal-reading or image), optional html`,
        params: idParamSchema,
        response: { 200: questionReadingMutationResponseSchema, ...errors, 413: errorResponseSchema },
      },
    },
    async (request) => {
      const { fields, files } = await readMultipart(request, ['soal-reading', 'image']);
      const input = validate(questionReadingFieldsSchema, fields);
      return {
        message: 'Soal berhasil diupdate',
        data: await updateQuestionReading(app.db, app.storage, request.params.id, input, files['soal-reading'] ?? files.image),
      };
    },
  );
  app.delete(
    '/admin/paket-soal/soal-reading/:id',
    {
      config: { audit: { action: 'bacaan.delete', entity: 'bacaan', id: 'id' } },
      schema: { tags, params: idParamSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => {
      await deleteQuestionReading(app.db, app.storage, request.params.id);
      return { message: 'Bacaan berhasil dihapus.' };
    },
  );
};
