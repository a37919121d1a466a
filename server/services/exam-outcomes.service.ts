import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { examHistory } from '../db/schema.ts';
import { recordExamOutcomes } from './practice.service.ts';

/**
 * The learning records of finished exams (docs/decisions/023-learning-records-after-the-score.md).
 * A submission stores each question's outcome with its history row; this writes the responses and
 * Buku Kesalahan entries from them, each history row in its own transaction, exactly once: the row
 * is locked (others skip it) and its outcomes cleared in the same transaction.
 *
 * `userId`: only that learner's, waiting for a row another transaction is recording (so a read of
 * those records that follows sees them); without it, any learner's, skipping rows being recorded.
 * `limit`: at most this many rows. Returns how many were recorded.
 */
export async function recordPendingOutcomes(db: Db, options: { userId?: number; limit?: number } = {}): Promise<number> {
  const pending = and(
    isNotNull(examHistory.pendingOutcomes),
    options.userId === undefined ? undefined : eq(examHistory.userId, options.userId),
  );
  const candidates = await db
    .select({ id: examHistory.id })
    .from(examHistory)
    .where(pending)
    .orderBy(asc(examHistory.id))
    .limit(options.limit ?? 100);
  let recorded = 0;
  for (const { id } of candidates) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ userId: examHistory.userId, outcomes: examHistory.pendingOutcomes, at: examHistory.createdAt })
        .from(examHistory)
        .where(and(eq(examHistory.id, id), isNotNull(examHistory.pendingOutcomes)))
        .for('update', options.userId === undefined ? { skipLocked: true } : {});
      if (!row?.outcomes) return false;
      // Graded at the submission's instant, as if written with it.
      await recordExamOutcomes(tx, row.userId, row.outcomes, row.at);
      await tx.update(examHistory).set({ pendingOutcomes: null }).where(eq(examHistory.id, id));
      return true;
    });
    if (done) recorded += 1;
  }
  return recorded;
}
