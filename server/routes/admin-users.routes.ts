import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { timeFactorBodySchema, timeFactorResponseSchema } from '../../contract/accommodations.ts';
import {
  examUserListResponseSchema,
  examUserQuerySchema,
  nohpParamSchema,
  resetPasswordResponseSchema,
} from '../../contract/admin-users.ts';
import { errorResponseSchema } from '../../contract/common.ts';
import { currentUser, requireRole } from '../plugins/auth.ts';
import { listExamUsers, resetPassword, setTimeFactor } from '../services/admin-users.service.ts';

const tags = ['admin: users'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** GET /admin/user (Data User: learners), the password reset of DESIGN section 9 and the time factor. Admin only. */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireRole('Admin'));

  app.get(
    '/admin/user',
    { schema: { tags, querystring: examUserQuerySchema, response: { 200: examUserListResponseSchema, ...errors } } },
    async (request) => listExamUsers(app.db, request.query),
  );

  app.post(
    '/admin/user/:nohp/reset-password',
    {
      config: { audit: { action: 'pengguna.reset-password', entity: 'pengguna', id: 'nohp' } },
      schema: { tags, params: nohpParamSchema, response: { 200: resetPasswordResponseSchema, ...errors } },
    },
    async (request) => ({
      message: 'Password sementara dibuat. Sampaikan kepada peserta; password ini hanya ditampilkan sekali.',
      password: await resetPassword(app.db, currentUser(request), request.params.nohp),
    }),
  );

  app.put(
    '/admin/user/:nohp/faktor-waktu',
    {
      config: { audit: { action: 'pengguna.faktor-waktu', entity: 'pengguna', id: 'nohp' } },
      schema: { tags, params: nohpParamSchema, body: timeFactorBodySchema, response: { 200: timeFactorResponseSchema, ...errors } },
    },
    async (request) => ({
      message: 'Faktor waktu disimpan. Berlaku mulai simulasi berikutnya yang dimulai peserta.',
      faktor_waktu_persen: await setTimeFactor(app.db, request.params.nohp, request.body.faktor_waktu_persen),
    }),
  );
};
