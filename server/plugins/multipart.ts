import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest } from '../errors.ts';
import { MAX_UPLOAD_BYTES, tooLargeMessage } from '../../contract/uploads.ts';

export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 3, fields: 40, fieldSize: 256 * 1024, parts: 50 },
  });
}

export interface MultipartData {
  fields: Record<string, string>;
  files: Record<string, Buffer>;
  /** The file name the client gave each file field. */
  names: Record<string, string>;
}

/**
 * Reads a multipart request: text fields, and the named file fields as buffers (an empty file
 * part, as browsers send for "no file chosen", counts as absent). Oversize files answer 413.
 */
export async function readMultipart(
  request: FastifyRequest,
  fileFields: string[],
  /** A larger ceiling for a route that takes bundles (the question import's sheet and media zip). */
  maxFileBytes = MAX_UPLOAD_BYTES,
): Promise<MultipartData> {
  if (!request.isMultipart()) throw badRequest('Data harus dikirim sebagai multipart/form-data.');
  const data: MultipartData = { fields: {}, files: {}, names: {} };
  try {
    for await (const part of request.parts({ limits: { fileSize: maxFileBytes } })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (fileFields.includes(part.fieldname) && buffer.length > 0) {
          data.files[part.fieldname] = buffer;
          data.names[part.fieldname] = part.filename;
        }
      } else if (typeof part.value === 'string') {
        data.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const e = err as { statusCode?: number; code?: string };
    if (e.statusCode === 413 || e.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, tooLargeMessage(maxFileBytes));
    }
    if (e.statusCode && e.statusCode < 500) throw badRequest('Data formulir tidak dapat dibaca.');
    throw err;
  }
  return data;
}

/** Validates data outside Fastify's schema step (multipart fields) with the same 400 shape. */
export function validate<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const errors = result.error.issues.map((i) => ({ path: i.path.join('.'), msg: i.message }));
  throw badRequest(errors[0]?.msg ?? 'Data yang dikirim tidak valid.', { errors });
}
