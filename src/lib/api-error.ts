import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { FieldError } from '../../contract/common.ts';
import { t } from '../i18n/id.ts';

/** What an RTK Query hook or `unwrap()` rejects with. */
export type ApiError = FetchBaseQueryError | SerializedError | undefined | null;

/*
 * Error bodies are read with small guards instead of the contract's zod schemas so that zod
 * stays out of the screens' bundles; the field names still come from contract/common.ts.
 */

export function isFetchBaseQueryError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

/** The HTTP status of a failed call, if the server answered at all. */
export function httpStatus(error: unknown): number | undefined {
  if (!isFetchBaseQueryError(error)) return undefined;
  if (typeof error.status === 'number') return error.status;
  if (error.status === 'PARSING_ERROR') return error.originalStatus;
  return undefined;
}

function body(error: unknown): Record<string, unknown> | undefined {
  if (!isFetchBaseQueryError(error) || typeof error.status !== 'number') return undefined;
  const { data } = error;
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : undefined;
}

/** A non-empty string field of the JSON error body (`error` for login, `message` elsewhere). */
export function bodyText(error: unknown, field: 'error' | 'message'): string | undefined {
  const value = body(error)?.[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The first `errors[].msg` of a 400 answer (spec section 8). */
export function firstFieldError(error: unknown): string | undefined {
  const errors = body(error)?.errors;
  if (!Array.isArray(errors)) return undefined;
  const first = errors[0] as Partial<FieldError> | undefined;
  return typeof first?.msg === 'string' && first.msg !== '' ? first.msg : undefined;
}

/** The transport-level description of a failure, used when the server said nothing usable. */
export function transportMessage(error: unknown): string {
  if (isFetchBaseQueryError(error)) {
    switch (error.status) {
      case 'FETCH_ERROR':
        return t.transport.network;
      case 'TIMEOUT_ERROR':
        return t.transport.timeout;
      case 'PARSING_ERROR':
        return t.transport.status(error.originalStatus);
      case 'CUSTOM_ERROR':
        return error.error;
      default:
        return t.transport.status(error.status);
    }
  }
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error as SerializedError;
    if (message) return message;
  }
  return t.transport.unknown;
}

/** Most screens: the server's `message`, else the transport message. */
export function errorMessage(error: unknown): string {
  return bodyText(error, 'message') ?? transportMessage(error);
}
