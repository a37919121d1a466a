import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { answerBusy } from './overload.ts';

/** Longest a stop may take before the process ends anyway (server/main.ts forces the exit). */
export const STOP_GRACE_MS = 10_000;

/**
 * Longest a stop waits for requests still running before it closes anyway: the rest of
 * STOP_GRACE_MS is left to the database's own close (PGlite writes its last pages to disk). It
 * must also end before Fastify gives up on a preClose hook (its plugin timeout, 10 s by default).
 */
export const REQUESTS_WAIT_MS = STOP_GRACE_MS - 3_000;

/** Not counted (yet, or any more). */
const NOT_COUNTED = 0;
/** Counted until the app's onSend hook: the answer is made, nothing of the request touches the database after it. */
const COUNTED = 1;
/** Counted until the route's own last onSend hook, which still uses the database (see `throughRouteOnSend`). */
const COUNTED_TO_ROUTE_END = 2;

declare module 'fastify' {
  interface FastifyRequest {
    /** Whether a stop waits for this request, and which hook ends that (server/plugins/requests-in-flight.ts). */
    inFlight: typeof NOT_COUNTED | typeof COUNTED | typeof COUNTED_TO_ROUTE_END;
  }
  interface FastifyInstance {
    requestsInFlight: RequestsInFlight;
  }
}

export interface RequestsInFlight {
  /**
   * For a route whose own onSend hooks still use the database (the audit log writes its entry
   * there, after the app's hooks): its requests stay counted until the last onSend hook now on the
   * route. Call it from an onRoute hook, after adding those hooks.
   */
  throughRouteOnSend(route: RouteOptions): void;
}

const hookList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

/**
 * A stop waits for every request still running before anything of the app closes (decision 044).
 * Fastify's close waits for open connections only: a request whose client has gone keeps running
 * its handler, and the database closed under it cut the work in the middle.
 *
 * A request is counted from its first onRequest hook until its answer is made (the app's onSend
 * hook), whether the client is still there or not: after an abort no response is written, so
 * neither onResponse nor anything later ever runs, and onRequestAbort comes while the work still
 * runs (and not at all once a body has been read). onResponse only catches the answers Fastify
 * writes without onSend (its last-resort error answer). A request shed in an earlier onRequest
 * hook is never counted. Per request this costs four calls and two writes of a field; the stop's
 * timer exists only while a stop waits.
 *
 * The wait runs in preClose, before the server stops listening and before every onClose hook
 * (the database's, the exam outcomes writer's, the change listeners'), whatever order they were
 * added in. A request that arrives meanwhile is answered 503 with Retry-After and the busy message
 * (`x-overload: stopping`) before it is counted, so the count only falls.
 */
export function registerRequestsInFlight(app: FastifyInstance, retryAfterSeconds: number, waitMs: number = REQUESTS_WAIT_MS): void {
  // A preClose hook that outlives the plugin timeout fails the close and runs the onClose hooks at once.
  const hookTimeout = app.initialConfig.pluginTimeout ?? 10_000;
  if (hookTimeout > 0 && waitMs >= hookTimeout) {
    throw new Error(`the stop's wait (${waitMs} ms) must end before Fastify's plugin timeout (${hookTimeout} ms)`);
  }
  let running = 0;
  let stopping = false;
  let drained: (() => void) | null = null;

  const settle = (request: FastifyRequest) => {
    request.inFlight = NOT_COUNTED;
    running -= 1;
    if (running === 0 && drained !== null) drained();
  };

  app.decorateRequest('inFlight', NOT_COUNTED);
  app.addHook('onRequest', (request, reply, done) => {
    if (stopping) {
      answerBusy(reply, retryAfterSeconds, 'stopping');
      return;
    }
    request.inFlight = COUNTED;
    running += 1;
    done();
  });
  // A client that left before its body was read (while an onRequest hook asked the database for
  // the session): Fastify would then wait for a body that never comes, with no handler, answer or
  // hook, and a request without a body would run a handler whose answer goes nowhere. Its work
  // ends here.
  app.addHook('preParsing', (request, reply, payload, done) => {
    if (!request.raw.destroyed) return done(null, payload);
    if (request.inFlight !== NOT_COUNTED) settle(request);
    reply.hijack();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.inFlight === COUNTED) settle(request);
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.inFlight !== NOT_COUNTED) settle(request);
    done();
  });

  // Route hooks run after the app's: the first moves the end to the second, which comes last.
  const toRouteEnd = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    if (request.inFlight === COUNTED) request.inFlight = COUNTED_TO_ROUTE_END;
    done();
  };
  const routeEnd = (request: FastifyRequest, _reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
    if (request.inFlight !== NOT_COUNTED) settle(request);
    done(null, payload);
  };
  app.decorate('requestsInFlight', {
    throughRouteOnSend(route: RouteOptions) {
      route.onRequest = [...hookList(route.onRequest), toRouteEnd];
      route.onSend = [...hookList(route.onSend), routeEnd];
    },
  } satisfies RequestsInFlight);

  app.addHook('preClose', async () => {
    stopping = true;
    if (running === 0) return;
    const left = await new Promise<number>((resolve) => {
      const timer = setTimeout(() => resolve(running), waitMs);
      drained = () => {
        clearTimeout(timer);
        resolve(0);
      };
    });
    drained = null;
    if (left > 0) app.log.warn({ running: left, waitedMs: waitMs }, 'closing with requests still running');
  });
}
