import { delay, http, HttpResponse } from 'msw';
import type { ItemStat, ItemStats } from '../../../contract/item-stats.ts';
import { pageOf, type QuestionPart } from '../../../machines/exam-layout.ts';

/*
 * MSW handlers for GET /admin/paket-soal/{id}/statistik. The figures are shaped like the server's
 * (tests/server/item-stats.test.ts); flags follow the rules they carry.
 */
const url = (path: string) => `*/api${path}`;
const RULES = { minAttempts: 30, facilityMax: 0.95, facilityMin: 0.2, discriminationMin: 0.1 };
const PARTS: [QuestionPart, number, number][] = [
  ['listening', 1, 50],
  ['structure', 1, 15],
  ['written', 16, 40],
  ['reading', 1, 50],
];

function item(part: QuestionPart, no: number, attempts: number, index: number): ItemStat {
  const key = String((index % 4) + 1) as '1' | '2' | '3' | '4';
  // A spread of easy, hard and well-behaved items; every 17th is too easy, every 23rd too hard,
  // every 29th discriminates poorly.
  const facility = index % 17 === 5 ? 0.97 : index % 23 === 7 ? 0.12 : 0.3 + ((index * 37) % 60) / 100;
  const discrimination = index % 29 === 11 ? 0.04 : 0.15 + ((index * 13) % 50) / 100;
  const correct = Math.round(facility * attempts);
  const omitted = Math.min(attempts - correct, index % 3);
  const rest = attempts - correct - omitted;
  const options = { '1': 0, '2': 0, '3': 0, '4': 0 };
  options[key] = correct;
  const others = (['1', '2', '3', '4'] as const).filter((o) => o !== key);
  others.forEach((o, i) => (options[o] = Math.floor(rest / 3) + (i < rest % 3 ? 1 : 0)));
  const f = attempts > 0 ? correct / attempts : null;
  const enough = attempts >= RULES.minAttempts;
  const flags: ItemStat['flags'] = [];
  if (enough && f !== null && f > RULES.facilityMax) flags.push('too_easy');
  if (enough && f !== null && f < RULES.facilityMin) flags.push('too_hard');
  if (enough && attempts > 0 && discrimination < RULES.discriminationMin) flags.push('low_discrimination');
  return {
    soalId: 1000 + index,
    section: part,
    noSoal: no,
    page: pageOf(part, no),
    jawaban: key,
    skill: 'x',
    correct: attempts > 0 ? correct : 0,
    facility: f,
    discrimination: attempts > 0 ? discrimination : null,
    options: attempts > 0 ? options : { '1': 0, '2': 0, '3': 0, '4': 0 },
    omitted: attempts > 0 ? omitted : 0,
    flags,
  };
}

export function demoItemStats(attempts: number): ItemStats {
  const items: ItemStat[] = [];
  for (const [part, first, last] of PARTS) for (let no = first; no <= last; no++) items.push(item(part, no, attempts, items.length));
  const some = attempts > 0;
  return {
    paketSoalId: 1,
    namaPaket: 'Paket Simulasi Gratis — TOEFL ITP',
    attempts,
    enoughAttempts: attempts >= RULES.minAttempts,
    rules: RULES,
    sections: [
      { section: 'listening', items: 50, mean: some ? 31.4 : null, kr20: some ? 0.84 : null },
      { section: 'written', items: 40, mean: some ? 24.2 : null, kr20: some ? 0.79 : null },
      { section: 'reading', items: 50, mean: some ? 29.8 : null, kr20: some ? 0.86 : null },
    ],
    items,
  };
}

export const itemStatsHandlers = {
  stats: (attempts = 120) => http.get(url('/admin/paket-soal/:id/statistik'), () => HttpResponse.json({ data: demoItemStats(attempts) })),
  pending: () =>
    http.get(url('/admin/paket-soal/:id/statistik'), async () => {
      await delay('infinite');
      return HttpResponse.json({});
    }),
  notFound: () =>
    http.get(url('/admin/paket-soal/:id/statistik'), () => HttpResponse.json({ message: 'Paket soal tidak ditemukan.' }, { status: 404 })),
};
