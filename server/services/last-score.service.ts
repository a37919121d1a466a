import { desc, eq } from 'drizzle-orm';
import type { LastScoreResponse } from '../../contract/payments.ts';
import type { Db } from '../db/client.ts';
import { examHistory } from '../db/schema.ts';

/** GET /users/lastScore: the user's newest finished result; -1 scores when there is none yet. */
export async function lastScoreOf(db: Db, userId: number): Promise<LastScoreResponse> {
  const [h] = await db
    .select()
    .from(examHistory)
    .where(eq(examHistory.userId, userId))
    .orderBy(desc(examHistory.createdAt), desc(examHistory.id))
    .limit(1);
  if (!h) {
    return {
      lastScore: -1,
      lastPaket: null,
      toeflScore: -1,
      scoreListening: 0,
      scoreWritten: 0,
      scoreReading: 0,
      listeningCorrect: 0,
      writtenCorrect: 0,
      readingCorrect: 0,
      tanggal: null,
    };
  }
  return {
    lastScore: h.totalScore,
    lastPaket: h.namaPaket,
    toeflScore: h.totalScore,
    scoreListening: h.listeningScore,
    scoreWritten: h.structureScore,
    scoreReading: h.readingScore,
    listeningCorrect: h.listeningCorrect,
    writtenCorrect: h.writtenCorrect,
    readingCorrect: h.readingCorrect,
    tanggal: h.createdAt.toISOString(),
  };
}
