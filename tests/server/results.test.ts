import { and, eq } from 'drizzle-orm';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_DURING_EXAM, type ReviewResponse } from '../../contract/results.ts';
import { examAttempts, examHistory, soal, users } from '../../server/db/schema.ts';
import { A4_LANDSCAPE, qrMatrix, slugify } from '../../server/services/certificate.service.ts';
import { scoreCounts } from '../../server/services/scoring.service.ts';
import { Client, adminClient, createTestApp, insertCompletePackage, type TestContext } from './helpers.ts';

const PUBLIC_URL = 'https://toefl.example.id';
let ctx: TestContext;
let paket: { id: number; keys: Map<number, string>; skills: Map<number, string> };
let admin: Client;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_PER_IP: '1000', PUBLIC_URL, APP_NAME: 'Akademi TOEFL Nusantara' });
  paket = await insertCompletePackage(ctx.database.db, { durasi: [600, 500, 900], nama: 'Paket ITP Uji' });
  admin = await adminClient(ctx);
});
afterAll(async () => ctx.close());

let phoneSeq = 0;
async function participant(nama = 'Peserta Uji') {
  phoneSeq += 1;
  const nohp = `0815${String(phoneSeq).padStart(8, '0')}`;
  const c = new Client(ctx.app);
  await c.signUpAndIn({ nohp, nama });
  const canonical = `62${nohp.slice(1)}`;
  const [row] = await ctx.database.db.select().from(users).where(eq(users.nohp, canonical));
  return { c, nohp, canonical, userId: row!.id };
}

const wrong = (key: string) => String((Number(key) % 4) + 1);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Sits the whole package through the API; `right(page)` says which answers are correct. */
async function sitExam(p: { c: Client; userId: number }, right: (page: number) => boolean) {
  const answer = (page: number) => (right(page) ? paket.keys.get(page)! : wrong(paket.keys.get(page)!));
  const expire = (column: 'listeningEndsAt' | 'writtenEndsAt') =>
    ctx.database.db
      .update(examAttempts)
      .set({ [column]: new Date(Date.now() - 10_000) })
      .where(eq(examAttempts.userId, p.userId));
  await ctx.database.db.update(users).set({ paketSoalIdAktif: paket.id }).where(eq(users.id, p.userId));
  await p.c.put('/api/soal/timers', { paketId: paket.id });
  await p.c.put('/api/soal/jawaban/draft', { index: 50, answers: Object.fromEntries(range(1, 50).map((pg) => [String(pg), answer(pg)])) });
  await expire('listeningEndsAt');
  await p.c.put('/api/soal/timers/next', {});
  const written = [...range(52, 66), ...range(68, 92)];
  await p.c.put('/api/soal/jawaban/draft', { index: 92, answers: Object.fromEntries(written.map((pg) => [String(pg), answer(pg)])) });
  await expire('writtenEndsAt');
  await p.c.put('/api/soal/timers/next', {});
  const res = await p.c.post('/api/soal/jawaban', { answers: range(94, 143).map((pg) => ({ id: pg, answer: answer(pg) })) });
  expect(res.statusCode).toBe(200);
  return res.json<{ historyId: number; certificateCode: string; toeflScore: number }>();
}

function annotationUris(pdf: PDFDocument): string[] {
  const annots = pdf.getPage(0).node.lookupMaybe(PDFName.of('Annots'), PDFArray);
  if (!annots) return [];
  return annots.asArray().map((ref) => {
    const annot = pdf.context.lookup(ref, PDFDict);
    const action = annot.lookup(PDFName.of('A'), PDFDict);
    return action.lookup(PDFName.of('URI'), PDFString).decodeText();
  });
}

describe('certificates', () => {
  it.each([
    ['Ni Luh Putu Ayu Kadek Wiryaningsih', 'ni-luh-putu-ayu-kadek-wiryaningsih'],
    ["Siti Nur'aini", 'siti-nuraini'],
    ['José Ñúñez Ramírez', 'jose-nunez-ramirez'],
  ])('renders an A4 landscape PDF for %s with name, score, QR link and a clear file name', async (nama, slug) => {
    const me = await participant(nama);
    const score = await sitExam(me, (page) => page % 3 !== 0);
    const res = await me.c.get(`/api/users/certificate/${score.historyId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [h] = await ctx.database.db.select().from(examHistory).where(eq(examHistory.id, score.historyId));
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(h!.createdAt);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="sertifikat-${slug}-${day}.pdf"`);

    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect(width).toBeCloseTo(A4_LANDSCAPE.width, 1);
    expect(height).toBeCloseTo(A4_LANDSCAPE.height, 1);
    expect(pdf.getTitle()).toContain(nama);
    expect(pdf.getSubject()).toContain(`Skor TOEFL ${score.toeflScore}`);
    expect(pdf.getKeywords()).toContain(nama);
    const url = `${PUBLIC_URL}/verifikasi/${score.certificateCode}`;
    expect(annotationUris(pdf)).toEqual([url]);
    // The drawn QR code is exactly the matrix the qrcode library makes for this URL.
    const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
    const expected = Array.from({ length: modules.size }, (_, r) =>
      Array.from({ length: modules.size }, (_, c) => Boolean(modules.get(r, c))),
    );
    expect(await qrMatrix(url)).toEqual(expected);
  });

  it('embeds the font as a subset (small file)', async () => {
    const me = await participant('Budi Santoso');
    const score = await sitExam(me, () => true);
    const res = await me.c.get(`/api/users/certificate/${score.historyId}`);
    expect(res.rawPayload.length).toBeLessThan(120_000);
  });

  it('serves the newest result at /users/lastScore/sertif, 404 with a message when there is none', async () => {
    const me = await participant('Dewi Lestari');
    const none = await me.c.get('/api/users/lastScore/sertif');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toMatch(/Belum ada hasil ujian/);
    await sitExam(me, () => false);
    const second = await sitExam(me, () => true);
    const res = await me.c.get('/api/users/lastScore/sertif');
    expect(res.statusCode).toBe(200);
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(annotationUris(pdf)).toEqual([`${PUBLIC_URL}/verifikasi/${second.certificateCode}`]);
  });

  it('is for its owner and admins only: another user 404, anonymous 401, admin 200', async () => {
    const owner = await participant('Pemilik Sertifikat');
    const other = await participant('Orang Lain');
    const { historyId } = await sitExam(owner, () => true);
    const foreign = await other.c.get(`/api/users/certificate/${historyId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Riwayat ujian tidak ditemukan.');
    expect((await new Client(ctx.app).get(`/api/users/certificate/${historyId}`)).statusCode).toBe(401);
    expect((await new Client(ctx.app).get('/api/users/lastScore/sertif')).statusCode).toBe(401);
    expect((await admin.get(`/api/users/certificate/${historyId}`)).statusCode).toBe(200);
    expect((await owner.c.get('/api/users/certificate/abc')).statusCode).toBe(400);
    expect((await owner.c.get('/api/users/certificate/999999')).statusCode).toBe(404);
  });

  it('builds the verification URL from the request when PUBLIC_URL is not set', async () => {
    const bare = await createTestApp({ LOGIN_MAX_PER_IP: '1000' });
    try {
      const c = new Client(bare.app);
      await c.signUpAndIn({ nohp: '081299990001', nama: 'Tanpa Alamat' });
      const [u] = await bare.database.db.select().from(users).where(eq(users.nohp, '6281299990001'));
      const [attempt] = await bare.database.db
        .insert(examAttempts)
        .values({ userId: u!.id, sesi: 'finished', finishedAt: new Date() })
        .returning();
      await bare.database.db.insert(examHistory).values({
        attemptId: attempt!.id,
        userId: u!.id,
        namaPaket: 'Paket X',
        listeningScore: 50,
        structureScore: 50,
        readingScore: 50,
        totalScore: 500,
        listeningCorrect: 30,
        writtenCorrect: 25,
        readingCorrect: 30,
        cefr: 'B1',
        tableVersion: 't',
        certificateCode: 'ABCDEF0123456789',
        answers: [],
      });
      const res = await c.get('/api/users/lastScore/sertif', { host: 'ujian.sekolah.id:8080' });
      expect(res.statusCode).toBe(200);
      expect(annotationUris(await PDFDocument.load(res.rawPayload))).toEqual(['http://ujian.sekolah.id:8080/verifikasi/ABCDEF0123456789']);
    } finally {
      await bare.close();
    }
  });

  it('is verified publicly by its code (any case); an unknown code is 404 with a clear message', async () => {
    const me = await participant("Siti Nur'aini");
    const score = await sitExam(me, (page) => page < 100);
    const res = await new Client(ctx.app).get(`/api/sertifikat/verify/${score.certificateCode.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      code: score.certificateCode,
      nama: "Siti Nur'aini",
      nama_paket: 'Paket ITP Uji',
      totalScore: score.toeflScore,
    });
    expect(body.tanggal).toEqual(expect.any(String));
    expect(res.body).not.toMatch(/nohp|email|628/);
    for (const code of ['0000000000000000', 'bukan-kode', "' or 1=1 --"]) {
      const missing = await new Client(ctx.app).get(`/api/sertifikat/verify/${encodeURIComponent(code)}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Sertifikat tidak ditemukan.');
    }
  });

  it('slugifies names for file names and never answers an empty slug', () => {
    expect(slugify('  ')).toBe('peserta');
    expect(slugify('李小龙')).toBe('peserta');
    expect(slugify('Ayu   Kadek__Wiryaningsih!!')).toBe('ayu-kadek-wiryaningsih');
  });
});

describe('history, review and progress', () => {
  it("lists the user's own results newest first; anonymous 401", async () => {
    const me = await participant('Rina Marlina');
    const other = await participant('Bukan Rina');
    await sitExam(other, () => true);
    const first = await sitExam(me, () => false);
    const second = await sitExam(me, (page) => page <= 50);
    const res = await me.c.get('/api/users/riwayat-ujian');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.map((h: { id: number }) => h.id)).toEqual([second.historyId, first.historyId]);
    const expected = scoreCounts(50, 0, 0);
    expect(data[0]).toMatchObject({
      nama_paket: 'Paket ITP Uji',
      listeningScore: expected.scoreListening,
      structureScore: expected.scoreWritten,
      readingScore: expected.scoreReading,
      totalScore: expected.toeflScore,
      listening_correct: 50,
      written_correct: 0,
      reading_correct: 0,
      cefr: expected.cefr,
      certificateCode: second.certificateCode,
    });
    expect((await new Client(ctx.app).get('/api/users/riwayat-ujian')).statusCode).toBe(401);
  });

  it('reviews a finished attempt with keys, answers, explanations and passages; others get 404', async () => {
    const me = await participant('Agus Salim');
    const other = await participant('Penyusup');
    const { historyId } = await sitExam(me, (page) => page % 2 === 0);
    const res = await me.c.get(`/api/users/riwayat-ujian/${historyId}/review`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const body = res.json();
    expect(body.history.id).toBe(historyId);
    expect(body.questions).toHaveLength(140);
    const q2 = body.questions.find((q: { page: number }) => q.page === 2);
    expect(q2).toMatchObject({
      section: 'listening',
      no_soal: 2,
      jawaban: paket.keys.get(2),
      answer: paket.keys.get(2),
      correct: true,
      pembahasan: 'Rahasia pembahasan',
    });
    const q3 = body.questions.find((q: { page: number }) => q.page === 3);
    expect(q3).toMatchObject({ correct: false, answer: wrong(paket.keys.get(3)!) });
    const r = body.questions.find((q: { page: number }) => q.page === 95);
    expect(r.readingQuestion).toMatchObject({ nama: 'Bacaan', html: '<p>Teks bacaan.</p>' });

    expect((await other.c.get(`/api/users/riwayat-ujian/${historyId}/review`)).statusCode).toBe(404);
    expect((await new Client(ctx.app).get(`/api/users/riwayat-ujian/${historyId}/review`)).statusCode).toBe(401);
    expect((await admin.get(`/api/users/riwayat-ujian/${historyId}/review`)).statusCode).toBe(200);
  });

  it('sends transcripts, spoken questions and clips only in the review of a finished attempt, never during the exam', async () => {
    const db = ctx.database.db;
    const clip = (no: number, audio: string) =>
      db
        .update(soal)
        .set({ audio })
        .where(and(eq(soal.paketSoalId, paket.id), eq(soal.section, 'listening'), eq(soal.noSoal, no)));
    await clip(1, 'klip-1.mp3');
    await clip(31, 'klip-31.mp3');
    const me = await participant('Dengar Ulang');
    await db.update(users).set({ paketSoalIdAktif: paket.id }).where(eq(users.id, me.userId));
    await me.c.put('/api/soal/timers', { paketId: paket.id });
    const during = await me.c.get('/api/soal');
    expect(during.statusCode).toBe(200);
    expect(during.json().soal).toHaveLength(140);
    expect(during.body).not.toMatch(/Transkrip rahasia|Pertanyaan rahasia|transcript|spoken_question|Rahasia pembahasan/);

    const { historyId } = await sitExam(me, (page) => page === 1);
    const body = (await me.c.get(`/api/users/riwayat-ujian/${historyId}/review`)).json<ReviewResponse>();
    const at = (page: number) => body.questions.find((q) => q.page === page)!;
    expect(at(1)).toMatchObject({
      skill: paket.skills.get(1),
      correct: true,
      listening: { audio: '/api/media/klip-1.mp3', transcript: 'Transkrip rahasia 1', spoken_question: 'Pertanyaan rahasia 1' },
    });
    // A group member plays its head's clip but keeps its own spoken question.
    expect(at(33).listening).toEqual({
      audio: '/api/media/klip-31.mp3',
      transcript: 'Transkrip rahasia 33',
      spoken_question: 'Pertanyaan rahasia 33',
    });
    expect(at(2).listening!.audio).toBeNull();
    expect(at(52)).toMatchObject({ skill: paket.skills.get(52), listening: null });

    // A retake of the same package is running: the earlier review would answer it.
    await db.update(users).set({ paketSoalIdAktif: paket.id }).where(eq(users.id, me.userId));
    expect((await me.c.put('/api/soal/timers', { paketId: paket.id })).json().sesi).toBe('listening');
    const blocked = await me.c.get(`/api/users/riwayat-ujian/${historyId}/review`);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(REVIEW_DURING_EXAM);
    expect((await me.c.get('/api/soal')).body).not.toMatch(/Transkrip rahasia|Pertanyaan rahasia/);

    const stranger = await participant('Ingin Tahu');
    const refused = await stranger.c.get(`/api/users/riwayat-ujian/${historyId}/review`);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toMatch(/Transkrip rahasia|Rahasia pembahasan/);
  });

  it('never reveals keys of an unfinished attempt: no history row means nothing to review', async () => {
    const me = await participant('Sedang Ujian');
    await ctx.database.db.update(users).set({ paketSoalIdAktif: paket.id }).where(eq(users.id, me.userId));
    await me.c.put('/api/soal/timers', { paketId: paket.id });
    const progress = (await me.c.get('/api/users/progress')).json();
    expect(progress).toEqual({ attempts: [], diagnostics: null });
    expect((await me.c.get('/api/users/riwayat-ujian')).json()).toEqual({ data: [] });
  });

  it('charts every attempt oldest first and diagnoses the newest one by part with a suggestion', async () => {
    const me = await participant('Wayan Sudarma');
    const first = await sitExam(me, () => true);
    // Newest: all listening part A right, B/C wrong; structure right, written half; reading right.
    const second = await sitExam(me, (page) => page <= 30 || (page >= 52 && page <= 66) || (page >= 68 && page <= 80) || page >= 94);
    const res = await me.c.get('/api/users/progress');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.attempts.map((a: { id: number }) => a.id)).toEqual([first.historyId, second.historyId]);
    expect(body.diagnostics.historyId).toBe(second.historyId);
    const parts = Object.fromEntries(
      body.diagnostics.parts.map((p: { key: string; correct: number; total: number }) => [p.key, [p.correct, p.total]]),
    );
    expect(parts).toEqual({ listeningA: [30, 30], listeningBC: [0, 20], structure: [15, 15], written: [13, 25], reading: [50, 50] });
    expect(body.diagnostics.weakest.key).toBe('listeningBC');
    expect(body.diagnostics.suggestion).toMatch(/Listening Part B dan C/);
    expect(res.body).not.toMatch(/jawaban|pembahasan/);
  });
});

describe('admin history', () => {
  it('lists everyone with user name and phone, searches, filters by date and pages; CSV with the same filters', async () => {
    const a = await participant('Kadek "Komang", Ayu');
    const b = await participant('=HYPERLINK("x")');
    await sitExam(a, () => true);
    await sitExam(b, () => false);
    const all = (await admin.get('/api/admin/riwayat-ujian?limit=100')).json();
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.data[0].user).toEqual({ nama: '=HYPERLINK("x")', nohp: b.canonical });

    const byName = (await admin.get(`/api/admin/riwayat-ujian?q=${encodeURIComponent('komang')}`)).json();
    expect(byName.data.map((r: { user: { nohp: string } }) => r.user.nohp)).toEqual([a.canonical]);
    const byPhone = (await admin.get(`/api/admin/riwayat-ujian?q=${a.nohp}`)).json();
    expect(byPhone.total).toBe(1);
    const byPaket = (await admin.get('/api/admin/riwayat-ujian?q=ITP%20Uji&limit=1&page=2')).json();
    expect(byPaket).toMatchObject({ page: 2, limit: 1, total: all.total });
    expect(byPaket.data).toHaveLength(1);

    // Counted from the listed dates, not assumed to be all of them: results of earlier tests in this
    // file fall on the day before when a run passes midnight in Jakarta (17:00 UTC).
    const jakartaDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(at);
    const today = jakartaDay(new Date());
    const finishedToday = all.data.filter((r: { tanggal: string }) => jakartaDay(new Date(r.tanggal)) === today).length;
    expect(finishedToday).toBeGreaterThanOrEqual(1);
    expect((await admin.get(`/api/admin/riwayat-ujian?from=${today}&to=${today}`)).json().total).toBe(finishedToday);
    expect((await admin.get('/api/admin/riwayat-ujian?to=2000-01-01')).json()).toMatchObject({ total: 0, data: [] });
    const bad = await admin.get('/api/admin/riwayat-ujian?from=kemarin');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Tanggal awal harus berformat YYYY-MM-DD.');

    const csv = await admin.get(`/api/admin/riwayat-ujian.csv?q=${encodeURIComponent('komang')}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="riwayat-ujian-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.rawPayload.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Tanggal,Nama,No HP,Paket,Listening,Structure,Reading,Total,Listening Benar,Written Benar,Reading Benar,CEFR,Kode Sertifikat',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,"Kadek ""Komang"", Ayu",${a.canonical},Paket ITP Uji,`);
    const formula = (await admin.get(`/api/admin/riwayat-ujian.csv?q=${encodeURIComponent('HYPERLINK')}`)).rawPayload.toString('utf8');
    expect(formula).toContain(`,"'=HYPERLINK(""x"")",`);
  });

  it('is for admins only', async () => {
    const me = await participant();
    expect((await me.c.get('/api/admin/riwayat-ujian')).statusCode).toBe(403);
    expect((await me.c.get('/api/admin/riwayat-ujian.csv')).statusCode).toBe(403);
    expect((await new Client(ctx.app).get('/api/admin/riwayat-ujian')).statusCode).toBe(401);
  });
});
