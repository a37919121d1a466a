import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../contract/common.ts';
import {
  answerBodySchema,
  answerResponseSchema,
  drillBodySchema,
  drillResponseSchema,
  miniResultBodySchema,
  miniResultResponseSchema,
  notebookResponseSchema,
  planBodySchema,
  planResponseSchema,
  practiceHomeSchema,
} from '../../contract/practice.ts';
import { currentUser, requireRole } from '../plugins/auth.ts';
import { answerItem, createDrill, dueReviews, notebook, practiceHome, recordMiniResult } from '../services/practice.service.ts';
import { getPlan, savePlan } from '../services/study-plan.service.ts';
import { recordPendingOutcomes } from '../services/exam-outcomes.service.ts';

const tags = ['practice'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/**
 * Practice ('Latihan', DESIGN section 11): learners only. Keys leave the server only in the answer
 * to an answer; package questions only once the learner has finished that package.
 */
export const practiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireRole('User'));
  // Every practice answer reads or grades the learner's records: a finished exam's are written first.
  app.addHook('preHandler', async (request) => {
    await recordPendingOutcomes(app.db, { userId: currentUser(request).id });
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    void reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  app.get('/practice/home', { schema: { tags, response: { 200: practiceHomeSchema, ...errors } } }, async (request) => {
    const user = currentUser(request);
    const now = app.clock.now();
    return practiceHome(app.db, user, now, await getPlan(app.db, user, now));
  });

  app.post(
    '/practice/drills',
    { schema: { tags, body: drillBodySchema, response: { 200: drillResponseSchema, ...errors } } },
    async (request) => ({
      items: await createDrill(app.db, currentUser(request), request.body),
    }),
  );

  app.post(
    '/practice/answers',
    { schema: { tags, body: answerBodySchema, response: { 200: answerResponseSchema, ...errors } } },
    async (request) => answerItem(app.db, currentUser(request), request.body, app.clock.now()),
  );

  app.get('/practice/reviews', { schema: { tags, response: { 200: drillResponseSchema, ...errors } } }, async (request) => ({
    items: await dueReviews(app.db, currentUser(request), app.clock.now()),
  }));

  app.get('/practice/notebook', { schema: { tags, response: { 200: notebookResponseSchema, ...errors } } }, async (request) =>
    notebook(app.db, currentUser(request), app.clock.now()),
  );

  app.post(
    '/practice/mini',
    { schema: { tags, body: miniResultBodySchema, response: { 200: miniResultResponseSchema, ...errors } } },
    async (request) => ({
      missed: await recordMiniResult(app.db, currentUser(request), request.body, app.clock.now()),
    }),
  );

  app.get('/practice/plan', { schema: { tags, response: { 200: planResponseSchema, ...errors } } }, async (request) => ({
    plan: await getPlan(app.db, currentUser(request), app.clock.now()),
  }));

  app.put(
    '/practice/plan',
    { schema: { tags, body: planBodySchema, response: { 200: planResponseSchema, ...errors } } },
    async (request) => ({
      plan: await savePlan(app.db, currentUser(request), request.body, app.clock.now()),
    }),
  );
};
