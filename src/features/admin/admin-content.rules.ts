import type { SoalSection } from '../../../contract/soal.ts';
import { LISTENING_GROUPS, PART_RANGES } from '../../../machines/exam-layout.ts';
import { t } from '../../i18n/id.ts';
import { bodyText } from '../../lib/api-error.ts';

/*
 * Numbering and form rules of the admin content screens. The numbers come from the exam layout in
 * machines/ (zod-free), so the screens agree with the exam without loading the contract's schemas.
 */

export const SECTIONS: readonly SoalSection[] = ['listening', 'structure', 'written', 'reading'];

/** Questions a complete package has per section: 50 / 15 / 25 / 50. */
export const REQUIRED: Readonly<Record<SoalSection, number>> = {
  listening: PART_RANGES.listening.last - PART_RANGES.listening.first + 1,
  structure: PART_RANGES.structure.last - PART_RANGES.structure.first + 1,
  written: PART_RANGES.written.last - PART_RANGES.written.first + 1,
  reading: PART_RANGES.reading.last - PART_RANGES.reading.first + 1,
};

/** The exam index (`page`) of a section's question number: listening 1 -> 1, structure 1 -> 52, written 16 -> 68, reading 1 -> 94. */
export function pageFor(section: SoalSection, noSoal: number): number {
  const part = PART_RANGES[section];
  return part.first - part.firstNumber + noSoal;
}

/** The group head whose clip a listening question shares (32 -> 31), or null for a clip of its own. */
export function listeningGroupHead(noSoal: number): number | null {
  const group = LISTENING_GROUPS.find((g) => noSoal > g.first && noSoal <= g.last);
  return group ? group.first : null;
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
  if (section === 'listening' && extra.mode === 'add' && !extra.audio && listeningGroupHead(noSoal) === null) {
    return t.admin.soal.allRequired;
  }
  if (!isJawaban(values.jawaban)) return t.admin.soal.jawabanRange;
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
