import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, messageResponseSchema } from '../../contract/common.ts';
import {
  PASSWORD_UPDATED,
  updatePasswordBodySchema,
  updateProfileFieldsSchema,
  updateProfileResponseSchema,
} from '../../contract/profile.ts';
import { currentUser, requireRole } from '../plugins/auth.ts';
import { readMultipart, validate } from '../plugins/multipart.ts';
import { updatePassword, updateProfile } from '../services/profile.service.ts';
import { SESSION_COOKIE } from '../services/sessions.service.ts';

const tags = ['auth'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** Profile User (spec sections 2 and 7): name, email, number, photo; password change. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/users/profile',
    {
      onRequest: requireRole('User', 'Admin'),
      schema: {
        tags,
        description: 'multipart/form-data: nohp (current), nama, email, newNohp (optional), profilePic (optional jpg/png/webp, max 5 MB)',
        response: { 200: updateProfileResponseSchema, ...errors, 409: errorResponseSchema, 413: errorResponseSchema },
      },
    },
    async (request) => {
      const { fields, files } = await readMultipart(request, ['profilePic']);
      const input = validate(updateProfileFieldsSchema, fields);
      return updateProfile(app.db, app.storage, currentUser(request), input, files.profilePic);
    },
  );

  app.put(
    '/users/update-password',
    {
      onRequest: requireRole('User', 'Admin'),
      schema: { tags, body: updatePasswordBodySchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => {
      await updatePassword(app.db, currentUser(request), request.body, request.cookies[SESSION_COOKIE]);
      return { message: PASSWORD_UPDATED };
    },
  );
};
