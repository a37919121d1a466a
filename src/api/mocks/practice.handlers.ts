import { delay, http, HttpResponse } from 'msw';
import type { AnswerResponse, NotebookResponse, Plan, PracticeHome, PracticeItem } from '../../../contract/practice.ts';

/* MSW handlers for practice ('Latihan'): home, drills, answers, Buku Kesalahan, the study plan. */
const url = (path: string) => `*/api${path}`;
const never = async () => {
  await delay('infinite');
  return HttpResponse.json({});
};

export const demoStructureItem: PracticeItem = {
  item: 'pr-st-001',
  section: 'structure',
  part: null,
  skill: 'st-subject-verb',
  soal: 'In 1903, <u>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;</u> the first controlled flight of a powered airplane near Kitty Hawk, North Carolina.',
  pilihan: ['the Wright brothers made', 'making the Wright brothers', 'the Wright brothers making', 'when the Wright brothers made'],
  audio: null,
  passage: null,
};

export const demoListeningItem: PracticeItem = {
  item: 'pr-la-001',
  section: 'listening',
  part: 'A',
  skill: 'la-paraphrase',
  soal: 'What does the man mean?',
  pilihan: [
    'He has not read the essay yet.',
    "The essay's ending needs more development.",
    'The argument in the essay is confusing.',
    'He wrote the conclusion for her.',
  ],
  audio: '/static/audio/pr-la-001.mp3',
  passage: null,
};

export const demoCorrect: AnswerResponse = {
  correct: true,
  key: '1',
  explanation:
    "Poin tata bahasa: subjek dan kata kerja utama. Jawaban (A) 'the Wright brothers made' memberi subjek dan kata kerja lampau. (B) dan (C) hanya memakai bentuk -ing. (D) mengubahnya menjadi anak kalimat.",
  transcript: null,
  koreksi: null,
  due: null,
};

export const demoWrong: AnswerResponse = {
  correct: false,
  key: '2',
  explanation:
    "Skill parafrase: pria berkata 'the conclusion is a little short', yang diparafrasekan menjadi 'the essay's ending needs more development'. Jawaban (B).",
  transcript:
    'Woman: Did you get a chance to look over my essay?\nMan: I read the whole thing last night. Your argument is clear, but the conclusion is a little short.',
  koreksi: null,
  due: '2026-11-24T16:00:00.000Z',
};

export const demoPlan: Plan = {
  targetScore: 500,
  examDate: '2026-12-21',
  currentScore: 457,
  weeks: [
    {
      week: 1,
      from: '2026-11-23',
      to: '2026-11-29',
      minutes: 70,
      items: 35,
      focus: [
        { skill: 'we-agreement', items: 13 },
        { skill: 'rd-vocabulary', items: 12 },
        { skill: 'rd-inference', items: 10 },
      ],
    },
    {
      week: 2,
      from: '2026-11-30',
      to: '2026-12-06',
      minutes: 70,
      items: 35,
      focus: [
        { skill: 'st-comparison', items: 12 },
        { skill: 'we-agreement', items: 12 },
        { skill: 'la-idiom', items: 11 },
      ],
    },
    {
      week: 3,
      from: '2026-12-07',
      to: '2026-12-13',
      minutes: 70,
      items: 35,
      focus: [
        { skill: 'rd-vocabulary', items: 12 },
        { skill: 'st-inversion', items: 12 },
        { skill: 'lc-detail', items: 11 },
      ],
    },
    { week: 4, from: '2026-12-14', to: '2026-12-20', minutes: 70, items: 35, focus: [{ skill: 'rd-inference', items: 35 }] },
  ],
  progress: { week: 0, doneThisWeek: 12, plannedThisWeek: 35, doneTotal: 12, plannedToDate: 35 },
};

export const demoHome: PracticeHome = {
  reviewDue: 7,
  notebookCount: 23,
  mastery: [
    { skill: 'la-paraphrase', section: 'listening', correct: 9, total: 12, mastery: 0.75 },
    { skill: 'st-subject-verb', section: 'structure', correct: 18, total: 20, mastery: 0.9 },
    { skill: 'we-agreement', section: 'written', correct: 2, total: 8, mastery: 0.25 },
    { skill: 'rd-vocabulary', section: 'reading', correct: 1, total: 3, mastery: null },
  ],
  plan: demoPlan,
};

export const demoNotebook: NotebookResponse = {
  due: 2,
  entries: [
    {
      item: 'q-812',
      skill: 'we-agreement',
      section: 'written',
      source: 'exam',
      due: '2026-11-23T02:00:00.000Z',
      isDue: true,
      reps: 1,
      lapses: 0,
      preview: 'The number of students who take online courses have increased every year.',
    },
    {
      item: 'mt-l-2',
      skill: 'la-idiom',
      section: 'listening',
      source: 'mini',
      due: '2026-11-23T05:00:00.000Z',
      isDue: true,
      reps: 1,
      lapses: 0,
      preview: 'What does the woman mean?',
    },
    {
      item: 'pr-st-014',
      skill: 'st-comparison',
      section: 'structure',
      source: 'drill',
      due: '2026-11-27T05:00:00.000Z',
      isDue: false,
      reps: 2,
      lapses: 1,
      preview: 'The new library is spacious, quiet, and ________ to every student on campus.',
    },
  ],
};

export const practiceHandlers = {
  home: (data: PracticeHome = demoHome) => http.get(url('/practice/home'), () => HttpResponse.json(data)),
  homePending: () => http.get(url('/practice/home'), never),
  drill: (items: PracticeItem[] = [demoStructureItem, demoListeningItem]) =>
    http.post(url('/practice/drills'), () => HttpResponse.json({ items })),
  reviews: (items: PracticeItem[] = [demoListeningItem]) => http.get(url('/practice/reviews'), () => HttpResponse.json({ items })),
  answer: (byItem: Record<string, AnswerResponse> = { 'pr-st-001': demoCorrect, 'pr-la-001': demoWrong }) =>
    http.post(url('/practice/answers'), async ({ request }) => {
      const body = (await request.json()) as { item: string };
      return HttpResponse.json(byItem[body.item] ?? demoCorrect);
    }),
  notebook: (data: NotebookResponse = demoNotebook) => http.get(url('/practice/notebook'), () => HttpResponse.json(data)),
  plan: (plan: Plan | null = demoPlan) => http.get(url('/practice/plan'), () => HttpResponse.json({ plan })),
  savePlan: (plan: Plan = demoPlan) => http.put(url('/practice/plan'), () => HttpResponse.json({ plan })),
};
