import { sanitizeAnswers, sanitizeAudio, sanitizeMarked, type ExamDraft } from '../../../machines/exam.machine.ts';

/**
 * The exam's browser record (spec section 3: answers with their instants, 'ragu-ragu' marks, the
 * current index, and the listening clips heard and where each interrupted one stopped, keyed from
 * the phone number), so a reload or a lost connection never loses an answer or a clip.
 */
export interface ExamStorage {
  readDraft(): ExamDraft | null;
  writeDraft(draft: ExamDraft): void;
  clear(): void;
}

export const draftKey = (nohp: string) => `toeflExam:${nohp}:draft`;
/** Where earlier versions kept clips that had only started; cleared, never read (it locked clips not heard). */
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

export function examStorage(storage: Storage, nohp: string): ExamStorage {
  const dKey = draftKey(nohp);
  const pKey = playedKey(nohp);
  return {
    readDraft() {
      const v = readJson(storage, dKey) as Partial<ExamDraft> | null;
      if (!v || typeof v.index !== 'number' || typeof v.savedAt !== 'string') return null;
      return {
        index: v.index,
        answers: sanitizeAnswers(v.answers, v.savedAt),
        savedAt: v.savedAt,
        marked: sanitizeMarked(v.marked),
        audio: sanitizeAudio(v.audio),
      };
    },
    writeDraft: (draft) => writeJson(storage, dKey, draft),
    clear() {
      storage.removeItem(dKey);
      storage.removeItem(pKey);
    },
  };
}
