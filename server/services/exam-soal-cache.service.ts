import { examPaketSchema, soalResponseSchema, type SoalResponse } from '../../contract/exam.ts';
import { encodeBody, type AnswerEncoding } from '../compression.ts';
import type { Db } from '../db/client.ts';
import { versionRow } from '../db/version-rows.ts';
import { examQuestions } from './exam.service.ts';

/**
 * GET /soal answered from memory (docs/decisions/035-the-questions-kept-whole.md): every learner of
 * a package receives the same 140 questions (about 170 KB, 18 KB in brotli), which the exam used to
 * read, check, serialise and compress for each of them (11 ms of the event loop, 16-18 ms with the
 * compression). The database owns the invalidation: migration 0015's triggers bump
 * `soal_content_version` in the same transaction as any change to soal or question_reading,
 * whichever instance or psql session makes it, and each request reads that one row. What depends
 * on the learner (the package row, their time factor) is read per request and is part of the key.
 */
export interface KeptSoalAnswer {
  /** The serialised answer (built on demand: only a client that accepts no encoding needs it). */
  body(): string;
  /** The answer compressed, once per encoding. */
  encoded(encoding: AnswerEncoding): Buffer;
}

/** Distinct kept answers (package and time factor) before the oldest is dropped; each holds its compressed bytes. */
const MAX_ANSWERS = 64;
/** Packages whose questions are kept (about 170 KB each). */
const MAX_PACKAGES = 16;

const questionsSchema = soalResponseSchema.shape.soal;

async function versionOf(db: Db): Promise<string> {
  const row = await versionRow(db, 'soal_content_version');
  return `${row.epoch}-${row.version}`;
}

function keptAnswer(paketJson: string, questionsJson: string): KeptSoalAnswer {
  const encoded = new Map<AnswerEncoding, Buffer>();
  const body = () => `{"paket":${paketJson},"soal":${questionsJson}}`;
  return {
    body,
    encoded(encoding) {
      let bytes = encoded.get(encoding);
      if (!bytes) {
        bytes = encodeBody(body(), encoding);
        encoded.set(encoding, bytes);
      }
      return bytes;
    },
  };
}

/** Keeps a map at `max` entries by dropping the oldest. */
function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  if (map.size >= max) map.delete(map.keys().next().value as K);
  map.set(key, value);
}

export class ExamSoalCache {
  /** The content version everything kept belongs to. */
  private version: string | null = null;
  /** Serialised question lists by package. */
  private readonly questions = new Map<number, string>();
  /** Reads under way by package, so a burst of first requests reads the questions once. */
  private readonly reading = new Map<number, Promise<{ version: string; json: string }>>();
  private readonly answers = new Map<string, KeptSoalAnswer>();

  async answer(db: Db, paket: SoalResponse['paket']): Promise<KeptSoalAnswer> {
    const version = await versionOf(db);
    if (version !== this.version) {
      this.version = version;
      this.questions.clear();
      this.reading.clear();
      this.answers.clear();
    }
    // Checked as the response schema would check it; the key holds exactly what the answer says.
    const paketJson = JSON.stringify(examPaketSchema.parse(paket));
    const key = `${paket.id} ${paketJson}`;
    const kept = this.answers.get(key);
    if (kept) return kept;

    let questionsJson = this.questions.get(paket.id);
    if (questionsJson === undefined) {
      const fresh = await this.read(db, paket.id);
      // A change committed after this request's version was read: answer it, keep nothing.
      if (fresh.version !== this.version) return keptAnswer(paketJson, fresh.json);
      questionsJson = fresh.json;
      remember(this.questions, paket.id, questionsJson, MAX_PACKAGES);
    }
    const answer = keptAnswer(paketJson, questionsJson);
    remember(this.answers, key, answer, MAX_ANSWERS);
    return answer;
  }

  private read(db: Db, paketId: number): Promise<{ version: string; json: string }> {
    let reading = this.reading.get(paketId);
    if (!reading) {
      // Version and rows from one snapshot, so a change committing in between cannot pair the old
      // questions with the new version (which would then be served until the next change).
      reading = db.transaction(
        async (tx) => {
          const version = await versionOf(tx);
          const json = JSON.stringify(questionsSchema.parse(await examQuestions(tx, paketId)));
          return { version, json };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      const started = reading;
      this.reading.set(paketId, started);
      const forget = () => {
        if (this.reading.get(paketId) === started) this.reading.delete(paketId);
      };
      started.then(forget, forget);
    }
    return reading;
  }
}
