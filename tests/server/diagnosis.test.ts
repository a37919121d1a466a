import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageOf } from '../../machines/exam-layout.ts';
import { examAttempts, examHistory, users } from '../../server/db/schema.ts';
import { scoreCounts } from '../../server/services/scoring.service.ts';
import { Client, createTestApp, insertCompletePackage, type TestContext } from './helpers.ts';

type Section = 'listening' | 'structure' | 'written' | 'reading';

/**
 * The fixture: every question's skill is fixed by number, so the expected counts below are
 * written out by hand rather than computed by the code under test.
 */
const SKILL_BY_NUMBER: Record<Section, [to: number, skill: string][]> = {
  listening: [
    [4, 'la-paraphrase'], // 1-4
    [7, 'la-idiom'], // 5-7: three items, below the judging threshold
    [50, 'lc-detail'], // 8-50
  ],
  structure: [[15, 'st-inversion']],
  written: [
    [20, 'we-parallel'], // 16-20
    [40, 'we-agreement'], // 21-40
  ],
  reading: [
    [9, 'rd-vocabulary'], // 1-9
    [16, 'rd-inference'], // 10-16
    [50, 'rd-detail'], // 17-50
  ],
};
const skillOf = (section: Section, no: number) => SKILL_BY_NUMBER[section].find(([to]) => no <= to)![1];

/** Which questions the first attempt gets right (by section and number); '-1' marks unanswered. */
function firstAttemptRight(section: Section, no: number): boolean | 'unanswered' {
  if (section === 'listening') return no === 1 || no >= 8; // paraphrase 1/4, idiom 0/3, detail 43/43
  if (section === 'structure') return no <= 12; // inversion 12/15
  if (section === 'written') return no === 16 || no >= 26; // parallel 1/5, agreement 15/20
  if (no <= 16) return false; // vocabulary 0/9, inference 0/7
  return no <= 46 ? true : 'unanswered'; // detail 30/34, four left blank
}

let ctx: TestContext;
let paket: { id: number; keys: Map<number, string> };
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_PER_IP: '1000' });
  paket = await insertCompletePackage(ctx.database.db, { skillOf, nama: 'Paket Diagnosis' });
});
afterAll(async () => ctx.close());

let phoneSeq = 0;
async function learner() {
  phoneSeq += 1;
  const nohp = `0816${String(phoneSeq).padStart(8, '0')}`;
  const c = new Client(ctx.app);
  await c.signUpAndIn({ nohp });
  const [row] = await ctx.database.db
    .select()
    .from(users)
    .where(eq(users.nohp, `62${nohp.slice(1)}`));
  return { c, userId: row!.id };
}

const wrong = (key: string) => String((Number(key) % 4) + 1);
const SECTION_SIZES: [Section, number, number][] = [
  ['listening', 1, 50],
  ['structure', 1, 15],
  ['written', 16, 40],
  ['reading', 1, 50],
];

/** Stores a finished attempt with these answers, as the exam's final submission does. */
async function storeAttempt(userId: number, right: (section: Section, no: number) => boolean | 'unanswered', at: Date) {
  const answers: { id: number; answer: string }[] = [];
  const counts = { listening: 0, written: 0, reading: 0 };
  for (const [section, first, last] of SECTION_SIZES) {
    for (let no = first; no <= last; no++) {
      const page = pageOf(section, no);
      const key = paket.keys.get(page)!;
      const r = right(section, no);
      answers.push({ id: page, answer: r === 'unanswered' ? '-1' : r ? key : wrong(key) });
      if (r === true) counts[section === 'structure' ? 'written' : section] += 1;
    }
  }
  const s = scoreCounts(counts.listening, counts.written, counts.reading);
  const [attempt] = await ctx.database.db
    .insert(examAttempts)
    .values({ userId, paketSoalId: paket.id, sesi: 'finished', finishedAt: at })
    .returning();
  const [h] = await ctx.database.db
    .insert(examHistory)
    .values({
      attemptId: attempt!.id,
      userId,
      paketSoalId: paket.id,
      namaPaket: 'Paket Diagnosis',
      listeningScore: s.scoreListening,
      structureScore: s.scoreWritten,
      readingScore: s.scoreReading,
      totalScore: s.toeflScore,
      listeningCorrect: s.listeningCorrect,
      writtenCorrect: s.writtenCorrect,
      readingCorrect: s.readingCorrect,
      cefr: s.cefr,
      tableVersion: s.tableVersion,
      certificateCode: `D${String(attempt!.id).padStart(15, '0')}`,
      answers,
      createdAt: at,
    })
    .returning();
  return h!;
}

const row = (skill: string, section: Section, correct: number, total: number) => ({ skill, section, correct, total, judged: total >= 4 });

describe('diagnosis by skill', () => {
  it('counts one attempt per skill from its stored answers, judges from 4 responses, names the three weakest with links', async () => {
    const me = await learner();
    const h = await storeAttempt(me.userId, firstAttemptRight, new Date('2026-11-01T03:00:00Z'));
    const res = await me.c.get(`/api/users/diagnosis?historyId=${h.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const body = res.json();
    expect(body).toMatchObject({ historyId: h.id, attempts: 1, minResponses: 4 });
    expect(body.skills).toEqual([
      row('la-paraphrase', 'listening', 1, 4),
      row('la-idiom', 'listening', 0, 3),
      row('lc-detail', 'listening', 43, 43),
      row('st-inversion', 'structure', 12, 15),
      row('we-agreement', 'written', 15, 20),
      row('we-parallel', 'written', 1, 5),
      row('rd-detail', 'reading', 30, 34),
      row('rd-vocabulary', 'reading', 0, 9),
      row('rd-inference', 'reading', 0, 7),
    ]);
    expect(body.skills.find((s: { skill: string }) => s.skill === 'la-idiom').judged).toBe(false);
    expect(body.skills.find((s: { skill: string }) => s.skill === 'la-paraphrase').judged).toBe(true);
    // 0/9 and 0/7 tie at 0%: more responses first. la-idiom (0/3) is not judged, so not listed.
    expect(body.weakest).toEqual([
      {
        ...row('rd-vocabulary', 'reading', 0, 9),
        reviewUrl: `/riwayat-ujian/${h.id}/pembahasan?skill=rd-vocabulary`,
        drillUrl: '/latihan?skill=rd-vocabulary',
      },
      {
        ...row('rd-inference', 'reading', 0, 7),
        reviewUrl: `/riwayat-ujian/${h.id}/pembahasan?skill=rd-inference`,
        drillUrl: '/latihan?skill=rd-inference',
      },
      {
        ...row('we-parallel', 'written', 1, 5),
        reviewUrl: `/riwayat-ujian/${h.id}/pembahasan?skill=we-parallel`,
        drillUrl: '/latihan?skill=we-parallel',
      },
    ]);
    // Per-section CEFR of this attempt, computed from its section scores.
    const s = scoreCounts(44, 28, 30);
    expect(body.history).toMatchObject({
      id: h.id,
      totalScore: s.toeflScore,
      cefr: s.cefr,
      cefrListening: s.cefrListening,
      cefrWritten: s.cefrWritten,
      cefrReading: s.cefrReading,
      retake: false,
    });
  });

  it('over all attempts adds the counts; a retake of the package is marked; review links point at the attempt with misses', async () => {
    const me = await learner();
    const first = await storeAttempt(me.userId, firstAttemptRight, new Date('2026-11-01T03:00:00Z'));
    const second = await storeAttempt(me.userId, () => true, new Date('2026-11-08T03:00:00Z'));
    const res = await me.c.get('/api/users/diagnosis');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ historyId: null, attempts: 2 });
    expect(body.history).toMatchObject({ id: second.id, retake: true });
    expect(body.skills).toEqual([
      row('la-paraphrase', 'listening', 5, 8),
      row('la-idiom', 'listening', 3, 6),
      row('lc-detail', 'listening', 86, 86),
      row('st-inversion', 'structure', 27, 30),
      row('we-agreement', 'written', 35, 40),
      row('we-parallel', 'written', 6, 10),
      row('rd-detail', 'reading', 64, 68),
      row('rd-vocabulary', 'reading', 9, 18),
      row('rd-inference', 'reading', 7, 14),
    ]);
    // Three skills at 50%: most responses first. la-idiom now has 6 responses and is judged.
    expect(body.weakest.map((w: { skill: string; reviewUrl: string }) => [w.skill, w.reviewUrl])).toEqual([
      ['rd-vocabulary', `/riwayat-ujian/${first.id}/pembahasan?skill=rd-vocabulary`],
      ['rd-inference', `/riwayat-ujian/${first.id}/pembahasan?skill=rd-inference`],
      ['la-idiom', `/riwayat-ujian/${first.id}/pembahasan?skill=la-idiom`],
    ]);

    const history = (await me.c.get('/api/users/riwayat-ujian')).json().data;
    expect(history.map((x: { id: number; retake: boolean }) => [x.id, x.retake])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    const progress = (await me.c.get('/api/users/progress')).json();
    expect(progress.attempts.map((x: { retake: boolean }) => x.retake)).toEqual([false, true]);
    const review = (await me.c.get(`/api/users/riwayat-ujian/${second.id}/review`)).json();
    expect(review.history.retake).toBe(true);
  });

  it('a perfect attempt names no weak skill; a learner without attempts gets an empty diagnosis', async () => {
    const me = await learner();
    const empty = (await me.c.get('/api/users/diagnosis')).json();
    expect(empty).toEqual({ historyId: null, attempts: 0, minResponses: 4, history: null, skills: [], weakest: [] });
    const h = await storeAttempt(me.userId, () => true, new Date('2026-11-02T03:00:00Z'));
    const body = (await me.c.get(`/api/users/diagnosis?historyId=${h.id}`)).json();
    expect(body.weakest).toEqual([]);
    expect(body.history).toMatchObject({ cefr: 'C1', cefrListening: 'C1', cefrWritten: 'C1', cefrReading: 'C1', nearChance: false });
  });

  it("refuses another learner's attempt and unknown ids in Indonesian; anonymous 401; a bad id 400", async () => {
    const owner = await learner();
    const other = await learner();
    const h = await storeAttempt(owner.userId, firstAttemptRight, new Date('2026-11-03T03:00:00Z'));
    // The other learner sits the same package: not a retake of the owner's attempt.
    const theirs = await storeAttempt(other.userId, () => true, new Date('2026-11-04T03:00:00Z'));
    const refused = await other.c.get(`/api/users/diagnosis?historyId=${h.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Riwayat ujian tidak ditemukan.');
    expect(refused.body).not.toContain('rd-vocabulary');
    const unknown = await owner.c.get('/api/users/diagnosis?historyId=999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Riwayat ujian tidak ditemukan.');
    const bad = await owner.c.get('/api/users/diagnosis?historyId=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/tidak valid/);
    expect((await new Client(ctx.app).get('/api/users/diagnosis')).statusCode).toBe(401);
    // The other learner's own aggregate holds only their attempt.
    const mine = (await other.c.get('/api/users/diagnosis')).json();
    expect(mine).toMatchObject({ attempts: 1, history: { id: theirs.id, retake: false } });
  });

  it('labels a near-chance attempt BELOW_A2 (Reading excepted: its A2 cut is the scale floor) and says so', async () => {
    const me = await learner();
    const h = await storeAttempt(me.userId, () => false, new Date('2026-11-05T03:00:00Z'));
    const item = (await me.c.get('/api/users/riwayat-ujian')).json().data[0];
    expect(item).toMatchObject({
      id: h.id,
      totalScore: 310,
      cefr: 'BELOW_A2',
      cefrListening: 'BELOW_A2',
      cefrWritten: 'BELOW_A2',
      // ETS's Reading A2 minimum is 31, the lowest reading score there is.
      cefrReading: 'A2',
      nearChance: true,
    });
    const verify = (await new Client(ctx.app).get(`/api/sertifikat/verify/${h.certificateCode}`)).json();
    expect(verify).toMatchObject({ cefr: 'BELOW_A2', cefrListening: 'BELOW_A2', nearChance: true });
    // The certificate names the band in Indonesian, never 'A1'.
    const pdf = await me.c.get(`/api/users/certificate/${h.id}`);
    expect(pdf.statusCode).toBe(200);
    const subject = (await PDFDocument.load(pdf.rawPayload)).getSubject();
    expect(subject).toContain('Skor TOEFL 310 (CEFR Di bawah A2)');
    expect(subject).not.toMatch(/A1\b/);
  });
});
