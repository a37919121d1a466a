import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorChain, isLockConflict } from '../db/errors.ts';
import { AppError } from '../errors.ts';
import { answerBusy } from './overload.ts';

export const GENERIC_SERVER_ERROR = 'Terjadi kesalahan pada server. Silakan coba lagi nanti.';
export const DATABASE_UNAVAILABLE = 'Layanan sedang tidak tersedia (basis data tidak terjangkau). Silakan coba lagi sebentar lagi.';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Login answers failures as `{ error }` (spec section 8); every other route as `{ message }`. */
    errorField?: 'error';
  }
}

/**
 * Too much work at once rather than anything broken: PGlite's queue past its limit, a wait for a
 * pooled PostgreSQL connection past the pool's acquire timeout, the password-hashing queue full, or
 * a statement PostgreSQL rolled back after it lost a race for rows (a repeat is safe).
 */
function isDatabaseBusy(err: unknown): boolean {
  if (isLockConflict(err)) return true;
  for (const e of errorChain(err)) {
    if (e.code === 'DATABASE_BUSY' || e.code === 'HASH_QUEUE_FULL') return true;
    if (typeof e.message === 'string' && /timeout exceeded when trying to connect/i.test(e.message)) return true;
  }
  return false;
}

/** PostgreSQL connection failures: the client may retry; this is a 503, not a bug. */
function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of errorChain(err)) {
    const code = e.code;
    if (typeof code === 'string' && (/^(08|57P0)/.test(code) || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(code))) {
      return true;
    }
    if (
      typeof e.message === 'string' &&
      /Connection terminated|connection timeout|Client has encountered a connection error|PGlite is closed/i.test(e.message)
    ) {
      return true;
    }
  }
  return false;
}

/**
 * The one error handler: validation -> 400 {message, errors}; AppError -> its status; a lost
 * database -> 503; anything unexpected -> 500 logged with the request id and a generic message.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = (status: number, message: string, extra: Record<string, unknown> = {}) => {
      const body: Record<string, unknown> = { message, ...extra };
      if (request.routeOptions.config?.errorField === 'error') body.error = message;
      return reply.status(status).send(body);
    };

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        msg: v.message ?? 'Data tidak valid.',
      }));
      return answer(400, errors[0]?.msg ?? 'Data yang dikirim tidak valid.', { errors });
    }
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error, cause: error.cause }, error.message);
      for (const [k, v] of Object.entries(error.headers)) void reply.header(k, v);
      return answer(error.statusCode, error.message, error.extra);
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      return answer(413, 'Ukuran data yang dikirim terlalu besar.');
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 415) {
      return answer(415, 'Format data tidak didukung.');
    }
    if (error.code === 'FST_ERR_RATE_LIMIT_EXCEEDED' || error.statusCode === 429) {
      return answer(429, 'Terlalu banyak permintaan. Silakan coba lagi nanti.');
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, empty bodies with a JSON content type and similar transport faults.
      return answer(error.statusCode, 'Format data yang dikirim tidak valid.');
    }
    const retryAfter = request.server.config.overload.retryAfterSeconds;
    if (isDatabaseBusy(error)) {
      request.log.warn({ err: error }, 'overloaded');
      // A call refused inside the handler: PGlite's own bound, a pooled connection not free in time,
      // the hash queue, a lost race for rows.
      return answerBusy(reply, retryAfter, 'busy');
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      void reply.header('retry-after', String(retryAfter));
      return answer(503, DATABASE_UNAVAILABLE);
    }
    request.log.error({ err: error }, 'unexpected error');
    return answer(500, GENERIC_SERVER_ERROR, { requestId: request.id });
  });
}
