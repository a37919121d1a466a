import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OverloadConfig } from '../config.ts';

export const SERVER_BUSY = 'Server sedang sibuk melayani banyak peserta. Silakan coba lagi dalam beberapa detik.';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'exempt': never shed and no deadline (the health probe must keep telling the truth about the
     * database; the local backup streams for as long as it takes).
     * 'within-deadline': refused by the embedded database's expected wait only when it passes the
     * request deadline, not `OVERLOAD_DB_WAIT_MS` (the final submission, decision 045).
     */
    overload?: 'exempt' | 'within-deadline';
  }
}

/**
 * Which rule refused a request, sent as `x-overload` so an operator (and `npm run simulate`) can
 * tell a lagging process from a full database queue: they call for different remedies.
 */
export type OverloadReason = 'event-loop' | 'database-queue' | 'deadline' | 'busy' | 'stopping';

/** The one answer of every kind of overload (status, headers, body): at once, with when to come back. */
function busy(reply: FastifyReply, retryAfterSeconds: number, reason: OverloadReason): Record<string, string> {
  void reply.status(503).header('retry-after', String(retryAfterSeconds)).header('cache-control', 'no-store').header('x-overload', reason);
  const body: Record<string, string> = { message: SERVER_BUSY };
  if (reply.request.routeOptions.config?.errorField === 'error') body.error = SERVER_BUSY;
  return body;
}

export const answerBusy = (reply: FastifyReply, retryAfterSeconds: number, reason: OverloadReason): FastifyReply =>
  reply.send(busy(reply, retryAfterSeconds, reason));

const exempt = (request: FastifyRequest) => request.routeOptions.config?.overload === 'exempt';

/**
 * The expected wait in the embedded database's queue past which a request is refused at the door.
 * A final submission ends a two-hour exam and comes in a wave when a class's time runs out at
 * once; the estimate read a wave of 500 as 4.5 s of work that took 1.5 s (decision 045). It is let
 * in unless even the deadline would not cover the wait (then the deadline would refuse it anyway),
 * and the calls a phone repeats unseen (drafts, timers) are shed before it.
 */
function dbWaitLimitMs(request: FastifyRequest, limits: OverloadConfig): number {
  return request.routeOptions.config?.overload === 'within-deadline'
    ? Math.max(limits.dbWaitMaxMs, limits.requestDeadlineMs)
    : limits.dbWaitMaxMs;
}

/** An upload's body arrives inside the handler; a phone on a slow link must not lose it to the deadline. */
const streamsBody = (request: FastifyRequest) => (request.headers['content-type'] ?? '').startsWith('multipart/');

/**
 * Load shedding (DESIGN section 10): a lagging event loop or a database queue past its limit
 * answers 503 with Retry-After before any work is done, and no request waits longer than the
 * deadline. The SPA repeats every exam call after a 503, so shedding costs a participant a
 * delay, never an answer.
 */
export async function registerOverload(app: FastifyInstance, limits: OverloadConfig): Promise<void> {
  app.database.queueLimit = limits.dbQueueMax * 2;

  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    // A loop blocked for a whole sample leaves no measurement, which the plugin reads as infinite
    // lag; a sample as long as the threshold (within 0.1-1 s) keeps that case meaning "over it".
    sampleInterval: Math.min(Math.max(limits.maxEventLoopDelayMs, 100), 1000),
    retryAfter: limits.retryAfterSeconds,
    // A returned body is sent by the plugin; undefined lets the request through.
    pressureHandler: ((request: FastifyRequest, reply: FastifyReply) =>
      exempt(request) ? undefined : busy(reply, limits.retryAfterSeconds, 'event-loop')) as unknown as () => void,
  });

  // One sweep over the requests in flight instead of a timer and two listeners per request; a
  // request answers at most a quarter of the deadline (and never more than 250 ms) past it.
  const deadlines = new Map<FastifyReply, number>();
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const [reply, deadline] of deadlines) {
        if (reply.sent || reply.raw.headersSent || reply.raw.destroyed) deadlines.delete(reply);
        else if (now >= deadline) {
          deadlines.delete(reply);
          reply.request.log.warn({ url: reply.request.url }, 'request deadline passed');
          answerBusy(reply, limits.retryAfterSeconds, 'deadline');
        }
      }
    },
    Math.min(250, Math.max(10, limits.requestDeadlineMs / 4)),
  );
  sweep.unref();
  app.addHook('onClose', () => clearInterval(sweep));
  // Forgotten as soon as answered: a quarter second of finished requests kept until the sweep
  // would reach the old generation and make the collector's pauses longer.
  app.addHook('onResponse', (_request, reply, done) => {
    deadlines.delete(reply);
    done();
  });

  app.addHook('onRequest', (request, reply, done) => {
    if (exempt(request)) return done();
    if (app.database.queueDepth() > limits.dbQueueMax || (app.database.expectedWaitMs?.() ?? 0) > dbWaitLimitMs(request, limits)) {
      answerBusy(reply, limits.retryAfterSeconds, 'database-queue');
      return;
    }
    if (!streamsBody(request)) deadlines.set(reply, Date.now() + limits.requestDeadlineMs);
    done();
  });
}
