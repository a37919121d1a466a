import { existsSync, readdirSync } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS, type ImportProblem, type ImportRow } from '../../contract/soal-import.ts';
import { questionReading, soal } from '../../server/db/schema.ts';
import { importSoal } from '../../server/services/soal-import.service.ts';
import { Storage } from '../../server/services/storage.service.ts';
import { adminClient, createTestApp, fixture, multipart, type Client, type TestContext } from './helpers.ts';

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_PER_IP: '1000' });
  admin = await adminClient(ctx);
});
afterAll(async () => ctx.close());

const ours = (text: string, letter: string) => `<span class="we-part"><u>${text}</u><span class="we-letter">${letter}</span></span>`;
const row = (cells: Partial<ImportRow>): Partial<ImportRow> => cells;
const opts = { pilihan_1: 'satu', pilihan_2: 'dua', pilihan_3: 'tiga', pilihan_4: 'empat' };
const csv = (rows: Partial<ImportRow>[]) =>
  Buffer.from(stringify([[...IMPORT_COLUMNS], ...rows.map((r) => IMPORT_COLUMNS.map((c) => r[c] ?? ''))]));
const zip = (files: Record<string, Buffer>) =>
  Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, new Uint8Array(v)]))));

/** A small good package part: two listening (a head with audio, a member without), structure, written, reading with text and image passages. */
const GOOD = [
  row({
    section: 'listening',
    no_soal: '1',
    ...opts,
    jawaban: 'C',
    skill: 'la-paraphrase',
    audio: 'l01.mp3',
    transcript: 'Man: hi',
    spoken_question: 'Why?',
  }),
  row({ section: 'listening', no_soal: '31', ...opts, jawaban: '2', skill: 'lb-topic', audio: 'l31.mp3' }),
  row({ section: 'listening', no_soal: '32', ...opts, jawaban: 'D', skill: 'lb-detail', audio: 'l31.mp3' }),
  row({ section: 'listening', no_soal: '33', ...opts, jawaban: 'A', skill: 'lb-detail' }),
  row({
    section: 'structure',
    no_soal: '1',
    soal: 'The panda ____ bamboo &amp; leaves.',
    ...opts,
    jawaban: 'b',
    skill: 'st-subject-verb',
    pembahasan: 'Karena subjek tunggal.',
  }),
  row({
    section: 'written',
    no_soal: '16',
    soal: 'The <u>children</u>[A] <u>plays</u>[B] in <u>the</u>[C] <u>garden</u>[D] every day.',
    jawaban: 'B',
    skill: 'we-agreement',
  }),
  row({
    section: 'reading',
    no_soal: '1',
    soal: 'Main idea?',
    ...opts,
    jawaban: '1',
    skill: 'rd-main-idea',
    passage: 'Bacaan Teks',
    passage_text: '<p>Lichens grow.</p>',
  }),
  row({ section: 'reading', no_soal: '2', soal: 'Detail?', ...opts, jawaban: '4', skill: 'rd-detail', passage: 'Bacaan Teks' }),
  row({
    section: 'reading',
    no_soal: '3',
    soal: 'Image?',
    ...opts,
    jawaban: '3',
    skill: 'rd-detail',
    passage: 'Bacaan Gambar',
    passage_image: 'bacaan.png',
  }),
];
const GOOD_MEDIA = () =>
  zip({ 'media/l01.mp3': fixture('tone.mp3'), 'l31.mp3': fixture('tone.mp3'), 'gambar/bacaan.png': fixture('red.png') });

async function newPaket(): Promise<number> {
  const res = await admin.post('/api/admin/paket-soal', { nama_paket: 'Paket Impor' });
  return res.json<{ data: { id: number } }>().data.id;
}

function importFile(paketId: number, file: { name: string; content: Buffer }, media?: Buffer, fields: Record<string, string> = {}) {
  const body = multipart(fields, {
    file: { filename: file.name, content: file.content },
    ...(media ? { media: { filename: 'media.zip', content: media } } : {}),
  });
  return admin.request({ method: 'POST', url: `/api/admin/paket-soal/${paketId}/import`, payload: body.payload, headers: body.headers });
}

async function countRows(paketId: number) {
  const rows = await ctx.database.db.select({ id: soal.id }).from(soal).where(eq(soal.paketSoalId, paketId));
  const passages = await ctx.database.db
    .select({ id: questionReading.id })
    .from(questionReading)
    .where(eq(questionReading.paketSoalId, paketId));
  return { soal: rows.length, passages: passages.length };
}

/** Everything a question is, without ids and URLs; audio as its bytes' length. */
async function snapshot(paketId: number) {
  const out: unknown[] = [];
  for (const section of ['listening', 'structure', 'written', 'reading']) {
    const res = await admin.get(`/api/admin/paket-soal/${paketId}/soal-${section}`);
    for (const q of res.json().data) {
      const audio = q.audio ? (await admin.get(q.audio)).rawPayload.length : null;
      const image = q.readingQuestion?.reading ? (await admin.get(q.readingQuestion.reading)).rawPayload.length : null;
      out.push({
        ...q,
        id: undefined,
        paket_soal_id: undefined,
        q_reading: undefined,
        audio,
        readingQuestion: q.readingQuestion && { nama: q.readingQuestion.nama, html: q.readingQuestion.html, image },
      });
    }
  }
  return out;
}

describe('import template', () => {
  it.each(['xlsx', 'csv'])('downloads as %s with three examples per section that the import reads', async (format) => {
    const res = await admin.get(`/api/admin/paket-soal/import-template?format=${format}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`template-soal.${format}`);
    const id = await newPaket();
    const dry = await importFile(id, { name: `template.${format}`, content: res.rawPayload }, undefined, { dryRun: '1' });
    expect(dry.statusCode).toBe(200);
    const report = dry.json().data;
    expect(report.rows).toBe(12);
    // Only the media are missing (the template names example files).
    expect(report.problems.map((p: ImportProblem) => p.column)).toEqual(['audio', 'audio']);
    expect(report.counts).toMatchObject({ structure: 3, written: 3, reading: 3, passages: 1 });
  });
});

describe('import of a good file', () => {
  it('reports on a dry run and writes nothing, then imports everything in one run', async () => {
    const id = await newPaket();
    const dry = await importFile(id, { name: 'soal.csv', content: csv(GOOD) }, GOOD_MEDIA(), { dryRun: '1' });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toEqual({
      dryRun: true,
      rows: 9,
      problems: [],
      counts: { listening: 4, structure: 1, written: 1, reading: 3, passages: 2, media: 4 },
    });
    expect(await countRows(id)).toEqual({ soal: 0, passages: 0 });

    const real = await importFile(id, { name: 'soal.csv', content: csv(GOOD) }, GOOD_MEDIA());
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json().message).toBe('Impor berhasil: 9 soal dan 2 bacaan ditambahkan.');
    expect(await countRows(id)).toEqual({ soal: 9, passages: 2 });

    const written = (await admin.get(`/api/admin/paket-soal/${id}/soal-written`)).json().data[0];
    expect(written).toMatchObject({
      soal: `The ${ours('children', 'A')} ${ours('plays', 'B')} in ${ours('the', 'C')} ${ours('garden', 'D')} every day.`,
      pilihan_satu: 'children',
      jawaban: '2',
    });
    const listening = (await admin.get(`/api/admin/paket-soal/${id}/soal-listening`)).json().data;
    expect(listening.map((q: { no_soal: number; audio: string | null }) => [q.no_soal, !!q.audio])).toEqual([
      [1, true],
      [31, true],
      [32, true],
      [33, false],
    ]);
    expect((await admin.get(listening[0].audio)).rawPayload.equals(fixture('tone.mp3'))).toBe(true);
    expect(listening[0]).toMatchObject({ jawaban: '3', transcript: 'Man: hi', spoken_question: 'Why?' });
    const reading = (await admin.get(`/api/admin/paket-soal/${id}/soal-reading`)).json().data;
    expect(reading.map((q: { readingQuestion: { nama: string } }) => q.readingQuestion.nama)).toEqual([
      'Bacaan Teks',
      'Bacaan Teks',
      'Bacaan Gambar',
    ]);
    expect(reading[2].readingQuestion.reading).toMatch(/^\/api\/media\/[a-f0-9]{32}\.png$/);

    // A second import into the same package only fills free numbers: the taken ones are refused per row.
    const again = await importFile(id, { name: 'soal.csv', content: csv(GOOD) }, GOOD_MEDIA(), { dryRun: '1' });
    expect(again.json().data.problems[0]).toEqual({ row: 2, column: 'no_soal', message: 'Soal nomor 1 (page 1) sudah ada di paket ini.' });
    const passageReuse = await importFile(
      id,
      {
        name: 'soal.csv',
        content: csv([
          row({ section: 'reading', no_soal: '4', soal: 'Lagi?', ...opts, jawaban: 'A', skill: 'rd-detail', passage: 'Bacaan Teks' }),
        ]),
      },
      undefined,
    );
    expect(passageReuse.statusCode, passageReuse.body).toBe(200);
    expect(await countRows(id)).toEqual({ soal: 10, passages: 2 });
  });

  it('reads an xlsx made by a spreadsheet program, with numbers as numbers', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Lembar1');
    sheet.addRow(['Section', 'No_Soal', 'soal', 'pilihan_1', 'pilihan_2', 'pilihan_3', 'pilihan_4', 'jawaban', 'skill']);
    sheet.addRow(['Structure', 5, 'It ____ rains.', 'often', 'oft', 'is often', 'often is', 1, 'st-verb-form']);
    sheet.addRow([
      'written expression',
      20,
      '<u>He</u><sub>A</sub> <u>go</u><sub>B</sub> <u>to</u><sub>C</sub> <u>school</u><sub>D</sub>.',
      '',
      '',
      '',
      '',
      'B',
      'we-verb-tense',
    ]);
    const id = await newPaket();
    const res = await importFile(id, { name: 'dari-excel.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.counts).toMatchObject({ structure: 1, written: 1 });
  });

  it('reads an Aiken file for one section', async () => {
    const id = await newPaket();
    const aiken = [
      'The giant panda ____ on bamboo.',
      'A. feeding',
      'B. feeds',
      'C. to feed',
      'D. fed on it',
      'ANSWER: B',
      'SKILL: st-subject-verb',
      '',
      '____ the rain stopped, we left.',
      'A) When',
      'B) That',
      'C) Which',
      'D) Who',
      'ANSWER: A',
      'SKILL: st-connector',
      'PEMBAHASAN: Konjungsi waktu.',
      '',
    ].join('\n');
    const noSection = await importFile(id, { name: 'soal.txt', content: Buffer.from(aiken) });
    expect(noSection.statusCode).toBe(400);
    expect(noSection.json().message).toBe('Pilih bagian (section) untuk file Aiken .txt.');
    const res = await importFile(id, { name: 'soal.txt', content: Buffer.from(aiken) }, undefined, { section: 'structure' });
    expect(res.statusCode, res.body).toBe(200);
    const list = (await admin.get(`/api/admin/paket-soal/${id}/soal-structure`)).json().data;
    expect(list.map((q: { no_soal: number; jawaban: string; pilihan_dua: string }) => [q.no_soal, q.jawaban, q.pilihan_dua])).toEqual([
      [1, '2', 'feeds'],
      [2, '1', 'That'],
    ]);
    expect(list[1].pembahasan).toBe('Konjungsi waktu.');
  });
});

describe('import of bad rows', () => {
  const BAD = [
    row({ section: 'speaking', no_soal: '1', ...opts, jawaban: 'A', skill: 'la-idiom' }),
    row({ section: 'structure', no_soal: '16', soal: 'x', ...opts, jawaban: 'A', skill: 'st-connector' }),
    row({ section: 'structure', no_soal: 'dua', soal: 'x', ...opts, jawaban: 'A', skill: 'st-connector' }),
    row({ section: 'structure', no_soal: '2', soal: 'x', ...opts, jawaban: 'E', skill: 'st-connector' }),
    row({ section: 'structure', no_soal: '3', soal: 'x', ...opts, jawaban: 'A', skill: 'st-terbang' }),
    row({ section: 'structure', no_soal: '4', soal: 'x', ...opts, jawaban: 'A', skill: 'rd-detail' }),
    row({ section: 'structure', no_soal: '5', soal: '', ...opts, jawaban: 'A', skill: 'st-connector' }),
    row({ section: 'structure', no_soal: '6', soal: 'x', ...opts, pilihan_3: '', jawaban: 'A', skill: 'st-connector' }),
    row({ section: 'written', no_soal: '17', soal: '<u>a</u>[A] <u>b</u>[B] <u>c</u>[C] d.', jawaban: 'A', skill: 'we-noun' }),
    row({ section: 'listening', no_soal: '2', ...opts, jawaban: 'A', skill: 'la-idiom' }),
    row({ section: 'listening', no_soal: '3', ...opts, jawaban: 'A', skill: 'la-idiom', audio: 'tidak-ada.mp3' }),
    row({ section: 'listening', no_soal: '4', ...opts, jawaban: 'A', skill: 'la-idiom', audio: 'teks.mp3' }),
    row({ section: 'listening', no_soal: '5', ...opts, jawaban: 'A', skill: 'la-idiom', audio: 'gambar.png' }),
    row({ section: 'structure', no_soal: '7', soal: 'x', ...opts, jawaban: 'A', skill: 'st-connector', audio: 'l01.mp3' }),
    row({ section: 'reading', no_soal: '1', soal: 'x', ...opts, jawaban: 'A', skill: 'rd-detail' }),
    row({ section: 'reading', no_soal: '2', soal: 'x', ...opts, jawaban: 'A', skill: 'rd-detail', passage: 'Tanpa Isi' }),
    row({
      section: 'reading',
      no_soal: '3',
      soal: 'x',
      ...opts,
      jawaban: 'A',
      skill: 'rd-detail',
      passage: 'Gambar',
      passage_image: 'palsu.jpg',
    }),
    row({ section: 'structure', no_soal: '8', soal: 'x', ...opts, jawaban: 'A', skill: 'st-connector', passage: 'Bacaan' }),
    row({ section: 'structure', no_soal: '9', soal: 'ok', ...opts, jawaban: 'A', skill: 'st-connector' }),
    row({ section: 'structure', no_soal: '9', soal: 'lagi', ...opts, jawaban: 'A', skill: 'st-connector' }),
    row({ section: 'reading', no_soal: '4', soal: 'x', ...opts, jawaban: 'A', skill: 'rd-detail', passage: 'P', passage_text: 'satu' }),
    row({ section: 'reading', no_soal: '5', soal: 'x', ...opts, jawaban: 'A', skill: 'rd-detail', passage: 'P', passage_text: 'dua' }),
  ];
  const MEDIA = () =>
    zip({
      'l01.mp3': fixture('tone.mp3'),
      'teks.mp3': fixture('not-audio.mp3'),
      'gambar.png': fixture('red.png'),
      'palsu.jpg': fixture('red.png'),
    });

  it('reports every problem by row and column in Indonesian, and a real run saves nothing', async () => {
    const id = await newPaket();
    const res = await importFile(id, { name: 'soal.csv', content: csv([...BAD, GOOD[4]!]) }, MEDIA(), { dryRun: '1' });
    expect(res.statusCode, res.body).toBe(200);
    const problems = res.json().data.problems as ImportProblem[];
    expect(problems).toEqual([
      { row: 2, column: 'section', message: 'Section harus listening, structure, written atau reading.' },
      { row: 3, column: 'no_soal', message: 'Nomor soal structure harus antara 1 dan 15.' },
      { row: 4, column: 'no_soal', message: expect.any(String) },
      { row: 5, column: 'jawaban', message: 'Jawaban harus antara 1 sampai 4.' },
      { row: 6, column: 'skill', message: 'Skill tidak dikenal. Pilih salah satu skill dari daftar.' },
      { row: 7, column: 'skill', message: 'Skill ini bukan skill bagian Structure. Pilih skill dari daftar bagian ini.' },
      { row: 8, column: 'soal', message: 'Semua field wajib diisi!' },
      { row: 9, column: 'pilihan_3', message: 'Semua field wajib diisi!' },
      {
        row: 10,
        column: 'soal',
        message: 'Soal written expression harus memiliki tepat empat bagian bergaris bawah dengan huruf A, B, C, D berurutan.',
      },
      { row: 11, column: 'audio', message: 'Semua field wajib diisi! Audio wajib diunggah untuk soal ini.' },
      { row: 12, column: 'audio', message: "File 'tidak-ada.mp3' tidak ada di zip media." },
      { row: 13, column: 'audio', message: "File 'teks.mp3': File audio tidak valid. Gunakan mp3, ogg, opus, wav atau m4a." },
      { row: 14, column: 'audio', message: "File 'gambar.png': File audio tidak valid. Gunakan mp3, ogg, opus, wav atau m4a." },
      { row: 15, column: 'audio', message: 'Hanya soal listening yang memakai audio.' },
      { row: 16, column: 'passage', message: 'Pilih Question Reading pada tabel di atas' },
      { row: 17, column: 'passage_text', message: "Bacaan 'Tanpa Isi': Unggah gambar bacaan (jpg, jpeg, png) atau isi teks bacaan." },
      { row: 18, column: 'passage_image', message: "Isi file 'palsu.jpg' tidak cocok dengan ekstensinya (isinya png)." },
      { row: 19, column: 'passage', message: 'Hanya soal reading yang memakai bacaan (passage).' },
      { row: 21, column: 'no_soal', message: 'Nomor soal structure 9 sudah dipakai di baris 20.' },
      { row: 23, column: 'passage', message: "Bacaan 'P' di baris ini berbeda dengan baris 22. Satu nama, satu bacaan." },
    ]);

    const real = await importFile(id, { name: 'soal.csv', content: csv([...BAD, GOOD[4]!]) }, MEDIA());
    expect(real.statusCode).toBe(400);
    expect(real.json().message).toBe('Impor dibatalkan: 20 masalah ditemukan. Tidak ada soal yang disimpan.');
    expect(real.json().problems).toHaveLength(20);
    expect(await countRows(id)).toEqual({ soal: 0, passages: 0 });
  });

  it('refuses a media zip with a path outside its folder, and files that are no sheet', async () => {
    const id = await newPaket();
    for (const name of ['../l01.mp3', 'media/../../l01.mp3', '/etc/l01.mp3']) {
      const res = await importFile(id, { name: 'soal.csv', content: csv(GOOD) }, zip({ [name]: fixture('tone.mp3') }), { dryRun: '1' });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toMatch(/^Zip media berisi file dengan path di luar folder/);
    }
    const notZip = await importFile(id, { name: 'soal.csv', content: csv(GOOD) }, Buffer.from('bukan zip'), { dryRun: '1' });
    expect(notZip.json().message).toBe('Zip media tidak dapat dibaca sebagai zip.');
    const noHeader = await importFile(id, { name: 'soal.csv', content: Buffer.from('a,b\n1,2\n') });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().message).toMatch(/^Kolom wajib tidak ada: section, no_soal, jawaban, skill/);
    const fakeXlsx = await importFile(id, { name: 'soal.xlsx', content: fixture('red.png') });
    expect(fakeXlsx.statusCode).toBe(400);
    const noFile = await admin.request({ method: 'POST', url: `/api/admin/paket-soal/${id}/import`, ...multipart({ dryRun: '1' }) });
    expect(noFile.json().message).toBe('Pilih file soal (.xlsx, .csv atau .txt) untuk diimpor.');
    const missing = await importFile(999_999, { name: 'soal.csv', content: csv(GOOD) });
    expect(missing.statusCode).toBe(404);
    expect(await countRows(id)).toEqual({ soal: 0, passages: 0 });
  });

  it('leaves no row and no file behind when writing fails halfway', async () => {
    const id = await newPaket();
    const dir = ctx.app.storage.dir;
    const before = new Set(existsSync(dir) ? readdirSync(dir) : []);
    let writes = 0;
    // A disk that fills up after three files.
    class FullDisk extends Storage {
      override async write(...args: Parameters<Storage['write']>) {
        if (++writes > 3) throw new Error('ENOSPC');
        return super.write(...args);
      }
    }
    await expect(
      importSoal(ctx.app.db, new FullDisk(dir), id, { file: { name: 'soal.csv', data: csv(GOOD) }, media: GOOD_MEDIA(), dryRun: false }),
    ).rejects.toThrow('ENOSPC');
    expect(await countRows(id)).toEqual({ soal: 0, passages: 0 });
    expect(readdirSync(dir).filter((f) => !before.has(f))).toEqual([]);
  });
});

describe('large files', () => {
  it('checks a 5,000-row sheet in reasonable time and reports the rows a package cannot hold', async () => {
    const id = await newPaket();
    const rows = Array.from({ length: 5000 }, (_, i) =>
      row({
        section: 'structure',
        no_soal: String((i % 15) + 1),
        soal: `Kalimat nomor ${i} ____ di sini.`,
        ...opts,
        jawaban: 'A',
        skill: 'st-connector',
      }),
    );
    const started = performance.now();
    const res = await importFile(id, { name: 'besar.csv', content: csv(rows) }, undefined, { dryRun: '1' });
    const seconds = (performance.now() - started) / 1000;
    console.info(`import dry run of 5,000 rows: ${seconds.toFixed(2)} s`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.rows).toBe(5000);
    expect(res.json().data.counts.structure).toBe(15);
    expect(res.json().data.problems).toHaveLength(4985);
    expect(seconds).toBeLessThan(60);
    expect(await countRows(id)).toEqual({ soal: 0, passages: 0 });
  }, 120_000);
});

describe('export', () => {
  it.each(['xlsx', 'csv'] as const)('round-trips through %s: export, import into an empty package, same package', async (format) => {
    const source = await newPaket();
    expect((await importFile(source, { name: 'soal.csv', content: csv(GOOD) }, GOOD_MEDIA())).statusCode).toBe(200);
    const exported = await admin.get(`/api/admin/paket-soal/${source}/export?format=${format}`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/zip');
    const entries = Object.keys(unzipSync(new Uint8Array(exported.rawPayload))).sort();
    expect(entries).toEqual([
      'media/listening-01.mp3',
      'media/listening-31.mp3',
      'media/listening-32.mp3',
      'media/passage-1.png',
      `soal.${format}`,
    ]);

    const target = await newPaket();
    const res = await importFile(target, { name: 'ekspor.zip', content: exported.rawPayload });
    expect(res.statusCode, res.body).toBe(200);
    expect(await snapshot(target)).toEqual(await snapshot(source));
    expect((await admin.get(`/api/admin/paket-soal/${target}/export?format=${format}`)).statusCode).toBe(200);
  });

  it('refuses an unknown format', async () => {
    const id = await newPaket();
    const res = await admin.get(`/api/admin/paket-soal/${id}/export?format=pdf`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Format harus xlsx atau csv.');
  });
});
