import { examPaketSchema, soalResponseSchema } from '../../contract/exam.ts';
import { encodeBody, type AnswerEncoding } from '../compression.ts';
import type { Db } from '../db/client.ts';
import { versionRow } from '../db/version-rows.ts';
import { ChangeNotices } from './change-notices.service.ts';
import { examPaketFields, examQuestions, packageKeys, type PackageKeys } from './exam.service.ts';

/**
 * GET /soal answered from memory (docs/decisions/035-the-questions-kept-whole.md): every learner of
 * a package receives the same 140 questions (about 170 KB, 18 KB in brotli), which the exam used to
 * read, check, serialise and compress for each of them (11 ms of the event loop, 16-18 ms with the
 * compression). The database owns the invalidation: migration 0015's triggers bump
 * `soal_content_version` and notify `soal_content` in the same transaction as any change to
 * paket_soal, soal or question_reading, whichever instance or psql session makes it. While the
 * database tells this process of changes (decisions 024 and 027), a request reads nothing;
 * otherwise it reads the version row. The learner's time factor is part of the key.
 */
export interface KeptSoalAnswer {
  /** The serialised answer (built on demand: only a client that accepts no encoding needs it). */
  body(): string;
  /** The answer compressed, once per encoding. */
  encoded(encoding: AnswerEncoding): Buffer;
}

/** A package's content as one version of it reads. */
interface PackageContent {
  version: string;
  paket: Awaited<ReturnType<typeof examPaketFields>>;
  /** The serialised question list. */
  questionsJson: string;
  /** What a submission is scored by: the keys never leave the server. */
  keys: PackageKeys;
}

/** Distinct kept answers (package and time factor) before the oldest is dropped; each holds its compressed bytes. */
const MAX_ANSWERS = 64;
/** Packages whose content is kept (about 170 KB each). */
const MAX_PACKAGES = 16;

const questionsSchema = soalResponseSchema.shape.soal;

async function versionOf(db: Db): Promise<string> {
  const row = await versionRow(db, 'soal_content_version');
  return `${row.epoch}-${row.version}`;
}

function keptAnswer(content: PackageContent, timeFactorPct: number): KeptSoalAnswer {
  // Checked as the response schema would check it.
  const paketJson = JSON.stringify(examPaketSchema.parse({ ...content.paket, faktor_waktu_persen: timeFactorPct }));
  const encoded = new Map<AnswerEncoding, Buffer>();
  const body = () => `{"paket":${paketJson},"soal":${content.questionsJson}}`;
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
  private readonly packages = new Map<number, PackageContent>();
  /** Reads under way by package, so a burst of first requests reads the content once. */
  private readonly reading = new Map<number, Promise<PackageContent>>();
  /** Answers by package and time factor. */
  private readonly answers = new Map<string, KeptSoalAnswer>();
  private readonly notices: ChangeNotices;

  /**
   * `told` and `heard`: the database's change notices (change-notices.service.ts); while told,
   * what is kept is served until the next notice. Otherwise each request reads the version row.
   */
  constructor(told?: () => boolean, heard?: () => Promise<void>) {
    this.notices = new ChangeNotices(told, heard);
  }

  /** A `soal_content` notice: some content changed (or the database can no longer tell). */
  changed(): void {
    this.notices.arrived();
    this.forget(null);
  }

  async answer(db: Db, { paketId, timeFactorPct }: { paketId: number; timeFactorPct: number }): Promise<KeptSoalAnswer> {
    const told = await this.catchUp(db);
    const key = `${paketId} ${timeFactorPct}`;
    const kept = this.answers.get(key);
    if (kept) return kept;
    const { content, keep } = await this.content(db, paketId, told);
    const answer = keptAnswer(content, timeFactorPct);
    if (keep) remember(this.answers, key, answer, MAX_ANSWERS);
    return answer;
  }

  /**
   * The keys a submission of the package is scored by, from the same kept content: a submission
   * then makes no statement of its own for them (the claim is its only one).
   */
  async keys(db: Db, paketId: number): Promise<PackageKeys> {
    const told = await this.catchUp(db);
    return (await this.content(db, paketId, told)).content.keys;
  }

  /**
   * Makes what is kept current before a look: while told, waits until every notice committed
   * before now has been heard; otherwise reads the version row. The wait is skipped only when
   * nothing is kept or being read: a read already under way may have begun before a change this
   * call must see, and sharing it would answer (or score by) what the change replaced.
   */
  private async catchUp(db: Db): Promise<boolean> {
    const told = this.notices.live();
    if (told) {
      if (this.packages.size > 0 || this.answers.size > 0 || this.reading.size > 0) await this.notices.caughtUp();
    } else {
      const version = await versionOf(db);
      if (version !== this.version) this.forget(version);
    }
    return told;
  }

  /** The package's kept content, read if need be; `keep` is false when a change committed meanwhile. */
  private async content(db: Db, paketId: number, told: boolean): Promise<{ content: PackageContent; keep: boolean }> {
    const kept = this.packages.get(paketId);
    if (kept) return { content: kept, keep: true };
    const ticket = this.notices.ticket();
    const content = await this.read(db, paketId);
    // A change committed after this request looked: use what was read, keep nothing.
    const stale = told ? !this.notices.unchangedSince(ticket) : content.version !== this.version;
    if (stale) return { content, keep: false };
    remember(this.packages, paketId, content, MAX_PACKAGES);
    return { content, keep: true };
  }

  /** Drops everything kept; `version` is what is kept from now on (null: as told). */
  private forget(version: string | null): void {
    this.version = version;
    this.packages.clear();
    this.reading.clear();
    this.answers.clear();
  }

  private read(db: Db, paketId: number): Promise<PackageContent> {
    let reading = this.reading.get(paketId);
    if (!reading) {
      // Version, package and questions from one snapshot, so a change committing in between cannot
      // pair old content with the new version (which would then be served until the next change).
      reading = db.transaction(
        async (tx) => ({
          version: await versionOf(tx),
          paket: await examPaketFields(tx, paketId),
          questionsJson: JSON.stringify(questionsSchema.parse(await examQuestions(tx, paketId))),
          keys: await packageKeys(tx, paketId),
        }),
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
