import { readFile } from 'node:fs/promises';
import { asc, eq } from 'drizzle-orm';
import { QUESTION_PARTS, partNumberRange } from '../../machines/exam-layout.ts';
import { IMPORT_COLUMNS, type ExportFormat, type ImportRow } from '../../contract/soal-import.ts';
import { skillsOfSection } from '../../contract/skills.ts';
import type { Db } from '../db/client.ts';
import { questionReading, soal } from '../db/schema.ts';
import { getPaketOrThrow } from './paket.service.ts';
import { writeCsv, writeXlsx, writeZip } from './soal-sheet.ts';
import type { Storage } from './storage.service.ts';

const LETTER = { '1': 'A', '2': 'B', '3': 'C', '4': 'D' } as const;
const emptyRow = (): ImportRow => Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, ''])) as ImportRow;
const extOf = (key: string): string => key.split('.').pop() ?? 'bin';

/**
 * A package's questions as the import template (one sheet) plus its media under `media/`, zipped.
 * Importing the zip into an empty package gives the same questions, passages and files.
 */
export async function exportSoal(
  db: Db,
  storage: Storage,
  paketId: number,
  format: ExportFormat,
): Promise<{ filename: string; zip: Buffer }> {
  const paket = await getPaketOrThrow(db, paketId);
  const passages = await db.select().from(questionReading).where(eq(questionReading.paketSoalId, paketId)).orderBy(asc(questionReading.id));
  const rows = await db.select().from(soal).where(eq(soal.paketSoalId, paketId)).orderBy(asc(soal.page));

  const media: Record<string, Uint8Array> = {};
  const addMedia = async (key: string, name: string): Promise<string> => {
    try {
      media[`media/${name}`] = await readFile(storage.pathOf(key));
    } catch {
      // A file missing on disk still gets its name in the sheet: the import then reports it.
    }
    return name;
  };

  // Passage names are how rows find their passage: made unique when two passages share one.
  const passageName = new Map<number, string>();
  const used = new Set<string>();
  for (const p of passages) {
    const name = used.has(p.nama) ? `${p.nama} (#${p.id})` : p.nama;
    used.add(name);
    passageName.set(p.id, name);
  }
  const passageImage = new Map<number, string>();
  let k = 0;
  for (const p of passages) if (p.image) passageImage.set(p.id, await addMedia(p.image, `passage-${++k}.${extOf(p.image)}`));

  const sheet: ImportRow[] = [];
  for (const part of QUESTION_PARTS) {
    for (const q of rows.filter((r) => r.section === part)) {
      const row = emptyRow();
      const passage = q.qReading !== null ? passages.find((p) => p.id === q.qReading) : undefined;
      Object.assign(row, {
        section: q.section,
        no_soal: String(q.noSoal),
        soal: q.soal,
        pilihan_1: q.pilihanSatu,
        pilihan_2: q.pilihanDua,
        pilihan_3: q.pilihanTiga,
        pilihan_4: q.pilihanEmpat,
        jawaban: LETTER[q.jawaban],
        skill: q.skill,
        pembahasan: q.pembahasan ?? '',
        transcript: q.transcript ?? '',
        spoken_question: q.spokenQuestion ?? '',
        audio: q.audio ? await addMedia(q.audio, `${q.section}-${String(q.noSoal).padStart(2, '0')}.${extOf(q.audio)}`) : '',
        passage: passage ? passageName.get(passage.id)! : '',
        passage_text: passage?.html ?? '',
        passage_image: passage ? (passageImage.get(passage.id) ?? '') : '',
      } satisfies Partial<ImportRow>);
      sheet.push(row);
    }
  }
  const sheetFile = format === 'xlsx' ? await writeXlsx(sheet) : await writeCsv(sheet);
  const slug =
    paket.namaPaket
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'paket';
  return { filename: `${slug}-soal.zip`, zip: await writeZip({ [`soal.${format}`]: sheetFile, ...media }) };
}

/** The column notes of the template's 'petunjuk' sheet. */
const TEMPLATE_NOTES: readonly (readonly string[])[] = [
  ['section', 'listening, structure, written (written expression) atau reading.'],
  [
    'no_soal',
    `Nomor soal dalam bagiannya: ${QUESTION_PARTS.map((p) => `${p} ${partNumberRange(p).first}-${partNumberRange(p).last}`).join(', ')}.`,
  ],
  ['soal', 'Teks soal (HTML boleh). Written expression: beri garis bawah empat bagian dan tandai hurufnya, mis. <u>have grown</u>[C].'],
  ['pilihan_1..pilihan_4', 'Empat pilihan jawaban (tidak dipakai untuk written expression: pilihannya adalah bagian bergaris bawah).'],
  ['jawaban', 'A-D atau 1-4.'],
  ['skill', 'Kode skill sesuai bagian soal (lihat daftar di bawah).'],
  ['pembahasan', 'Penjelasan jawaban (opsional).'],
  ['transcript', 'Listening: naskah audio (opsional).'],
  ['spoken_question', 'Listening: pertanyaan yang diucapkan di audio (opsional).'],
  ['audio', 'Listening: nama file audio di zip media. Wajib kecuali untuk anggota kelompok (32-34, 36-38, ...).'],
  ['passage', 'Reading: nama bacaan. Baris dengan nama yang sama memakai bacaan yang sama.'],
  [
    'passage_text / passage_image',
    'Reading: teks bacaan (HTML) atau nama file gambar (jpg/png) di zip media; cukup di satu baris per bacaan.',
  ],
  ['', ''],
  ['Skill', ''],
  ...QUESTION_PARTS.flatMap((part) => skillsOfSection(part).map((s) => [s.id, `${part}: ${s.name}`])),
];

function exampleRows(): ImportRow[] {
  const row = (cells: Partial<ImportRow>): ImportRow => ({ ...emptyRow(), ...cells });
  const options = (a: string, b: string, c: string, d: string) => ({ pilihan_1: a, pilihan_2: b, pilihan_3: c, pilihan_4: d });
  const passage =
    '<p>Lichens are partnerships between a fungus and an alga. The fungus shapes the body and shields its partner, while the alga makes food from sunlight.</p>';
  return [
    row({
      section: 'listening',
      no_soal: '1',
      ...options('She has finished.', 'She needs help.', 'She is almost done.', 'She lost it.'),
      jawaban: 'C',
      skill: 'la-paraphrase',
      transcript: 'Man: Have you finished the report?\nWoman: Almost.',
      spoken_question: 'What does the woman mean?',
      audio: 'listening-01.mp3',
    }),
    row({
      section: 'listening',
      no_soal: '31',
      ...options('A museum trip.', 'A lecture on bees.', 'A class schedule.', 'A sports game.'),
      jawaban: 'B',
      skill: 'lb-topic',
      audio: 'listening-31.mp3',
      pembahasan: 'Soal 31-34 memakai satu audio; 32-34 boleh tanpa audio.',
    }),
    row({
      section: 'listening',
      no_soal: '32',
      ...options('Two.', 'Three.', 'Four.', 'Five.'),
      jawaban: '2',
      skill: 'lb-detail',
    }),
    row({
      section: 'structure',
      no_soal: '1',
      soal: 'The giant panda ______ almost entirely on bamboo.',
      ...options('feeding', 'feeds', 'to feed', 'fed on it'),
      jawaban: 'B',
      skill: 'st-subject-verb',
    }),
    row({
      section: 'structure',
      no_soal: '2',
      soal: '______ the rain stopped, the game continued.',
      ...options('When', 'That', 'Which', 'Who'),
      jawaban: 'A',
      skill: 'st-connector',
    }),
    row({
      section: 'structure',
      no_soal: '3',
      soal: 'Not only ______ fast, but it is also quiet.',
      ...options('the car is', 'is the car', 'the car', 'car is'),
      jawaban: 'B',
      skill: 'st-inversion',
    }),
    row({
      section: 'written',
      no_soal: '16',
      soal: 'The <u>population</u>[A] of many cities <u>in Asia</u>[B] <u>have grown</u>[C] rapidly <u>since</u>[D] 1950.',
      jawaban: 'C',
      skill: 'we-agreement',
      pembahasan: "Subjeknya 'The population' (tunggal): 'has grown'.",
    }),
    row({
      section: 'written',
      no_soal: '17',
      soal: '<u>Several type</u>[A] of volcano <u>can be found</u>[B] <u>along</u>[C] the Pacific <u>coast</u>[D].',
      jawaban: 'A',
      skill: 'we-noun',
    }),
    row({
      section: 'written',
      no_soal: '18',
      soal: 'She <u>enjoys</u>[A] reading, <u>to swim</u>[B], and <u>hiking</u>[C] <u>on weekends</u>[D].',
      jawaban: 'B',
      skill: 'we-parallel',
    }),
    row({
      section: 'reading',
      no_soal: '1',
      soal: 'What is the passage mainly about?',
      ...options('Sunlight', 'Lichens', 'Rocks', 'Winds'),
      jawaban: 'B',
      skill: 'rd-main-idea',
      passage: 'Bacaan 1',
      passage_text: passage,
    }),
    row({
      section: 'reading',
      no_soal: '2',
      soal: 'What does the alga do?',
      ...options('Shapes the body', 'Shields the fungus', 'Makes food', 'Grows roots'),
      jawaban: 'C',
      skill: 'rd-detail',
      passage: 'Bacaan 1',
    }),
    row({
      section: 'reading',
      no_soal: '3',
      soal: "The word 'shields' is closest in meaning to",
      ...options('protects', 'feeds', 'hides', 'breaks'),
      jawaban: 'A',
      skill: 'rd-vocabulary',
      passage: 'Bacaan 1',
    }),
  ];
}

/** The downloadable template: three examples per section; the xlsx adds a 'petunjuk' sheet. */
export async function importTemplate(format: ExportFormat): Promise<Buffer> {
  return format === 'xlsx' ? writeXlsx(exampleRows(), TEMPLATE_NOTES) : writeCsv(exampleRows());
}
