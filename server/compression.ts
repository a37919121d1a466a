import zlib from 'node:zlib';

/**
 * How answers travel compressed, one owner for the compress plugin (server/app.ts) and for the
 * answers kept already compressed (server/services/exam-soal-cache.service.ts).
 */
export const ANSWER_ENCODINGS = ['br', 'gzip'] as const;
export type AnswerEncoding = (typeof ANSWER_ENCODINGS)[number];

/** A moderate brotli level keeps the CPU cost per request small (phones on slow data still gain most of it). */
export const BROTLI_OPTIONS: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

export function encodeBody(body: string, encoding: AnswerEncoding): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(body, BROTLI_OPTIONS) : zlib.gzipSync(body);
}

/**
 * The first of ANSWER_ENCODINGS an Accept-Encoding header allows (a q of 0 refuses one, `*` names
 * the rest), or null when it allows none: then the answer travels as it is.
 */
export function acceptedEncoding(header: string | undefined): AnswerEncoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (token) weights.set(token, Number.isFinite(weight) ? weight : 0);
  }
  const star = weights.get('*');
  return ANSWER_ENCODINGS.find((e) => (weights.get(e) ?? star ?? 0) > 0) ?? null;
}
