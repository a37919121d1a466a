import type { SoalSection } from '../../../contract/soal.ts';
import { QUESTION_PARTS, listeningGroupHeadOf, pageOf, partNumberRange } from '../../../machines/exam-layout.ts';
import { t } from '../../i18n/id.ts';
import { bodyText } from '../../lib/api-error.ts';

/*
 * Form rules of the admin content screens. Numbers, pages, groups and counts come from the exam
 * layout in machines/ (pageOf, partQuestionCount, listeningGroupHeadOf), so the screens agree with
 * the exam and the server without loading the contract's schemas.
 */

export const SECTIONS: readonly SoalSection[] = QUESTION_PARTS;

/**
 * The number 'Tambah Soal' and 'Simpan & Tambah Lagi' propose: the section's first free number
 * (a deleted question's gap first), with its page; null when every number of the section is
 * taken, so the form is not offered at all.
 */
export function proposedNumber(section: SoalSection, taken: Iterable<number>): { no_soal: number; page: number } | null {
  const used = new Set(taken);
  const { first, last } = partNumberRange(section);
  for (let n = first; n <= last; n += 1) {
    if (!used.has(n)) return { no_soal: n, page: pageOf(section, n) };
  }
  return null;
}

/** Admin error toasts: the server's message if there is one, otherwise the spec's fallback. */
export function serverMessage(error: unknown, fallback: string = t.admin.common.genericError): string {
  return bodyText(error, 'message') ?? fallback;
}

export type Jawaban = '1' | '2' | '3' | '4';
export const JAWABAN_VALUES: readonly Jawaban[] = ['1', '2', '3', '4'];
export const isJawaban = (v: string): v is Jawaban => (JAWABAN_VALUES as readonly string[]).includes(v);

/** The fields of the listening, structure and reading question forms, as typed. */
export interface QuestionValues {
  no_soal: number | '';
  page: number | '';
  soal: string;
  pilihan_satu: string;
  pilihan_dua: string;
  pilihan_tiga: string;
  pilihan_empat: string;
  jawaban: string;
  pembahasan: string;
  /** A skill id of the section, '' while none is chosen. */
  skill: string;
  /** Listening only. */
  transcript: string;
  spoken_question: string;
}

export const emptyQuestion = (noSoal: number | '' = '', page: number | '' = ''): QuestionValues => ({
  no_soal: noSoal,
  page,
  soal: '',
  pilihan_satu: '',
  pilihan_dua: '',
  pilihan_tiga: '',
  pilihan_empat: '',
  jawaban: '',
  pembahasan: '',
  skill: '',
  transcript: '',
  spoken_question: '',
});

/**
 * Spec section 5: every field (the question text except for listening) is required, then jawaban
 * must be 1-4; listening needs a clip of its own on add, reading a chosen passage. Returns the
 * first problem or null.
 */
export function validateQuestion(
  section: Exclude<SoalSection, 'written'>,
  values: QuestionValues,
  extra: { mode: 'add' | 'edit'; audio?: File | null; passageId?: number | null },
): string | null {
  const texts = [values.pilihan_satu, values.pilihan_dua, values.pilihan_tiga, values.pilihan_empat];
  if (section !== 'listening') texts.push(values.soal);
  const { no_soal: noSoal, page } = values;
  if (noSoal === '' || page === '' || noSoal < 1 || page < 1) return t.admin.soal.allRequired;
  if (texts.some((v) => v.trim() === '') || values.jawaban === '') return t.admin.soal.allRequired;
  if (section === 'listening' && extra.mode === 'add' && !extra.audio && listeningGroupHeadOf(noSoal) === null) {
    return t.admin.soal.allRequired;
  }
  if (!isJawaban(values.jawaban)) return t.admin.soal.jawabanRange;
  if (values.skill === '') return t.admin.soal.skillRequired;
  if (section === 'listening' && extra.audio && !isAudioFile(extra.audio)) return t.admin.soal.audioInvalid;
  if (section === 'reading' && !extra.passageId) return t.admin.soal.passageRequired;
  return null;
}

export function isAudioFile(file: File): boolean {
  return file.type.startsWith('audio/') || /\.(mp3|ogg|opus|wav|m4a)$/i.test(file.name);
}

/** Spec section 5: passages are jpg, jpeg or png, judged by name and type before upload. */
export function isPassageImage(file: File): boolean {
  return /\.(jpe?g|png)$/i.test(file.name) && (file.type === '' || /^image\/(jpeg|png)$/.test(file.type));
}
