/**
 * The longest an exam call or download goes without a byte from the server before it is given up
 * as a dead connection (decision 040). A phone's link can die mid-request with neither an answer
 * nor an error for minutes. The server answers or sheds every request within its deadline
 * (REQUEST_DEADLINE_MS, 10 s by default) and then sends without pause, so silence this long is a
 * dead connection, while a slow link that keeps sending is waited for however long it takes.
 */
export const SILENCE_LIMIT_MS = 20_000;

/** A request given up because nothing came for `SILENCE_LIMIT_MS`. */
export class SilentConnectionError extends Error {
  override name = 'SilentConnectionError';
}

/** Statuses whose answer has no body (a Response built with one throws). */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * `fetch` that reads the whole body and gives up when nothing arrives for `silenceMs`: no answer
 * yet, or a body that stopped coming. It answers a Response holding the body read, so a caller
 * reads it as from `fetch`. An abort of the caller's own signal passes through as it is.
 */
export async function fetchUntilSilent(input: RequestInfo | URL, init: RequestInit = {}, silenceMs = SILENCE_LIMIT_MS): Promise<Response> {
  const controller = new AbortController();
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const stop = (reason?: unknown) => {
    controller.abort(reason);
    // Not every body ends with its request's abort (a test double's stream does not): a read that
    // waits for it ends here, and the abort is thrown below.
    void reader?.cancel().catch(() => undefined);
  };
  const outer = init.signal ?? (input instanceof Request ? input.signal : null);
  const passAbort = () => stop(outer?.reason);
  if (outer?.aborted) passAbort();
  outer?.addEventListener('abort', passAbort);
  let silent = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const heard = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      silent = true;
      stop();
    }, silenceMs);
  };
  heard();
  try {
    const response = await fetch(input, { ...init, signal: controller.signal });
    heard();
    const chunks: Uint8Array[] = [];
    reader = response.body?.getReader();
    for (;;) {
      const next = await reader?.read();
      if (!next || next.done) break;
      chunks.push(next.value);
      heard();
    }
    // A body cut short is never an answer.
    if (controller.signal.aborted) throw controller.signal.reason;
    const body = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    chunks.reduce((at, c) => (body.set(c, at), at + c.length), 0);
    const { status, statusText, headers } = response;
    return new Response(NO_BODY.has(status) ? null : body, { status, statusText, headers });
  } catch (error) {
    if (silent) throw new SilentConnectionError(`no byte from the server for ${silenceMs} ms`);
    throw error;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', passAbort);
  }
}
