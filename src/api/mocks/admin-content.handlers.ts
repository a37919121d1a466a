import { delay, http, HttpResponse } from 'msw';
import type { ErrorResponse } from '../../../contract/common.ts';
import type { AdminPaket, Completeness } from '../../../contract/paket.ts';
import { sectionSkillSchema, type AdminSoal, type QuestionReading, type SoalSection } from '../../../contract/soal.ts';

/*
 * MSW handlers for the admin content endpoints, answering the shapes and Indonesian messages the
 * real server gives (tests/server/admin-content.test.ts). Paths start with a wildcard so they
 * match the absolute API base in stories and component tests alike.
 */
const url = (path: string) => `*/api${path}`;
const pending = async () => {
  await delay('infinite');
  return HttpResponse.json({});
};

const range = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => first + i);

const emptyCompleteness: Completeness = {
  listening: 0,
  structure: 0,
  written: 0,
  reading: 0,
  missingNumbers: { listening: range(1, 50), structure: range(1, 15), written: range(16, 40), reading: range(1, 50) },
  listeningMissingAudio: [],
  readingWithoutPassage: [],
  complete: false,
  missing: ['Listening: 0 dari 50 soal.', 'Structure: 0 dari 15 soal.', 'Written Expression: 0 dari 25 soal.', 'Reading: 0 dari 50 soal.'],
};

export const demoPakets: AdminPaket[] = [
  {
    id: 1,
    nama_paket: 'Paket Simulasi Gratis — TOEFL ITP',
    level: 'itp',
    harga: 0,
    status: 'siap',
    durasi_listening: 2100,
    durasi_written: 1500,
    durasi_reading: 3300,
    created_at: '2025-01-05T08:00:00.000Z',
    archived_at: null,
    completeness: {
      listening: 50,
      structure: 15,
      written: 25,
      reading: 50,
      missingNumbers: { listening: [], structure: [], written: [], reading: [] },
      listeningMissingAudio: [],
      readingWithoutPassage: [],
      complete: true,
      missing: [],
    },
  },
  {
    id: 2,
    nama_paket: 'Paket A Prediction',
    level: 'prediction',
    harga: 20000,
    status: 'belum',
    durasi_listening: 2100,
    durasi_written: 1500,
    durasi_reading: 3300,
    created_at: '2025-01-06T08:00:00.000Z',
    archived_at: null,
    completeness: {
      listening: 1,
      structure: 1,
      written: 1,
      reading: 1,
      // The demo package holds listening 1, structure 1, written 16 and reading 1.
      missingNumbers: { listening: range(2, 50), structure: range(2, 15), written: range(17, 40), reading: range(2, 50) },
      listeningMissingAudio: [],
      readingWithoutPassage: [],
      complete: false,
      missing: [
        'Listening: 1 dari 50 soal.',
        'Structure: 1 dari 15 soal.',
        'Written Expression: 1 dari 25 soal.',
        'Reading: 1 dari 50 soal.',
      ],
    },
  },
];

export const demoPassages: QuestionReading[] = [
  { id: 7, paket_soal_id: 2, nama: 'Bacaan 1 — Coral Reefs', reading: '/landing/og.png', html: null },
  { id: 8, paket_soal_id: 2, nama: 'Bacaan 2 — Teks', reading: null, html: '<p>The history of the bicycle...</p>' },
];

const base = {
  paket_soal_id: 2,
  audio: null,
  q_reading: null,
  readingQuestion: null,
  pembahasan: null,
  transcript: null,
  spoken_question: null,
};
const options = {
  pilihan_satu: 'He missed the bus.',
  pilihan_dua: 'He was sick.',
  pilihan_tiga: 'He overslept.',
  pilihan_empat: 'He forgot the time.',
};
export const demoSoal: Record<SoalSection, AdminSoal[]> = {
  listening: [
    {
      ...base,
      ...options,
      id: 101,
      section: 'listening',
      no_soal: 1,
      page: 1,
      soal: '',
      jawaban: '3',
      audio: '/api/media/demo-clip.mp3',
      skill: 'la-inference',
      spoken_question: 'Why was the man late?',
      transcript: 'Woman: You are late again.\nMan: The bus never came this morning.',
    },
    { ...base, ...options, id: 102, section: 'listening', no_soal: 32, page: 32, soal: '', jawaban: '1', skill: 'lb-detail' },
  ],
  structure: [
    {
      ...base,
      id: 201,
      section: 'structure',
      no_soal: 1,
      page: 52,
      soal: 'The sun ____ in the east.',
      pilihan_satu: 'rise',
      pilihan_dua: 'rises',
      pilihan_tiga: 'rising',
      pilihan_empat: 'to rise',
      jawaban: '2',
      pembahasan: 'Subjek tunggal.',
      skill: 'st-verb-form',
    },
  ],
  written: [
    {
      ...base,
      id: 301,
      section: 'written',
      no_soal: 16,
      page: 68,
      soal: 'The <span class="we-part"><u>children</u><span class="we-letter">A</span></span> <span class="we-part"><u>plays</u><span class="we-letter">B</span></span> in <span class="we-part"><u>the</u><span class="we-letter">C</span></span> <span class="we-part"><u>garden</u><span class="we-letter">D</span></span> every day.',
      pilihan_satu: 'children',
      pilihan_dua: 'plays',
      pilihan_tiga: 'the',
      pilihan_empat: 'garden',
      jawaban: '2',
      skill: 'we-agreement',
    },
  ],
  reading: [
    {
      ...base,
      ...options,
      id: 401,
      section: 'reading',
      no_soal: 1,
      page: 94,
      soal: 'What is the main idea of the passage?',
      jawaban: '4',
      skill: 'rd-main-idea',
      q_reading: 7,
      readingQuestion: demoPassages[0]!,
    },
  ],
};

const lastOf: Record<SoalSection, { last_no_soal: number; last_page: number }> = {
  listening: { last_no_soal: 1, last_page: 1 },
  structure: { last_no_soal: 1, last_page: 52 },
  written: { last_no_soal: 16, last_page: 68 },
  reading: { last_no_soal: 1, last_page: 94 },
};

const fail = (status: number, message: string) => HttpResponse.json<ErrorResponse>({ message }, { status });

const RUNNING_ATTEMPT_DEMO =
  'Paket ini sedang dikerjakan oleh 2 peserta. Soal, bacaan, audio, dan durasinya tidak dapat diubah sampai ujian mereka selesai, ' +
  'agar ujian yang sedang berjalan tidak rusak. Untuk memperbaiki sekarang: salin paket ini, perbaiki salinannya, ' +
  'tandai salinan siap, lalu arsipkan paket ini.';

export const adminContentHandlers = {
  pakets: (data: AdminPaket[] = demoPakets) => http.get(url('/admin/paket-soal'), () => HttpResponse.json({ data })),
  paketsPending: () => http.get(url('/admin/paket-soal'), pending),
  paketsFail: (message = 'Server sedang gangguan.') => http.get(url('/admin/paket-soal'), () => fail(500, message)),
  paket: (data: AdminPaket = demoPakets[1]!) => http.get(url('/admin/paket-soal/:id'), () => HttpResponse.json({ data })),
  paketPending: () => http.get(url('/admin/paket-soal/:id'), pending),
  paketNotFound: () => http.get(url('/admin/paket-soal/:id'), () => fail(404, 'Paket soal tidak ditemukan.')),
  createPaket: () =>
    http.post(url('/admin/paket-soal'), async ({ request }) => {
      const body = (await request.json()) as Partial<AdminPaket>;
      const data: AdminPaket = { ...demoPakets[1]!, ...body, id: 3, status: 'belum', completeness: emptyCompleteness };
      return HttpResponse.json({ message: 'Paket soal berhasil ditambahkan.', data }, { status: 201 });
    }),
  createPaketPending: () => http.post(url('/admin/paket-soal'), pending),
  createPaketFail: (message: string, status = 400) => http.post(url('/admin/paket-soal'), () => fail(status, message)),
  updatePaket: () =>
    http.put(url('/admin/paket-soal/:id'), () => HttpResponse.json({ message: 'Paket soal berhasil diperbarui.', data: demoPakets[1] })),
  /** The 409 a siap on an incomplete package gets. */
  updatePaketIncomplete: () =>
    http.put(url('/admin/paket-soal/:id'), () =>
      HttpResponse.json(
        {
          message: `Paket belum lengkap, belum bisa diset siap. ${demoPakets[1]!.completeness.missing.join(' ')}`,
          completeness: demoPakets[1]!.completeness,
        },
        { status: 409 },
      ),
    ),
  /** What the question-bank screens a story's action leads to read (list, chooser, section lists, passages). */
  destinations: () => [
    http.get(url('/admin/paket-soal'), () => HttpResponse.json({ data: demoPakets })),
    http.get(url('/admin/paket-soal/:id'), ({ params }) =>
      HttpResponse.json({ data: demoPakets.find((p) => p.id === Number(params.id)) ?? demoPakets[1] }),
    ),
    ...(['listening', 'structure', 'written', 'reading'] as const).map((section) =>
      http.get(url(`/admin/paket-soal/:paketId/soal-${section}`), () => HttpResponse.json({ data: demoSoal[section] })),
    ),
    http.get(url('/admin/paket-soal/:paketId/:section/last'), ({ params }) =>
      HttpResponse.json(lastOf[params.section as SoalSection] ?? lastOf.listening),
    ),
    http.get(url('/admin/paket-soal/question-reading/:paketId'), () => HttpResponse.json({ data: demoPassages })),
    http.get(url('/admin/paket-soal/soal/:soalId'), ({ params }) =>
      HttpResponse.json({
        data:
          Object.values(demoSoal)
            .flat()
            .find((q) => q.id === Number(params.soalId)) ?? demoSoal.reading[0],
      }),
    ),
  ],
  /** POST /admin/paket-soal/{id}/clone: the copy, named 'Salinan ...', starts as belum. */
  clonePaket: () =>
    http.post(url('/admin/paket-soal/:id/clone'), ({ params }) => {
      const source = demoPakets.find((p) => p.id === Number(params.id)) ?? demoPakets[0]!;
      const data: AdminPaket = { ...source, id: 3, nama_paket: `Salinan ${source.nama_paket}`, status: 'belum' };
      return HttpResponse.json({ message: 'Paket soal berhasil disalin.', data }, { status: 201 });
    }),
  clonePaketPending: () => http.post(url('/admin/paket-soal/:id/clone'), pending),
  clonePaketFail: () =>
    http.post(url('/admin/paket-soal/:id/clone'), () => fail(409, 'Paket sedang dipakai ujian yang berjalan. Coba lagi nanti.')),
  /** The spec's DELETE archives. */
  deletePaket: () =>
    http.delete(url('/admin/paket-soal/:id'), () =>
      HttpResponse.json({
        message: 'Paket soal berhasil diarsipkan. Paket dapat dipulihkan dari Arsip.',
        data: { ...demoPakets[1]!, archived_at: '2025-02-01T08:00:00.000Z' },
      }),
    ),
  deletePaketFail: () =>
    http.delete(url('/admin/paket-soal/:id'), () =>
      fail(
        409,
        'Paket ini memiliki 1 pembayaran yang menunggu verifikasi, sehingga belum dapat diarsipkan. Konfirmasi atau tolak pembayaran itu terlebih dahulu.',
      ),
    ),
  restorePaket: () =>
    http.post(url('/admin/paket-soal/:id/restore'), () =>
      HttpResponse.json({ message: 'Paket soal berhasil dipulihkan.', data: { ...demoPakets[1]!, archived_at: null } }),
    ),

  last: () =>
    http.get(url('/admin/paket-soal/:paketId/:section/last'), ({ params }) => HttpResponse.json(lastOf[params.section as SoalSection])),
  lastPending: () => http.get(url('/admin/paket-soal/:paketId/:section/last'), pending),
  soalList: (section: SoalSection, data: AdminSoal[] = demoSoal[section]) =>
    http.get(url(`/admin/paket-soal/:paketId/soal-${section}`), () => HttpResponse.json({ data })),
  soalListPending: (section: SoalSection) => http.get(url(`/admin/paket-soal/:paketId/soal-${section}`), pending),
  soalListFail: (section: SoalSection) =>
    http.get(url(`/admin/paket-soal/:paketId/soal-${section}`), () => fail(404, 'Paket soal tidak ditemukan.')),
  soal: (data: AdminSoal) => http.get(url('/admin/paket-soal/soal/:soalId'), () => HttpResponse.json({ data })),
  soalNotFound: () => http.get(url('/admin/paket-soal/soal/:soalId'), () => fail(404, 'Soal tidak ditemukan.')),
  // Like the server, a question without a known skill of its own section is refused.
  createSoal: (section: SoalSection) =>
    http.post(url(`/admin/paket-soal/:paketId/soal-${section}`), async ({ request }) => {
      const skill =
        section === 'listening' ? (await request.formData()).get('skill') : ((await request.json()) as { skill?: unknown } | null)?.skill;
      const checked = sectionSkillSchema(section).safeParse(skill);
      if (!checked.success) return fail(400, checked.error.issues[0]!.message);
      return HttpResponse.json({ message: 'Soal berhasil ditambahkan.', data: demoSoal[section][0] }, { status: 201 });
    }),
  createSoalPending: (section: SoalSection) => http.post(url(`/admin/paket-soal/:paketId/soal-${section}`), pending),
  createSoalFail: (section: SoalSection, message: string, status = 400) =>
    http.post(url(`/admin/paket-soal/:paketId/soal-${section}`), () => fail(status, message)),
  updateSoal: (section: Exclude<SoalSection, never>) =>
    section === 'listening'
      ? http.put(url('/admin/paket-soal/:soalId/soal-listening'), () =>
          HttpResponse.json({ message: 'Soal berhasil diupdate', data: demoSoal.listening[0] }),
        )
      : http.put(url(`/admin/paket-soal/soal-${section}/:soalId`), () =>
          HttpResponse.json({ message: 'Soal berhasil diupdate', data: demoSoal[section][0] }),
        ),
  deleteSoal: () => http.delete(url('/admin/paket-soal/soal/:soalId'), () => HttpResponse.json({ message: 'Soal berhasil dihapus.' })),
  deleteSoalFail: (status: number, message: string) => http.delete(url('/admin/paket-soal/soal/:soalId'), () => fail(status, message)),
  updateSoalFail: (section: Exclude<SoalSection, 'listening'>, status: number, message: string) =>
    http.put(url(`/admin/paket-soal/soal-${section}/:soalId`), () => fail(status, message)),

  /** The server's refusal while learners sit the package (content-guard.service.ts). */
  runningAttemptMessage: RUNNING_ATTEMPT_DEMO,
  passages: (data: QuestionReading[] = demoPassages) =>
    http.get(url('/admin/paket-soal/question-reading/:paketId'), () => HttpResponse.json({ data })),
  createPassage: () =>
    http.post(url('/admin/paket-soal/:paketId/question-reading'), () =>
      HttpResponse.json({ message: 'Bacaan berhasil ditambahkan.', data: demoPassages[0] }, { status: 201 }),
    ),
  updatePassage: () =>
    http.put(url('/admin/paket-soal/question-reading/:id'), () =>
      HttpResponse.json({ message: 'Soal berhasil diupdate', data: demoPassages[0] }),
    ),
  updatePassageFail: () => http.put(url('/admin/paket-soal/question-reading/:id'), () => HttpResponse.json({}, { status: 500 })),
  deletePassage: () =>
    http.delete(url('/admin/paket-soal/soal-reading/:id'), () => HttpResponse.json({ message: 'Bacaan berhasil dihapus.' })),
};
