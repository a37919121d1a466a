import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  detailUserResponseSchema,
  getAuthResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  registerBodySchema,
  registerResponseSchema,
} from '../../contract/auth.ts';
import { errorResponseSchema, loginErrorResponseSchema, messageResponseSchema } from '../../contract/common.ts';
import { parseIndonesianMobile } from '../../contract/phone.ts';
import { AppError, tooManyRequests } from '../errors.ts';
import { clearSessionCookie, currentUser, requireRole, setSessionCookie } from '../plugins/auth.ts';
import { SESSION_COOKIE, createSession, deleteSession } from '../services/sessions.service.ts';
import { authenticate, registerUser, toAuthUser } from '../services/users.service.ts';

const LOGIN_FAILED = 'Nomor HP atau password salah.';

/** Accounts: spec section 7 (authentication and profile), DESIGN section 4. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/register',
    {
      schema: {
        tags: ['auth'],
        body: registerBodySchema,
        response: { 201: registerResponseSchema, 400: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await registerUser(app.db, request.body);
      return reply.status(201).send({
        message: 'Registrasi berhasil. Silakan login.',
        data: { id: user.id, nohp: user.nohp, nama: user.nama, email: user.email, role: user.role },
      });
    },
  );

  app.post(
    '/users/login',
    {
      config: { errorField: 'error' },
      // The throttle must see attempts with malformed numbers too, so it runs before validation.
      preValidation: async (request) => {
        const raw = (request.body as { nohp?: unknown } | undefined)?.nohp;
        const nohp = typeof raw === 'string' ? parseIndonesianMobile(raw) : null;
        const wait = app.loginThrottle.check(request.ip, nohp);
        if (wait > 0) {
          throw tooManyRequests(`Terlalu banyak percobaan login. Coba lagi dalam ${wait} detik.`, wait);
        }
      },
      schema: {
        tags: ['auth'],
        body: loginBodySchema,
        response: {
          200: loginResponseSchema,
          400: loginErrorResponseSchema,
          401: loginErrorResponseSchema,
          429: loginErrorResponseSchema,
          503: loginErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { nohp, password } = request.body;
      const user = await authenticate(app.db, nohp, password);
      if (!user) {
        app.loginThrottle.recordFailure(nohp);
        throw new AppError(401, LOGIN_FAILED);
      }
      app.loginThrottle.recordSuccess(nohp);
      // A new token at every login: a session id fixed before login is never carried over.
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await deleteSession(app.db, previous);
      const { token } = await createSession(app.db, user.id);
      setSessionCookie(request, reply, token);
      return toAuthUser(user);
    },
  );

  app.get('/users/logout', { schema: { tags: ['auth'], response: { 200: messageResponseSchema } } }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await deleteSession(app.db, token);
    clearSessionCookie(request, reply);
    return { message: 'Anda telah keluar.' };
  });

  app.get(
    '/users/getAuth',
    {
      onRequest: requireRole('User', 'Admin'),
      schema: { tags: ['auth'], response: { 200: getAuthResponseSchema, 401: errorResponseSchema } },
    },
    async (request) => ({ dataUser: toAuthUser(currentUser(request)) }),
  );

  app.get(
    '/users/detail-user',
    {
      onRequest: requireRole('User', 'Admin'),
      schema: { tags: ['auth'], response: { 200: detailUserResponseSchema, 401: errorResponseSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      return { ...toAuthUser(user), email: user.email };
    },
  );
};
