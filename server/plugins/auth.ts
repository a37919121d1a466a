import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../contract/auth.ts';
import { SESSION_HINT_METRIC } from '../../contract/page-hints.ts';
import type { UserRow } from '../db/schema.ts';
import { forbidden, unauthorized } from '../errors.ts';
import {
  SESSION_COOKIE,
  SESSION_TTL_SECONDS,
  findSessionUser,
  findSessionUserWithOpenAttempt,
  type OpenAttemptRead,
} from '../services/sessions.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user once `requireRole` (or `loadSessionUser`) has run; null when signed out. */
    user: UserRow | null;
    /** Exam routes: the user's open attempt, read with the session (undefined elsewhere). */
    openAttempt: OpenAttemptRead | undefined;
  }
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('openAttempt', undefined);
}

/** Reads the session cookie into `request.user` (identity comes from the session only). */
export async function loadSessionUser(request: FastifyRequest): Promise<UserRow | null> {
  const token = request.cookies[SESSION_COOKIE];
  request.user = token ? await findSessionUser(request.server.db, token) : null;
  return request.user;
}

/** Route guard (an onRequest hook, so it answers before any body is read): no session -> 401, a role not allowed -> 403. */
export function requireRole(...roles: Role[]): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const user = await loadSessionUser(request);
    if (!user) throw unauthorized();
    if (!roles.includes(user.role)) throw forbidden();
  };
}

/** The exam routes' guard: like requireRole, and reads the open attempt in the same statement. */
export function requireRoleWithOpenAttempt(...roles: Role[]): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    const found = token ? await findSessionUserWithOpenAttempt(request.server.db, token, request.server.examGuardCache) : null;
    request.user = found?.user ?? null;
    request.openAttempt = found?.open;
    if (!found) throw unauthorized();
    if (!roles.includes(found.user.role)) throw forbidden();
  };
}

/** The signed-in user inside a guarded handler. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Cookie flags of DESIGN section 4: httpOnly, SameSite=Lax, Secure behind HTTPS. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request),
    maxAge: SESSION_TTL_SECONDS,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps(request) });
}

/** On a page load: tells the SPA whether a session cookie came with it (contract/page-hints.ts). */
export function setSessionHint(request: FastifyRequest, reply: FastifyReply): void {
  void reply.header('server-timing', `${SESSION_HINT_METRIC};desc=${request.cookies[SESSION_COOKIE] ? 1 : 0}`);
}

function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.server.config.publicUrl?.startsWith('https:') === true;
}
