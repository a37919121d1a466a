import { z } from './zod.ts';
import './common.ts';
import { skillById, skillSchema, type SkillId } from './skills.ts';

export const soalSectionSchema = z.enum(['listening', 'structure', 'written', 'reading'], {
  error: 'Bagian soal harus listening, structure, written atau reading.',
});
export type SoalSection = z.infer<typeof soalSectionSchema>;

// Question numbers, pages and groups of each section: machines/exam-layout.ts (pageOf,
// partNumberRange, isListeningGroupMember). The server derives page from section + no_soal.

export const ALL_FIELDS_REQUIRED = 'Semua field wajib diisi!';
export const JAWABAN_RANGE = 'Jawaban harus antara 1 sampai 4.';
export const WRITTEN_REQUIRED = 'Lengkapi jawaban, nomor soal, dan halaman!';
export const PASSAGE_REQUIRED = 'Pilih Question Reading pada tabel di atas';

const positiveInt = (requiredMessage: string) =>
  z.coerce
    .number({ error: requiredMessage })
    .int({ error: 'Nomor soal dan halaman harus bilangan bulat.' })
    .min(1, { error: 'Nomor soal dan halaman minimal 1.' })
    .max(1000, { error: 'Nomor soal dan halaman terlalu besar.' });

const requiredText = (max: number, requiredMessage = ALL_FIELDS_REQUIRED) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(max, { error: `Teks terlalu panjang (maksimal ${max} karakter).` });

export const jawabanSchema = z.enum(['1', '2', '3', '4'], { error: JAWABAN_RANGE });

const optionFields = {
  pilihan_satu: requiredText(1000),
  pilihan_dua: requiredText(1000),
  pilihan_tiga: requiredText(1000),
  pilihan_empat: requiredText(1000),
};

const pembahasanSchema = z
  .string()
  .trim()
  .max(5000, { error: 'Pembahasan terlalu panjang (maksimal 5.000 karakter).' })
  .optional()
  .transform((v) => (v ? v : undefined));

const SECTION_NAME: Record<SoalSection, string> = {
  listening: 'Listening',
  structure: 'Structure',
  written: 'Written Expression',
  reading: 'Reading',
};

/** A skill of contract/skills.ts that belongs to the question's section. */
export const sectionSkillSchema = (section: SoalSection) =>
  skillSchema.refine((id) => skillById(id)?.section === section, {
    error: `Skill ini bukan skill bagian ${SECTION_NAME[section]}. Pilih skill dari daftar bagian ini.`,
  });

/**
 * The skill of a form's add or edit: the spec's calls carry none, so a client that follows the
 * spec may leave it out (decision 031): an add then gets its part's default skill, an edit keeps
 * the stored one. A skill that is sent must belong to the section. The import's sheet requires it.
 */
const formSkillSchema = (section: SoalSection) =>
  // preprocess would type the input as unknown; a client still sends a skill id, or '' for none.
  z.preprocess((v) => (v === '' || v === null ? undefined : v), sectionSkillSchema(section).optional()) as unknown as z.ZodType<
    SkillId | undefined,
    SkillId | '' | undefined
  >;

/** Absent keeps the stored text on an edit; an empty string clears it (null). */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} terlalu panjang (maksimal ${max.toLocaleString('id-ID')} karakter).` })
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

/** Listening (multipart fields; the audio file travels beside them). */
export const listeningFieldsSchema = z.object({
  no_soal: positiveInt(ALL_FIELDS_REQUIRED),
  page: positiveInt(ALL_FIELDS_REQUIRED),
  ...optionFields,
  jawaban: z.coerce.string({ error: ALL_FIELDS_REQUIRED }).pipe(jawabanSchema),
  pembahasan: pembahasanSchema,
  skill: formSkillSchema('listening'),
  /** What the clip says; shown in the review after the attempt, never before. */
  transcript: optionalText(20_000, 'Transkrip'),
  /** The question as the clip speaks it (the exam shows only the options). */
  spoken_question: optionalText(1000, 'Pertanyaan audio'),
});
export type ListeningFields = z.input<typeof listeningFieldsSchema>;

/** Structure (JSON). */
export const structureBodySchema = z.object({
  no_soal: positiveInt(ALL_FIELDS_REQUIRED),
  page: positiveInt(ALL_FIELDS_REQUIRED),
  soal: requiredText(20_000),
  ...optionFields,
  jawaban: z.coerce.string({ error: ALL_FIELDS_REQUIRED }).pipe(jawabanSchema),
  pembahasan: pembahasanSchema,
  skill: formSkillSchema('structure'),
});
export type StructureBody = z.input<typeof structureBodySchema>;

/**
 * Written expression (JSON): the sentence HTML with four underlined parts lettered A-D. The options
 * shown in the exam are those parts; the server reads them from the markup when not given.
 */
export const writtenBodySchema = z.object({
  no_soal: positiveInt(WRITTEN_REQUIRED),
  page: positiveInt(WRITTEN_REQUIRED),
  soal: requiredText(20_000, 'Soal wajib diisi: pilih empat kata dan beri huruf A-D.'),
  jawaban: z.coerce.string({ error: WRITTEN_REQUIRED }).pipe(jawabanSchema),
  pembahasan: pembahasanSchema,
  skill: formSkillSchema('written'),
});
export type WrittenBody = z.input<typeof writtenBodySchema>;

/** Reading (JSON): like structure plus the passage it belongs to. */
export const readingBodySchema = structureBodySchema.extend({
  skill: formSkillSchema('reading'),
  q_reading: z.coerce.number({ error: PASSAGE_REQUIRED }).int({ error: PASSAGE_REQUIRED }).positive({ error: PASSAGE_REQUIRED }),
});
export type ReadingBody = z.input<typeof readingBodySchema>;

/** A passage as the admin lists it. `reading` is the image URL (spec name), `html` the text version. */
export const questionReadingSchema = z.object({
  id: z.number(),
  paket_soal_id: z.number(),
  nama: z.string(),
  reading: z.string().nullable(),
  html: z.string().nullable(),
});
export type QuestionReading = z.infer<typeof questionReadingSchema>;

/** Multipart text fields of POST/PUT question-reading (the image is field 'soal-reading' or 'image'). */
export const questionReadingFieldsSchema = z.object({
  nama: z
    .string({ error: 'Nama soal wajib diisi' })
    .trim()
    .min(1, { error: 'Nama soal wajib diisi' })
    .max(150, { error: 'Nama soal terlalu panjang (maksimal 150 karakter).' }),
  html: z
    .string()
    .trim()
    .max(50_000, { error: 'Teks bacaan terlalu panjang.' })
    .optional()
    .transform((v) => (v ? v : undefined)),
});

/** A question as admins see it (keys included). */
export const adminSoalSchema = z.object({
  id: z.number(),
  paket_soal_id: z.number(),
  section: soalSectionSchema,
  no_soal: z.number(),
  page: z.number(),
  soal: z.string(),
  pilihan_satu: z.string(),
  pilihan_dua: z.string(),
  pilihan_tiga: z.string(),
  pilihan_empat: z.string(),
  jawaban: jawabanSchema,
  /** URL of the clip, or null (group members use their head's clip). */
  audio: z.string().nullable(),
  q_reading: z.number().nullable(),
  readingQuestion: questionReadingSchema.nullable(),
  pembahasan: z.string().nullable(),
  skill: skillSchema,
  transcript: z.string().nullable(),
  spoken_question: z.string().nullable(),
});
export type AdminSoal = z.infer<typeof adminSoalSchema>;

export const adminSoalListResponseSchema = z.object({ data: z.array(adminSoalSchema) });
export const adminSoalResponseSchema = z.object({ data: adminSoalSchema });
export const soalMutationResponseSchema = z.object({ message: z.string(), data: adminSoalSchema });
export const questionReadingListResponseSchema = z.object({ data: z.array(questionReadingSchema) });
export const questionReadingMutationResponseSchema = z.object({ message: z.string(), data: questionReadingSchema });

/** GET /admin/paket-soal/{paketId}/{section}/last: the section's base when it is empty, so last + 1 is right. */
export const lastSoalResponseSchema = z.object({ last_no_soal: z.number(), last_page: z.number() });
export type LastSoal = z.infer<typeof lastSoalResponseSchema>;
