import type { Completeness } from '../../../contract/paket.ts';
import type { SoalSection } from '../../../contract/soal.ts';
import { checkUpload, UPLOAD_RULES } from '../../../contract/uploads.ts';
import { QUESTION_PARTS, listeningGroupHeadOf, pageOf, partNumberRange } from '../../../machines/exam-layout.ts';
import { t } from '../../i18n/id.ts';
import { bodyText, isFetchBaseQueryError } from '../../lib/api-error.ts';

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
  if (section === 'listening' && extra.audio) {
    const problem = audioProblem(extra.audio);
    if (problem) return problem;
  }
  if (section === 'reading' && !extra.passageId) return t.admin.soal.passageRequired;
  return null;
}

/** The browser's check of a picked clip (contract/uploads.ts): its message, or null to send it. */
export const audioProblem = (file: File): string | null => checkUpload(UPLOAD_RULES.audio, file);

/** Spec section 5: passages are jpg, jpeg or png, judged by name, type and size before upload. */
export const passageImageProblem = (file: File): string | null => checkUpload(UPLOAD_RULES.passage, file);

/** Numbers as short runs: [1, 2, 3, 5, 7, 8] reads '1–3, 5, 7–8'. */
export function numberRuns(numbers: readonly number[]): string {
  const runs: string[] = [];
  let i = 0;
  while (i < numbers.length) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j]! + 1) j += 1;
    runs.push(j === i ? String(numbers[i]) : `${numbers[i]}–${numbers[j]}`);
    i = j + 1;
  }
  return runs.join(', ');
}

/** One line per gap of an incomplete package: each section's missing numbers, then clips and passages. */
export function missingLines(c: Completeness): string[] {
  const lines = SECTIONS.filter((s) => c.missingNumbers[s].length > 0).map((s) =>
    t.admin.paket.missingNumbers(t.admin.sections[s], numberRuns(c.missingNumbers[s])),
  );
  if (c.listeningMissingAudio.length > 0) lines.push(t.admin.paket.missingAudio(numberRuns(c.listeningMissingAudio)));
  if (c.readingWithoutPassage.length > 0) lines.push(t.admin.paket.missingPassage(numberRuns(c.readingWithoutPassage)));
  return lines;
}

/** The completeness a siap refusal (409) carries, or null for any other failure. */
export function refusedCompleteness(error: unknown): Completeness | null {
  if (!isFetchBaseQueryError(error) || error.status !== 409) return null;
  const data = error.data as { completeness?: Completeness } | undefined;
  return data?.completeness?.missingNumbers ? data.completeness : null;
}
