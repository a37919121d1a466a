import type { FastifyInstance } from 'fastify';
import { inBackground } from '../db/client.ts';
import { recordPendingOutcomes } from '../services/exam-outcomes.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The writer of finished exams' learning records (docs/decisions/023-learning-records-after-the-score.md). */
    examOutcomes: ExamOutcomesWriter;
  }
}

export interface ExamOutcomesWriter {
  /** A submission was stored: its records are written after the delay, when the database is free. */
  kick(): void;
  /** Resolves when nothing is scheduled or being written (tests, shutdown). */
  idle(): Promise<void>;
}

/** Pending rows left by a finish that did not come through the submission call, or by a stop. */
const SWEEP_MS = 60_000;
const QUIET_MS = 20;

/**
 * Writes the learning records of finished exams in the background, one history row at a time,
 * each when the database is quiet or `delayMs` after the last: under a steady load of exam calls
 * they take at most one row's work per `delayMs` (about 25 ms per 250 ms on PGlite), so a wave of
 * submissions is answered before the records of any of them are written. A learner's own practice
 * calls write theirs first (practice.routes.ts), so the delay is never seen. Runs the first time
 * `delayMs` after the start (what a stop left behind), then after each kick and every minute.
 */
export function registerExamOutcomes(app: FastifyInstance, delayMs: number): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let closing = false;

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  // Quiet: nothing waiting and no statement of a request sent for QUIET_MS (`queryCount` leaves
  // this writer's own out). A queue that is merely empty at one instant is not enough: between two
  // calls of a steady load it is empty most of the time.
  const databaseQuiet = async () => {
    const until = Date.now() + delayMs;
    while (!closing) {
      const sent = app.database.queryCount;
      await pause(Math.min(QUIET_MS, delayMs));
      if ((app.database.queueDepth() === 0 && app.database.queryCount === sent) || Date.now() >= until) return;
    }
  };

  const run = async () => {
    do {
      again = false;
      for (;;) {
        await databaseQuiet();
        if (closing) return;
        if ((await recordPendingOutcomes(app.db, { limit: 1 })) === 0) break;
      }
    } while (again && !closing);
  };

  const start = () => {
    timer = null;
    if (closing) return;
    if (running) {
      again = true;
      return;
    }
    running = inBackground(run)
      .catch((err: unknown) => app.log.warn({ err }, 'recording exam outcomes failed; the next run retries'))
      .finally(() => {
        running = null;
      });
  };
  const schedule = (ms: number) => {
    if (!timer && !closing) timer = setTimeout(start, ms).unref();
  };

  const sweep = setInterval(() => schedule(0), SWEEP_MS);
  sweep.unref();
  app.addHook('onReady', async () => schedule(delayMs));
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(sweep);
    if (timer) clearTimeout(timer);
    await running;
  });

  app.decorate('examOutcomes', {
    kick: () => schedule(delayMs),
    idle: async () => {
      while (timer || running) {
        if (timer) {
          clearTimeout(timer);
          start();
        }
        await running;
      }
    },
  } satisfies ExamOutcomesWriter);
}
