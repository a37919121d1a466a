/**
 * A failure a client caused or may act on, with the Indonesian message it is shown.
 * Services throw it; the error handler (plugins/errors.ts) turns it into the HTTP answer.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra answer fields, e.g. `{ errors: [...] }` or headers-worthy data such as retryAfter. */
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new AppError(400, message, extra);
export const unauthorized = (message = 'Silakan login terlebih dahulu.') => new AppError(401, message);
export const forbidden = (message = 'Anda tidak memiliki akses ke fitur ini.') => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new AppError(409, message, extra);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, {}, { 'retry-after': String(retryAfterSeconds) });
