import { z } from './zod.ts';

/**
 * The skills taxonomy: every question is tagged with exactly one skill. Names and descriptions
 * are this project's own. `no` is the learner-facing skill number (stable: never renumber, only
 * append); `section` is the question's section (listening parts A, B, C are its sub-parts).
 */
export interface Skill {
  readonly id: string;
  readonly no: number;
  readonly section: 'listening' | 'structure' | 'written' | 'reading';
  readonly part?: 'A' | 'B' | 'C';
  readonly name: string;
  readonly description: string;
}

export const SKILLS = [
  // Listening, Part A: short dialogues
  {
    id: 'la-paraphrase',
    no: 1,
    section: 'listening',
    part: 'A',
    name: 'Parafrase',
    description: 'Mengenali jawaban yang menyatakan ulang isi percakapan dengan kata-kata lain.',
  },
  {
    id: 'la-idiom',
    no: 2,
    section: 'listening',
    part: 'A',
    name: 'Idiom dan ungkapan',
    description: 'Memahami idiom dan ungkapan sehari-hari yang artinya tidak harfiah.',
  },
  {
    id: 'la-suggestion',
    no: 3,
    section: 'listening',
    part: 'A',
    name: 'Saran, tawaran, permintaan',
    description: 'Menangkap saran, tawaran atau permintaan di balik bentuk pertanyaan.',
  },
  {
    id: 'la-inference',
    no: 4,
    section: 'listening',
    part: 'A',
    name: 'Makna tersirat',
    description: 'Menyimpulkan maksud, tempat, profesi atau situasi yang tidak diucapkan langsung.',
  },
  {
    id: 'la-negative',
    no: 5,
    section: 'listening',
    part: 'A',
    name: 'Ungkapan negatif',
    description: 'Memahami negasi ganda, kata hampir-negatif dan negasi dengan makna positif.',
  },
  {
    id: 'la-agreement',
    no: 6,
    section: 'listening',
    part: 'A',
    name: 'Setuju dan tidak setuju',
    description: 'Mengenali persetujuan atau penolakan (so, too, neither, either, ungkapan setuju).',
  },
  {
    id: 'la-conditional',
    no: 7,
    section: 'listening',
    part: 'A',
    name: 'Pengandaian dan harapan',
    description: 'Memahami wish dan kalimat pengandaian yang berarti kebalikan dari kenyataan.',
  },
  {
    id: 'la-surprise',
    no: 8,
    section: 'listening',
    part: 'A',
    name: 'Keterkejutan dan dugaan',
    description: 'Menangkap ungkapan terkejut yang menunjukkan apa yang sebelumnya diduga pembicara.',
  },
  {
    id: 'la-sounds',
    no: 9,
    section: 'listening',
    part: 'A',
    name: 'Bunyi mirip',
    description: 'Tidak terkecoh oleh pilihan yang berisi kata dengan bunyi mirip kata di audio.',
  },
  // Listening, Part B: longer conversations
  {
    id: 'lb-topic',
    no: 10,
    section: 'listening',
    part: 'B',
    name: 'Topik percakapan',
    description: 'Menentukan topik utama percakapan panjang dari kalimat-kalimat pembukanya.',
  },
  {
    id: 'lb-detail',
    no: 11,
    section: 'listening',
    part: 'B',
    name: 'Detail percakapan',
    description: 'Mengingat detail yang disebut langsung dalam percakapan panjang, sesuai urutannya.',
  },
  {
    id: 'lb-inference',
    no: 12,
    section: 'listening',
    part: 'B',
    name: 'Simpulan percakapan',
    description: 'Menyimpulkan rencana, sikap atau alasan pembicara dalam percakapan panjang.',
  },
  // Listening, Part C: talks
  {
    id: 'lc-topic',
    no: 13,
    section: 'listening',
    part: 'C',
    name: 'Topik dan tujuan ceramah',
    description: 'Menentukan topik, tujuan dan konteks sebuah ceramah atau pengumuman.',
  },
  {
    id: 'lc-detail',
    no: 14,
    section: 'listening',
    part: 'C',
    name: 'Detail ceramah',
    description: 'Menangkap fakta, angka dan urutan yang disebut dalam ceramah.',
  },
  {
    id: 'lc-inference',
    no: 15,
    section: 'listening',
    part: 'C',
    name: 'Simpulan ceramah',
    description: 'Menyimpulkan hal yang tersirat dalam ceramah, misalnya apa yang dibahas berikutnya.',
  },
  // Structure
  {
    id: 'st-subject-verb',
    no: 16,
    section: 'structure',
    name: 'Subjek dan kata kerja',
    description: 'Melengkapi kalimat yang kehilangan subjek atau kata kerja utama.',
  },
  {
    id: 'st-connector',
    no: 17,
    section: 'structure',
    name: 'Kata penghubung klausa',
    description: 'Memilih penghubung yang tepat untuk dua klausa (and, but, because, although, dll.).',
  },
  {
    id: 'st-noun-clause',
    no: 18,
    section: 'structure',
    name: 'Klausa nomina',
    description: 'Menyusun klausa nomina (what, that, whether) sebagai subjek atau objek.',
  },
  {
    id: 'st-adjective-clause',
    no: 19,
    section: 'structure',
    name: 'Klausa adjektiva',
    description: 'Menyusun klausa dengan who, which, that, whose dan bentuk singkatnya.',
  },
  {
    id: 'st-participle',
    no: 20,
    section: 'structure',
    name: 'Frasa partisip',
    description: 'Memakai bentuk -ing dan -ed sebagai frasa keterangan atau pengganti klausa.',
  },
  {
    id: 'st-appositive',
    no: 21,
    section: 'structure',
    name: 'Aposisi',
    description: 'Mengenali frasa nomina yang menjelaskan nomina lain di sebelahnya.',
  },
  {
    id: 'st-inversion',
    no: 22,
    section: 'structure',
    name: 'Inversi',
    description: 'Membalik urutan subjek dan kata kerja setelah kata negatif, only, atau pengandaian.',
  },
  {
    id: 'st-comparison',
    no: 23,
    section: 'structure',
    name: 'Perbandingan',
    description: 'Menyusun bentuk perbandingan dan superlatif, termasuk the more ... the more.',
  },
  {
    id: 'st-verb-form',
    no: 24,
    section: 'structure',
    name: 'Bentuk kata kerja',
    description: 'Memilih bentuk kata kerja yang benar: kala, pasif, infinitif atau gerund.',
  },
  // Written Expression
  {
    id: 'we-agreement',
    no: 25,
    section: 'written',
    name: 'Kesesuaian subjek-kata kerja',
    description: 'Mencocokkan kata kerja dengan subjek tunggal atau jamak, meski terpisah frasa.',
  },
  {
    id: 'we-parallel',
    no: 26,
    section: 'written',
    name: 'Struktur paralel',
    description: 'Menjaga bentuk yang sejajar dalam daftar dan setelah and, or, but, both, either.',
  },
  {
    id: 'we-verb-tense',
    no: 27,
    section: 'written',
    name: 'Kala dan bentuk kata kerja',
    description: 'Menemukan kala, bentuk lampau, partisip atau bentuk setelah have/be yang salah.',
  },
  {
    id: 'we-passive',
    no: 28,
    section: 'written',
    name: 'Kalimat pasif',
    description: 'Menemukan kalimat pasif yang salah bentuk atau yang seharusnya aktif.',
  },
  {
    id: 'we-noun',
    no: 29,
    section: 'written',
    name: 'Nomina tunggal dan jamak',
    description: 'Menemukan nomina yang salah jumlah, termasuk nomina tak terhitung.',
  },
  {
    id: 'we-pronoun',
    no: 30,
    section: 'written',
    name: 'Pronomina',
    description: 'Menemukan kata ganti yang salah bentuk atau tidak sesuai dengan yang digantikan.',
  },
  {
    id: 'we-adj-adv',
    no: 31,
    section: 'written',
    name: 'Adjektiva dan adverbia',
    description: 'Membedakan adjektiva dan adverbia serta letaknya dalam kalimat.',
  },
  {
    id: 'we-word-form',
    no: 32,
    section: 'written',
    name: 'Bentuk kata',
    description: 'Menemukan kelas kata yang salah (nomina, verba, adjektiva) di posisi tertentu.',
  },
  {
    id: 'we-article-preposition',
    no: 33,
    section: 'written',
    name: 'Artikel dan preposisi',
    description: 'Menemukan a, an, the dan preposisi yang salah atau hilang.',
  },
  {
    id: 'we-word-choice',
    no: 34,
    section: 'written',
    name: 'Pilihan kata dan redundansi',
    description: 'Menemukan kata yang mirip tetapi keliru (make/do, like/alike) dan kata berlebih.',
  },
  // Reading
  {
    id: 'rd-main-idea',
    no: 35,
    section: 'reading',
    name: 'Gagasan utama',
    description: 'Menentukan topik, gagasan utama atau judul terbaik sebuah bacaan.',
  },
  {
    id: 'rd-detail',
    no: 36,
    section: 'reading',
    name: 'Detail tersurat',
    description: 'Menemukan informasi yang dinyatakan langsung dalam bacaan.',
  },
  {
    id: 'rd-negative-detail',
    no: 37,
    section: 'reading',
    name: 'Detail NOT/EXCEPT',
    description: 'Menemukan satu pilihan yang tidak disebut atau tidak benar menurut bacaan.',
  },
  {
    id: 'rd-vocabulary',
    no: 38,
    section: 'reading',
    name: 'Kosakata dalam konteks',
    description: 'Menentukan arti kata atau frasa dari kalimat di sekitarnya.',
  },
  {
    id: 'rd-reference',
    no: 39,
    section: 'reading',
    name: 'Rujukan',
    description: 'Menentukan kata yang dirujuk oleh it, they, this, which dan sejenisnya.',
  },
  {
    id: 'rd-inference',
    no: 40,
    section: 'reading',
    name: 'Simpulan',
    description: 'Menarik simpulan yang didukung bacaan walau tidak dinyatakan langsung.',
  },
  {
    id: 'rd-purpose',
    no: 41,
    section: 'reading',
    name: 'Tujuan dan organisasi',
    description: 'Menentukan tujuan penulis, nada, dan cara bacaan atau paragraf disusun.',
  },
  {
    id: 'rd-location',
    no: 42,
    section: 'reading',
    name: 'Letak informasi',
    description: 'Menemukan baris atau paragraf tempat sebuah informasi atau kalimat berada.',
  },
] as const satisfies readonly Skill[];

export type SkillId = (typeof SKILLS)[number]['id'];

export const SKILL_IDS = SKILLS.map((s) => s.id) as [SkillId, ...SkillId[]];

/**
 * A skill is judged (in the diagnosis and in practice mastery) only from this many responses: with
 * fewer, one lucky guess or one slip moves the share by a third or more, which says more about
 * chance than about the skill.
 */
export const SKILL_JUDGE_MIN_RESPONSES = 4;

/**
 * The skill a question gets when it is added without one (a client of the spec's calls, which
 * carry no skill; decision 031): the broadest skill of its part, for the admin to refine.
 */
export const DEFAULT_SKILL = {
  A: 'la-paraphrase',
  B: 'lb-detail',
  C: 'lc-detail',
  structure: 'st-verb-form',
  written: 'we-word-form',
  reading: 'rd-detail',
} as const satisfies Record<'A' | 'B' | 'C' | 'structure' | 'written' | 'reading', SkillId>;

export const SKILL_UNKNOWN = 'Skill tidak dikenal. Pilih salah satu skill dari daftar.';

export const skillSchema = z.enum(SKILL_IDS, { error: SKILL_UNKNOWN });

const byId = new Map<string, Skill>(SKILLS.map((s) => [s.id, s]));

export const skillById = (id: string): Skill | undefined => byId.get(id);

/** Skills a question of this section may carry (a skill belongs to exactly one section). */
export const skillsOfSection = (section: Skill['section']): readonly Skill[] => SKILLS.filter((s) => s.section === section);
