import { delay, http, HttpResponse } from 'msw';
import type { DiagnosisResponse } from '../../../contract/diagnosis.ts';
import type {
  AdminHistoryItem,
  HistoryItem,
  ProgressResponse,
  ReviewQuestion,
  ReviewResponse,
  VerifyResponse,
} from '../../../contract/results.ts';
import { REVIEW_DURING_EXAM } from '../../../contract/results.ts';

/* MSW handlers for history, certificates, review, progress, verification and the admin history. */
const url = (path: string) => `*/api${path}`;
const never = async () => {
  await delay('infinite');
  return HttpResponse.json({});
};

export const demoHistory: HistoryItem[] = [
  {
    id: 12,
    nama_paket: 'Paket Simulasi Gratis — TOEFL ITP',
    listeningScore: 54,
    structureScore: 51,
    readingScore: 55,
    totalScore: 533,
    listening_correct: 36,
    written_correct: 28,
    reading_correct: 39,
    cefr: 'B1',
    cefrListening: 'B2',
    cefrWritten: 'B1',
    cefrReading: 'B1',
    nearChance: false,
    tanggal: '2026-11-22T03:15:00.000Z',
    certificateCode: 'A1B2C3D4E5F60718',
    retake: false,
  },
  {
    id: 7,
    nama_paket: 'Paket A Prediction',
    listeningScore: 47,
    structureScore: 44,
    readingScore: 46,
    totalScore: 457,
    listening_correct: 24,
    written_correct: 19,
    reading_correct: 25,
    cefr: 'A2',
    cefrListening: 'B1',
    cefrWritten: 'B1',
    cefrReading: 'A2',
    nearChance: false,
    tanggal: '2026-10-05T08:40:00.000Z',
    certificateCode: '0F1E2D3C4B5A6978',
    retake: false,
  },
];

/** A tiny but complete PDF, enough for a download to start. */
const demoPdf =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

const question = (
  page: number,
  section: ReviewQuestion['section'],
  no: number,
  answer: ReviewQuestion['answer'],
  jawaban: ReviewQuestion['jawaban'],
  extra: Partial<ReviewQuestion> = {},
): ReviewQuestion => ({
  page,
  section,
  no_soal: no,
  soal: '',
  pilihan_satu: 'He will go to the library.',
  pilihan_dua: 'He has already finished the paper.',
  pilihan_tiga: 'He needs more time.',
  pilihan_empat: 'He does not like the class.',
  answer,
  jawaban,
  correct: answer === jawaban,
  pembahasan: '<p>Pembicara kedua mengatakan <b>“I could use another week”</b>, artinya ia butuh waktu tambahan.</p>',
  readingQuestion: null,
  skill: DEFAULT_SKILL[section],
  listening: null,
  ...extra,
});

const DEFAULT_SKILL: Record<ReviewQuestion['section'], ReviewQuestion['skill']> = {
  listening: 'la-inference',
  structure: 'st-verb-form',
  written: 'we-agreement',
  reading: 'rd-main-idea',
};

const passage = {
  id: 3,
  nama: 'The Monarch Migration',
  reading: null,
  html: '<p>Every autumn, millions of monarch butterflies travel thousands of kilometres to central Mexico...</p>',
};

export const demoReview: ReviewResponse = {
  history: demoHistory[0]!,
  questions: [
    question(1, 'listening', 1, '3', '3', {
      skill: 'la-suggestion',
      listening: {
        audio: '/api/media/demo/listening-01.mp3',
        transcript:
          'Woman: Are you coming to the library with us tonight?\nMan: I wish I could, but my paper is due tomorrow and I could use another week.',
        spoken_question: 'What does the man mean?',
      },
    }),
    question(2, 'listening', 2, '1', '3', {
      listening: {
        audio: '/api/media/demo/listening-02.mp3',
        transcript: 'Man: Have you finished the report yet?\nWoman: Not quite. I could use another week.',
        spoken_question: 'What does the woman imply?',
      },
    }),
    question(52, 'structure', 1, '2', '2', {
      soal: '<p>The museum, ______ in 1902, attracts many visitors.</p>',
      pilihan_satu: 'founds',
      pilihan_dua: 'founded',
      pilihan_tiga: 'was founded',
      pilihan_empat: 'founding',
    }),
    question(68, 'written', 16, '-1', '2', {
      soal: 'The <span class="we-part"><u>students</u><span class="we-letter">A</span></span> <span class="we-part"><u>has</u><span class="we-letter">B</span></span> finished <span class="we-part"><u>their</u><span class="we-letter">C</span></span> <span class="we-part"><u>projects</u><span class="we-letter">D</span></span>.',
      pilihan_satu: 'A',
      pilihan_dua: 'B',
      pilihan_tiga: 'C',
      pilihan_empat: 'D',
      pembahasan: '<p>Subjek jamak <i>students</i> memerlukan <b>have</b>, bukan <b>has</b>.</p>',
    }),
    question(94, 'reading', 1, '4', '1', {
      soal: '<p>What is the passage mainly about?</p>',
      pilihan_satu: 'The migration of monarchs',
      pilihan_dua: 'Mexican forests',
      pilihan_tiga: 'Weather in autumn',
      pilihan_empat: 'Butterfly colours',
      readingQuestion: passage,
      pembahasan: null,
    }),
    question(95, 'reading', 2, '2', '2', {
      soal: '<p>The word “travel” is closest in meaning to</p>',
      pilihan_satu: 'rest',
      pilihan_dua: 'journey',
      pilihan_tiga: 'return',
      pilihan_empat: 'hide',
      readingQuestion: passage,
    }),
  ],
};

export const demoProgress: ProgressResponse = {
  attempts: [
    {
      id: 3,
      nama_paket: 'Paket A Prediction',
      tanggal: '2026-09-01T03:00:00.000Z',
      totalScore: 420,
      listeningScore: 43,
      structureScore: 41,
      readingScore: 42,
      cefr: 'A2',
      nearChance: false,
      retake: false,
    },
    {
      id: 7,
      nama_paket: 'Paket B Prediction',
      tanggal: '2026-10-05T08:40:00.000Z',
      totalScore: 457,
      listeningScore: 47,
      structureScore: 44,
      readingScore: 46,
      cefr: 'A2',
      nearChance: false,
      retake: false,
    },
    {
      id: 12,
      nama_paket: 'Paket Simulasi Gratis — TOEFL ITP',
      tanggal: '2026-11-22T03:15:00.000Z',
      totalScore: 533,
      listeningScore: 54,
      structureScore: 51,
      readingScore: 55,
      cefr: 'B1',
      nearChance: false,
      retake: false,
    },
  ],
  diagnostics: {
    historyId: 12,
    nama_paket: 'Paket Simulasi Gratis — TOEFL ITP',
    tanggal: '2026-11-22T03:15:00.000Z',
    parts: [
      { key: 'listeningA', label: 'Listening Part A (percakapan pendek)', correct: 24, total: 30, percent: 80 },
      { key: 'listeningBC', label: 'Listening Part B dan C (percakapan panjang dan ceramah)', correct: 12, total: 20, percent: 60 },
      { key: 'structure', label: 'Structure', correct: 11, total: 15, percent: 73 },
      { key: 'written', label: 'Written Expression', correct: 10, total: 25, percent: 40 },
      { key: 'reading', label: 'Reading: The Monarch Migration', correct: 8, total: 10, percent: 80 },
      { key: 'reading', label: 'Reading: Coral Reefs', correct: 6, total: 10, percent: 60 },
    ],
    weakest: { key: 'written', label: 'Written Expression', correct: 10, total: 25, percent: 40 },
    suggestion:
      'Perbanyak latihan Written Expression: periksa kesesuaian subjek-kata kerja, bentuk kata (noun, verb, adjective, adverb), dan paralelisme.',
  },
};

const skill = (
  id: DiagnosisResponse['skills'][number]['skill'],
  section: DiagnosisResponse['skills'][number]['section'],
  correct: number,
  total: number,
) => ({
  skill: id,
  section,
  correct,
  total,
  judged: total >= 4,
});

/** The learner of the story missed every vocabulary and inference item and most parallelism items. */
export const demoDiagnosis: DiagnosisResponse = {
  historyId: 12,
  attempts: 1,
  minResponses: 4,
  history: demoHistory[0]!,
  skills: [
    skill('la-paraphrase', 'listening', 6, 8),
    skill('la-idiom', 'listening', 3, 5),
    skill('la-suggestion', 'listening', 1, 3),
    skill('lb-detail', 'listening', 6, 8),
    skill('lc-detail', 'listening', 8, 10),
    skill('st-subject-verb', 'structure', 4, 5),
    skill('st-inversion', 'structure', 2, 4),
    skill('we-agreement', 'written', 3, 6),
    skill('we-parallel', 'written', 1, 5),
    skill('we-word-form', 'written', 5, 6),
    skill('rd-main-idea', 'reading', 4, 5),
    skill('rd-detail', 'reading', 14, 16),
    skill('rd-vocabulary', 'reading', 0, 9),
    skill('rd-inference', 'reading', 0, 7),
  ],
  weakest: [
    {
      ...skill('rd-vocabulary', 'reading', 0, 9),
      reviewUrl: '/riwayat-ujian/12/pembahasan?skill=rd-vocabulary',
      drillUrl: '/latihan?skill=rd-vocabulary',
    },
    {
      ...skill('rd-inference', 'reading', 0, 7),
      reviewUrl: '/riwayat-ujian/12/pembahasan?skill=rd-inference',
      drillUrl: '/latihan?skill=rd-inference',
    },
    {
      ...skill('we-parallel', 'written', 1, 5),
      reviewUrl: '/riwayat-ujian/12/pembahasan?skill=we-parallel',
      drillUrl: '/latihan?skill=we-parallel',
    },
  ],
};

export const demoVerify: VerifyResponse = {
  code: 'A1B2C3D4E5F60718',
  nama: 'Ni Luh Putu Ayu Kadek Wiryaningsih',
  nama_paket: 'Paket Simulasi Gratis — TOEFL ITP',
  listeningScore: 54,
  structureScore: 51,
  readingScore: 55,
  totalScore: 533,
  listening_correct: 36,
  written_correct: 28,
  reading_correct: 39,
  cefr: 'B1',
  cefrListening: 'B2',
  cefrWritten: 'B1',
  cefrReading: 'B1',
  nearChance: false,
  tanggal: '2026-11-22T03:15:00.000Z',
};

const names = ["Siti Nur'aini", 'Ni Luh Putu Ayu', 'Budi Santoso', 'José Ñúñez', 'Agus Salim'];
export const demoAdminHistory: AdminHistoryItem[] = Array.from({ length: 45 }, (_, i) => ({
  ...demoHistory[i % 2]!,
  id: 100 - i,
  totalScore: 400 + ((i * 37) % 250),
  user: { nama: names[i % names.length]!, nohp: `62812000000${String(i).padStart(2, '0')}` },
  attemptId: 500 - i,
}));

export const resultsHandlers = {
  history: (data: HistoryItem[] = demoHistory) => http.get(url('/users/riwayat-ujian'), () => HttpResponse.json({ data })),
  historyPending: () => http.get(url('/users/riwayat-ujian'), never),
  historyFails: () =>
    http.get(url('/users/riwayat-ujian'), () => HttpResponse.json({ message: 'Database tidak tersedia.' }, { status: 500 })),

  certificate: (fileName = 'sertifikat-siti-nurhaliza-2026-11-22.pdf') =>
    http.get(
      url('/users/certificate/:id'),
      () =>
        new HttpResponse(demoPdf, {
          headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${fileName}"` },
        }),
    ),
  certificateNoName: () =>
    http.get(url('/users/certificate/:id'), () => new HttpResponse(demoPdf, { headers: { 'content-type': 'application/pdf' } })),
  certificateFails: () =>
    http.get(url('/users/certificate/:id'), () => HttpResponse.json({ message: 'Riwayat ujian tidak ditemukan.' }, { status: 404 })),

  review: (data: ReviewResponse = demoReview) => http.get(url('/users/riwayat-ujian/:id/review'), () => HttpResponse.json(data)),
  reviewPending: () => http.get(url('/users/riwayat-ujian/:id/review'), never),
  reviewNotFound: () =>
    http.get(url('/users/riwayat-ujian/:id/review'), () =>
      HttpResponse.json({ message: 'Riwayat ujian tidak ditemukan.' }, { status: 404 }),
    ),
  reviewDuringExam: () =>
    http.get(url('/users/riwayat-ujian/:id/review'), () => HttpResponse.json({ message: REVIEW_DURING_EXAM }, { status: 409 })),
  reviewFails: () => http.get(url('/users/riwayat-ujian/:id/review'), () => HttpResponse.json({ message: 'x' }, { status: 500 })),

  diagnosis: (data: DiagnosisResponse = demoDiagnosis) => http.get(url('/users/diagnosis'), () => HttpResponse.json(data)),
  diagnosisPending: () => http.get(url('/users/diagnosis'), never),
  diagnosisNotFound: () =>
    http.get(url('/users/diagnosis'), () => HttpResponse.json({ message: 'Riwayat ujian tidak ditemukan.' }, { status: 404 })),
  diagnosisFails: () => http.get(url('/users/diagnosis'), () => HttpResponse.json({ message: 'x' }, { status: 500 })),

  progress: (data: ProgressResponse = demoProgress) => http.get(url('/users/progress'), () => HttpResponse.json(data)),
  progressPending: () => http.get(url('/users/progress'), never),
  progressFails: () => http.get(url('/users/progress'), () => HttpResponse.json({ message: 'x' }, { status: 500 })),

  verify: (data: VerifyResponse = demoVerify) => http.get(url('/sertifikat/verify/:code'), () => HttpResponse.json(data)),
  verifyPending: () => http.get(url('/sertifikat/verify/:code'), never),
  verifyNotFound: () =>
    http.get(url('/sertifikat/verify/:code'), () => HttpResponse.json({ message: 'Sertifikat tidak ditemukan.' }, { status: 404 })),
  verifyFails: () => http.get(url('/sertifikat/verify/:code'), () => HttpResponse.error()),

  /** The admin list, filtered by `q` on name/phone/package and paged like the server. */
  adminHistory: (rows: AdminHistoryItem[] = demoAdminHistory) =>
    http.get(url('/admin/riwayat-ujian'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      const q = (params.get('q') ?? '').toLowerCase();
      const page = Number(params.get('page') ?? 1);
      const limit = Number(params.get('limit') ?? 20);
      const found = rows.filter((r) => !q || `${r.user.nama} ${r.user.nohp} ${r.nama_paket}`.toLowerCase().includes(q));
      return HttpResponse.json({ data: found.slice((page - 1) * limit, page * limit), total: found.length, page, limit });
    }),
  adminHistoryPending: () => http.get(url('/admin/riwayat-ujian'), never),
  adminHistoryFails: () => http.get(url('/admin/riwayat-ujian'), () => HttpResponse.json({ message: 'x' }, { status: 500 })),
  adminCsv: () =>
    http.get(
      url('/admin/riwayat-ujian.csv'),
      () =>
        new HttpResponse('\uFEFFTanggal,Nama\r\n2026-11-22,Siti\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="riwayat-ujian-2026-11-22.csv"',
          },
        }),
    ),
};
