import { eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examAttempts, paketSoal, payments, soal, users } from '../../server/db/schema.ts';
import { scoreCounts } from '../../server/services/scoring.service.ts';
import { adminClient, Client, createTestApp, fixture, insertCompletePackage, multipart, uniquePhone, type TestContext } from './helpers.ts';

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_PER_IP: '1000' });
  admin = await adminClient(ctx);
});
afterAll(async () => ctx.close());

const RUNNING = (n: number) =>
  `Paket ini sedang dikerjakan oleh ${n} peserta. Soal, bacaan, audio, dan durasinya tidak dapat diubah sampai ujian mereka selesai, ` +
  'agar ujian yang sedang berjalan tidak rusak. Untuk memperbaiki sekarang: salin paket ini, perbaiki salinannya, ' +
  'tandai salinan siap, lalu arsipkan paket ini.';
const PENDING =
  'Paket ini memiliki 1 pembayaran yang menunggu verifikasi, sehingga belum dapat diarsipkan. Konfirmasi atau tolak pembayaran itu terlebih dahulu.';
const ARCHIVED = 'Paket soal ini sudah diarsipkan, sehingga tidak dapat dibeli atau dikonfirmasi.';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

async function learner(paketId: number | null) {
  const c = new Client(ctx.app);
  const nohp = uniquePhone();
  await c.signUpAndIn({ nohp });
  const [row] = await ctx.database.db
    .select()
    .from(users)
    .where(eq(users.nohp, `62${nohp.slice(1)}`));
  if (paketId) await ctx.database.db.update(users).set({ paketSoalIdAktif: paketId }).where(eq(users.id, row!.id));
  return { c, userId: row!.id };
}

/** Sits the rest of the package from listening through reading; every answer right. */
async function finish(p: { c: Client; userId: number }, keys: Map<number, string>) {
  const expire = (column: 'listeningEndsAt' | 'writtenEndsAt') =>
    ctx.database.db
      .update(examAttempts)
      .set({ [column]: new Date(Date.now() - 10_000) })
      .where(eq(examAttempts.userId, p.userId));
  await p.c.put('/api/soal/jawaban/draft', {
    index: 50,
    answers: Object.fromEntries(range(1, 50).map((pg) => [String(pg), keys.get(pg)])),
  });
  await expire('listeningEndsAt');
  await p.c.put('/api/soal/timers/next', {});
  const written = [...range(52, 66), ...range(68, 92)];
  await p.c.put('/api/soal/jawaban/draft', { index: 92, answers: Object.fromEntries(written.map((pg) => [String(pg), keys.get(pg)])) });
  await expire('writtenEndsAt');
  await p.c.put('/api/soal/timers/next', {});
  const res = await p.c.post('/api/soal/jawaban', { answers: range(94, 143).map((pg) => ({ id: pg, answer: keys.get(pg)! })) });
  expect(res.statusCode).toBe(200);
  return res.json<{ historyId: number; certificateCode: string; toeflScore: number }>();
}

const questionsOf = async (paketId: number) => ctx.database.db.select().from(soal).where(eq(soal.paketSoalId, paketId));

describe('a running attempt', () => {
  it('refuses every change to the content it reads, answers the exam whole, and lets edits through once it finished', async () => {
    const paket = await insertCompletePackage(ctx.database.db, { durasi: [600, 500, 900], nama: 'Paket Sedang Dikerjakan' });
    const me = await learner(paket.id);
    expect((await me.c.put('/api/soal/timers', { paketId: paket.id })).json().sesi).toBe('listening');
    const rows = await questionsOf(paket.id);
    const structure = rows.find((r) => r.section === 'structure')!;
    const reading = rows.find((r) => r.section === 'reading')!;
    const listening = rows.find((r) => r.section === 'listening' && r.noSoal === 1)!;
    const before = (await me.c.get('/api/soal')).body;

    const structureBody = {
      no_soal: structure.noSoal,
      page: structure.page,
      soal: 'Diubah',
      pilihan_satu: 'A',
      pilihan_dua: 'B',
      pilihan_tiga: 'C',
      pilihan_empat: 'D',
      jawaban: '1',
      skill: structure.skill,
    };
    const audio = multipart(
      {
        no_soal: 1,
        page: 1,
        pilihan_satu: 'A',
        pilihan_dua: 'B',
        pilihan_tiga: 'C',
        pilihan_empat: 'D',
        jawaban: '1',
        skill: listening.skill,
      },
      { audio: { filename: 'a.mp3', content: fixture('tone.mp3'), type: 'audio/mpeg' } },
    );
    const passage = multipart({ nama: 'Bacaan Baru', html: '<p>Teks baru.</p>' });
    const attempts = [
      () => admin.put(`/api/admin/paket-soal/soal-structure/${structure.id}`, structureBody),
      () => admin.delete(`/api/admin/paket-soal/soal/${structure.id}`),
      () => admin.request({ method: 'PUT', url: `/api/admin/paket-soal/${listening.id}/soal-listening`, ...audio }),
      () => admin.request({ method: 'PUT', url: `/api/admin/paket-soal/question-reading/${reading.qReading}`, ...passage }),
      () => admin.request({ method: 'POST', url: `/api/admin/paket-soal/${paket.id}/question-reading`, ...passage }),
      () => admin.delete(`/api/admin/paket-soal/soal-reading/${reading.qReading}`),
      () => admin.post(`/api/admin/paket-soal/${paket.id}/soal-structure`, { ...structureBody, no_soal: 15, page: 66 }),
      () => admin.put(`/api/admin/paket-soal/${paket.id}`, { nama_paket: 'Paket Sedang Dikerjakan', durasi_reading: 60 }),
      () =>
        admin.request({
          method: 'POST',
          url: `/api/admin/paket-soal/${paket.id}/import`,
          ...multipart({}, { file: { filename: 'soal.csv', content: Buffer.from('section,no_soal\nstructure,1\n') } }),
        }),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(RUNNING(1));
    }
    const archive = await admin.delete(`/api/admin/paket-soal/${paket.id}`);
    expect(archive.statusCode).toBe(409);
    expect(archive.json().message).toMatch(/^Paket ini sedang dikerjakan oleh 1 peserta, sehingga belum dapat diarsipkan/);

    // Name and price are not part of the sitting.
    const rename = await admin.put(`/api/admin/paket-soal/${paket.id}`, { nama_paket: 'Paket Berganti Nama', harga: 0 });
    expect(rename.statusCode).toBe(200);
    expect(rename.json().data).toMatchObject({ status: 'siap', archived_at: null });

    const after = await me.c.get('/api/soal');
    expect(after.json().soal).toHaveLength(140);
    expect(after.body.replace('Paket Berganti Nama', 'Paket Sedang Dikerjakan')).toBe(before);
    expect(await questionsOf(paket.id)).toEqual(rows);

    const score = await finish(me, paket.keys);
    expect(score.toeflScore).toBe(scoreCounts(50, 40, 50).toeflScore);
    const freed = await admin.put(`/api/admin/paket-soal/soal-structure/${structure.id}`, structureBody);
    expect(freed.statusCode).toBe(200);
  });

  it('keeps protecting a package whose learner left in the middle, counting each learner', async () => {
    const paket = await insertCompletePackage(ctx.database.db, { nama: 'Paket Ditinggal' });
    for (let i = 0; i < 2; i++) {
      const p = await learner(paket.id);
      await p.c.put('/api/soal/timers', { paketId: paket.id });
      await ctx.database.db
        .update(examAttempts)
        .set({ listeningEndsAt: new Date(Date.now() - 3_600_000) })
        .where(eq(examAttempts.userId, p.userId));
    }
    const [q] = await questionsOf(paket.id);
    const res = await admin.delete(`/api/admin/paket-soal/soal/${q!.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(RUNNING(2));
  });

  it('asks a learner holding a package whose content was removed to wait instead of starting it incomplete', async () => {
    const paket = await insertCompletePackage(ctx.database.db, { nama: 'Paket Diperbaiki' });
    const me = await learner(paket.id);
    const [q] = await questionsOf(paket.id);
    expect((await admin.delete(`/api/admin/paket-soal/soal/${q!.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/admin/paket-soal/${paket.id}`)).json().data.status).toBe('belum');
    const start = await me.c.put('/api/soal/timers', { paketId: paket.id });
    expect(start.statusCode).toBe(409);
    expect(start.json().message).toBe('Paket ini sedang diperbaiki oleh admin, sehingga belum dapat dimulai. Silakan coba lagi nanti.');
    expect(await ctx.database.db.select().from(examAttempts).where(eq(examAttempts.userId, me.userId))).toHaveLength(0);
  });

  it('never lets a start and a question delete sent together both succeed: the attempt always sits all 140', async () => {
    const outcomes = { started: 0, deleted: 0 };
    for (let round = 0; round < 8; round++) {
      const paket = await insertCompletePackage(ctx.database.db, { nama: `Paket Balapan ${round}` });
      const me = await learner(paket.id);
      const [q] = await questionsOf(paket.id);
      const [start, removal] = await Promise.all([
        me.c.put('/api/soal/timers', { paketId: paket.id }),
        admin.delete(`/api/admin/paket-soal/soal/${q!.id}`),
      ]);
      expect([start.statusCode, removal.statusCode].sort(), `round ${round}`).toEqual([200, 409]);
      if (start.statusCode === 200) {
        outcomes.started++;
        expect((await me.c.get('/api/soal')).json().soal).toHaveLength(140);
      } else {
        outcomes.deleted++;
        expect(start.json().message).toMatch(/sedang diperbaiki oleh admin/);
        expect((await admin.get(`/api/admin/paket-soal/${paket.id}`)).json().data.status).toBe('belum');
      }
    }
    // Which one wins is up to the scheduler; the rule is that never both do.
    expect(outcomes.started + outcomes.deleted).toBe(8);
  });
});

describe('archiving a package', () => {
  const proof = (c: Client, paketId: number) => {
    const body = multipart(
      { paket_soal_id: paketId },
      { bukti: { filename: 'bukti.png', content: fixture('red.png'), type: 'image/png' } },
    );
    return c.request({ method: 'POST', url: '/api/payment/upload', ...body });
  };

  it('is refused while a payment is pending or confirmed and unused, and allowed once it is decided and used', async () => {
    const paket = await insertCompletePackage(ctx.database.db, { harga: 50_000, nama: 'Paket Berbayar' });
    const buyer = await learner(null);
    const paid = await proof(buyer.c, paket.id);
    expect(paid.statusCode).toBe(201);
    const paymentId = paid.json().data.id as number;

    const whilePending = await admin.delete(`/api/admin/paket-soal/${paket.id}`);
    expect(whilePending.statusCode).toBe(409);
    expect(whilePending.json().message).toBe(PENDING);

    expect((await admin.put(`/api/admin/payments/${paymentId}/status`, { status: 'confirmed' })).statusCode).toBe(200);
    const unused = await admin.delete(`/api/admin/paket-soal/${paket.id}`);
    expect(unused.statusCode).toBe(409);
    expect(unused.json().message).toBe(
      'Paket ini sudah dibayar atau diaktifkan oleh 1 peserta yang belum mengerjakannya, sehingga belum dapat diarsipkan.',
    );
    expect((await ctx.database.db.select().from(paketSoal).where(eq(paketSoal.id, paket.id)))[0]!.archivedAt).toBeNull();

    await buyer.c.put('/api/soal/timers', { paketId: paket.id });
    const score = await finish(buyer, paket.keys);
    const archived = await admin.delete(`/api/admin/paket-soal/${paket.id}`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data.archived_at).toEqual(expect.any(String));

    // Hidden from learners and from sale.
    const anon = new Client(ctx.app);
    expect((await anon.get('/api/paket-soal')).json().data.map((p: { id: number }) => p.id)).not.toContain(paket.id);
    expect((await anon.get(`/api/paket-soal/${paket.id}`)).statusCode).toBe(404);
    const other = await learner(null);
    const late = await proof(other.c, paket.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ARCHIVED);
    expect((await other.c.get(`/api/users/cek-akses/${paket.id}`)).statusCode).toBe(404);

    // History, certificate, review and verification outlive the archive.
    expect((await buyer.c.get('/api/users/riwayat-ujian')).json().data[0]).toMatchObject({ nama_paket: 'Paket Berbayar' });
    expect((await buyer.c.get(`/api/users/riwayat-ujian/${score.historyId}/review`)).statusCode).toBe(200);
    const cert = await buyer.c.get(`/api/users/certificate/${score.historyId}`);
    expect(cert.statusCode).toBe(200);
    expect(cert.headers['content-type']).toMatch(/pdf/);
    expect((await anon.get(`/api/sertifikat/verify/${score.certificateCode}`)).json()).toMatchObject({ nama_paket: 'Paket Berbayar' });

    // Restorable.
    expect((await admin.post(`/api/admin/paket-soal/${paket.id}/restore`)).statusCode).toBe(200);
    expect((await anon.get('/api/paket-soal')).json().data.map((p: { id: number }) => p.id)).toContain(paket.id);
  });

  it('keeps the media, and a payment that reached an archived package cannot be confirmed', async () => {
    const created = await admin.post('/api/admin/paket-soal', { nama_paket: 'Paket Audio', harga: 10_000 });
    const id = created.json().data.id as number;
    const body = multipart(
      {
        no_soal: 1,
        page: 1,
        pilihan_satu: 'A',
        pilihan_dua: 'B',
        pilihan_tiga: 'C',
        pilihan_empat: 'D',
        jawaban: '1',
        skill: 'la-paraphrase',
      },
      { audio: { filename: 'a.mp3', content: fixture('tone.mp3'), type: 'audio/mpeg' } },
    );
    const q = await admin.request({ method: 'POST', url: `/api/admin/paket-soal/${id}/soal-listening`, ...body });
    expect(q.statusCode).toBe(201);
    const audioUrl = q.json().data.audio as string;
    expect((await admin.delete(`/api/admin/paket-soal/${id}`)).statusCode).toBe(200);
    expect(existsSync(path.join(ctx.app.storage.dir, audioUrl.split('/').pop()!))).toBe(true);
    expect((await admin.get(audioUrl)).rawPayload.equals(fixture('tone.mp3'))).toBe(true);

    // An upload that raced the archive: the payment stays pending, for the admin to reject.
    const buyer = await learner(null);
    const [payment] = await ctx.database.db
      .insert(payments)
      .values({ userId: buyer.userId, paketSoalId: id, namaPaket: 'Paket Audio', bukti: 'x', amount: 10_000 })
      .returning();
    const confirm = await admin.put(`/api/admin/payments/${payment!.id}/status`, { status: 'confirmed' });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().message).toBe(ARCHIVED);
    const [row] = await ctx.database.db.select().from(payments).where(eq(payments.id, payment!.id));
    expect(row).toMatchObject({ status: 'pending', decidedAt: null });
    const [holder] = await ctx.database.db.select().from(users).where(eq(users.id, buyer.userId));
    expect(holder!.paketSoalIdAktif).toBeNull();
    const reject = await admin.put(`/api/admin/payments/${payment!.id}/status`, {
      status: 'rejected',
      alasanPenolakan: 'Paket diarsipkan.',
    });
    expect(reject.statusCode).toBe(200);
    // Reopened, it could never be confirmed: the rejection stays.
    const reopen = await admin.post(`/api/admin/payments/${payment!.id}/reopen`);
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toBe(ARCHIVED);
    const [still] = await ctx.database.db.select().from(payments).where(eq(payments.id, payment!.id));
    expect(still!.status).toBe('rejected');
  });
});
