import { sanitizeAnswers, sanitizeMarked, type ExamDraft } from '../../../machines/exam.machine.ts';
import type { PlayedStore } from '../../components/AudioOncePlayer.tsx';

/**
 * The exam's browser records (spec section 3: answers with their instants, 'ragu-ragu' marks, the
 * current index and played listening audio, keyed from the phone number), so a reload or a lost connection never loses an answer.
 */
export interface ExamStorage {
  readDraft(): ExamDraft | null;
  writeDraft(draft: ExamDraft): void;
  played: PlayedStore;
  /** Adds indexes another device reported as played. */
  mergePlayed(indexes: readonly number[]): void;
  clear(): void;
}

export const draftKey = (nohp: string) => `toeflExam:${nohp}:draft`;
export const playedKey = (nohp: string) => `toeflExam:${nohp}:playedAudio`;

function readJson(storage: Storage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

function writeJson(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch (error) {
    // Storage full or disabled (private mode): the server draft still holds the answers.
    console.warn('Penyimpanan perangkat tidak tersedia', error);
  }
}

function readPlayed(storage: Storage, key: string): number[] {
  const v = readJson(storage, key);
  return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : [];
}

export function examStorage(storage: Storage, nohp: string): ExamStorage {
  const dKey = draftKey(nohp);
  const pKey = playedKey(nohp);
  return {
    readDraft() {
      const v = readJson(storage, dKey) as Partial<ExamDraft> | null;
      if (!v || typeof v.index !== 'number' || typeof v.savedAt !== 'string') return null;
      return { index: v.index, answers: sanitizeAnswers(v.answers, v.savedAt), savedAt: v.savedAt, marked: sanitizeMarked(v.marked) };
    },
    writeDraft: (draft) => writeJson(storage, dKey, draft),
    played: {
      load: () => readPlayed(storage, pKey),
      save: (played) => writeJson(storage, pKey, played),
    },
    mergePlayed(indexes) {
      if (indexes.length === 0) return;
      const merged = [...new Set([...readPlayed(storage, pKey), ...indexes])].sort((a, b) => a - b);
      writeJson(storage, pKey, merged);
    },
    clear() {
      storage.removeItem(dKey);
      storage.removeItem(pKey);
    },
  };
}
