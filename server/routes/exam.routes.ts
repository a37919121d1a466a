import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../contract/common.ts';
import {
  cekEndtimeQuerySchema,
  cekEndtimeResponseSchema,
  draftBodySchema,
  draftResponseSchema,
  nextSectionBodySchema,
  scoreResultSchema,
  soalResponseSchema,
  submitBodySchema,
  timerBodySchema,
  timerResponseSchema,
} from '../../contract/exam.ts';
import { acceptedEncoding } from '../compression.ts';
import { currentUser, requireRoleWithOpenAttempt } from '../plugins/auth.ts';
import { ExamSoalCache } from '../services/exam-soal-cache.service.ts';
import {
  assertOwnNohp,
  cekEndtime,
  endSectionNow,
  examPaketOf,
  getDraft,
  nextSection,
  peekTimer,
  saveDraft,
  startOrRefreshTimer,
  submitAnswers,
} from '../services/exam.service.ts';

const tags = ['exam'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/**
 * Participant exam calls (spec section 7, DESIGN sections 4 and 9): identity from the session
 * only, the server's clock for every section, answers accepted only while their section runs.
 */
export const examRoutes: FastifyPluginAsyncZod = async (app) => {
  // Session, user and open attempt in one statement; the timer refresh needs nothing more.
  app.addHook('onRequest', requireRoleWithOpenAttempt('User', 'Admin'));
  // Timers and answers must never be served from a cache.
  app.addHook('onSend', (_request, reply, payload, done) => {
    void reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  const questions = new ExamSoalCache(app.database.changesLive, app.database.changesHeard);
  const unsubscribe = app.database.changes((channel) => {
    if (channel === 'soal_content') questions.changed();
  });
  app.addHook('onClose', async () => unsubscribe());
  app.get('/soal', { schema: { tags, response: { 200: soalResponseSchema, ...errors } } }, async (request, reply) => {
    const answer = await questions.answer(app.db, await examPaketOf(app.db, currentUser(request), request.openAttempt));
    // Checked and serialised once until the content changes (the schema above documents it); sent as it is.
    void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(answer.body() as never);
    return reply.header('content-encoding', encoding).send(answer.encoded(encoding) as never);
  });

  app.get(
    '/soal/cek-endtime',
    { schema: { tags, querystring: cekEndtimeQuerySchema, response: { 200: cekEndtimeResponseSchema, ...errors } } },
    async (request) => {
      const user = currentUser(request);
      assertOwnNohp(user, request.query.nohp);
      return cekEndtime(app.db, user);
    },
  );

  const timerRoute = (url: string, action: typeof startOrRefreshTimer) =>
    app.put(url, { schema: { tags, body: timerBodySchema, response: { 200: timerResponseSchema, ...errors } } }, async (request) => {
      const user = currentUser(request);
      assertOwnNohp(user, request.body.nohp);
      return action(app.db, user, request.body.paketId, undefined, request.openAttempt);
    });
  timerRoute('/soal/timers', startOrRefreshTimer);
  app.get(
    '/soal/timers',
    {
      schema: {
        tags,
        description: 'Read-only: the running section and its end; never starts an attempt',
        response: { 200: timerResponseSchema, ...errors },
      },
    },
    async (request) => peekTimer(app.db, currentUser(request), undefined, request.openAttempt),
  );
  timerRoute('/soal/timers-to-zero', endSectionNow);
  app.put(
    '/soal/timers/next',
    { schema: { tags, body: nextSectionBodySchema, response: { 200: timerResponseSchema, ...errors } } },
    async (request) => {
      const user = currentUser(request);
      assertOwnNohp(user, request.body.nohp);
      return nextSection(app.db, user, request.body.paketId, undefined, request.body.sesi);
    },
  );

  app.put(
    '/soal/jawaban/draft',
    { schema: { tags, body: draftBodySchema, response: { 200: draftResponseSchema, ...errors } } },
    async (request) => {
      const user = currentUser(request);
      assertOwnNohp(user, request.body.nohp);
      return saveDraft(app.db, user, request.body, undefined, request.openAttempt);
    },
  );
  app.get('/soal/jawaban/draft', { schema: { tags, response: { 200: draftResponseSchema, ...errors } } }, async (request) =>
    getDraft(app.db, currentUser(request)),
  );

  app.post(
    '/soal/jawaban',
    { schema: { tags, body: submitBodySchema, response: { 200: scoreResultSchema, ...errors } }, config: { overload: 'within-deadline' } },
    async (request) => {
      const user = currentUser(request);
      assertOwnNohp(user, request.body.nohp);
      const score = await submitAnswers(app.db, user, request.body.answers, undefined, request.openAttempt, (paketId) =>
        questions.keys(app.db, paketId),
      );
      app.examOutcomes.kick();
      return score;
    },
  );
};
