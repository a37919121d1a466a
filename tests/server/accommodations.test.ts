import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, examAttempts, examHistory, practiceResponses, users } from '../../server/db/schema.ts';
import { adminClient, Client, createTestApp, insertCompletePackage, type TestContext } from './helpers.ts';

let ctx: TestContext;
let admin: Client;
let paket: { id: number; keys: Map<number, string> };
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_PER_IP: '1000' });
  admin = await adminClient(ctx);
  // Section lengths 20, 25 and 30 minutes.
  paket = await insertCompletePackage(ctx.database.db, { durasi: [1200, 1500, 1800] });
});
afterAll(async () => ctx.close());

let seq = 0;
async function learner(active: boolean = true) {
  seq += 1;
  const nohp = `0815${String(seq).padStart(8, '0')}`;
  const c = new Client(ctx.app);
  await c.signUpAndIn({ nohp, password: 'rahasia123' });
  const canonical = `62${nohp.slice(1)}`;
  if (active) await ctx.database.db.update(users).set({ paketSoalIdAktif: paket.id }).where(eq(users.nohp, canonical));
  const [row] = await ctx.database.db.select().from(users).where(eq(users.nohp, canonical));
  return { c, nohp, canonical, userId: row!.id };
}

async function attemptOf(userId: number) {
  const rows = await ctx.database.db.select().from(examAttempts).where(eq(examAttempts.userId, userId));
  return rows.sort((a, b) => b.id - a.id)[0]!;
}

const minutes = (ms: number) => ms / 60_000;

describe('Data User accounts', () => {
  it('lists and counts learners only', async () => {
    await learner(false);
    const body = (await admin.get('/api/admin/user?limit=100')).json<{ data: { role: string; nohp: string }[]; total: number }>();
    expect(body.data.every((u) => u.role === 'User')).toBe(true);
    expect(body.data.map((u) => u.nohp)).not.toContain('6281100000099');
    expect(body.total).toBe(body.data.length);
  });

  it('refuses an admin resetting their own password, and their session and password stay', async () => {
    const res = await admin.post('/api/admin/user/081100000099/reset-password');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Password akun Anda sendiri diganti di halaman Profil, bukan dari Data User.');
    expect((await admin.get('/api/users/getAuth')).statusCode).toBe(200);
    const again = new Client(ctx.app);
    expect((await again.post('/api/users/login', { nohp: '081100000099', password: 'admin-rahasia-uji' })).statusCode).toBe(200);
  });

  it('refuses resetting another admin, so Data User can lock no admin out', async () => {
    const other = await adminClient(ctx, '081100000097');
    const res = await admin.post('/api/admin/user/6281100000097/reset-password');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Data User hanya untuk peserta/);
    expect((await other.get('/api/users/getAuth')).statusCode).toBe(200);
    const admins = await ctx.database.db.select().from(users).where(eq(users.role, 'Admin'));
    expect(admins.length).toBeGreaterThanOrEqual(1);
  });
});

describe('time factor', () => {
  it('accepts only the allowed factors, for learners only', async () => {
    const { canonical } = await learner(false);
    const bad = await admin.put(`/api/admin/user/${canonical}/faktor-waktu`, { faktor_waktu_persen: 130 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Faktor waktu harus salah satu dari 1×, 1,25×, 1,5×, 1,75×, 2×.');
    const onAdmin = await admin.put('/api/admin/user/6281100000099/faktor-waktu', { faktor_waktu_persen: 150 });
    expect(onAdmin.statusCode).toBe(409);
    expect(onAdmin.json().message).toBe('Faktor waktu hanya untuk akun peserta, bukan akun admin.');
    const ok = await admin.put(`/api/admin/user/${canonical}/faktor-waktu`, { faktor_waktu_persen: 125 });
    expect(ok.statusCode).toBe(200);
    const list = (await admin.get(`/api/admin/user?q=${canonical}`)).json<{ data: { faktor_waktu_persen: number }[] }>();
    expect(list.data[0]!.faktor_waktu_persen).toBe(125);
    const [entry] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'pengguna.faktor-waktu'));
    expect(entry).toMatchObject({ before: { timeFactorPct: 100 }, after: { timeFactorPct: 125 } });
  });

  it('lengthens every section when its end is set, and tells the learner', async () => {
    const { c, canonical, userId } = await learner();
    await admin.put(`/api/admin/user/${canonical}/faktor-waktu`, { faktor_waktu_persen: 150 });
    expect((await c.get('/api/soal')).json().paket).toMatchObject({ durasi_listening: 1200, faktor_waktu_persen: 150 });
    const started = await c.put('/api/soal/timers', { paketId: paket.id });
    const t = started.json<{ endsAt: string; serverNow: string }>();
    expect(minutes(Date.parse(t.endsAt) - Date.parse(t.serverNow))).toBe(30);
    // A change after the start does not move this attempt's clock.
    await admin.put(`/api/admin/user/${canonical}/faktor-waktu`, { faktor_waktu_persen: 200 });
    await ctx.database.db
      .update(examAttempts)
      .set({ listeningEndsAt: new Date(Date.now() - 1000) })
      .where(eq(examAttempts.userId, userId));
    const written = (await c.put('/api/soal/timers/next', { paketId: paket.id })).json<{ endsAt: string; serverNow: string }>();
    // 25 minutes x 1.5 = 37.5, rounded up to 38.
    expect(minutes(Date.parse(written.endsAt) - Date.parse(written.serverNow))).toBe(38);
    expect((await c.get('/api/soal')).json().paket.faktor_waktu_persen).toBe(150);
  });

  it('leaves learners without a factor on the package times', async () => {
    const { c } = await learner();
    const t = (await c.put('/api/soal/timers', { paketId: paket.id })).json<{ endsAt: string; serverNow: string }>();
    expect(minutes(Date.parse(t.endsAt) - Date.parse(t.serverNow))).toBe(20);
  });
});

describe('extending a running section', () => {
  it('moves the end instant by the minutes given, with the reason in the audit log', async () => {
    const { c, userId } = await learner();
    await c.put('/api/soal/timers', { paketId: paket.id });
    const before = await attemptOf(userId);
    const running = (await admin.get('/api/admin/ujian/berjalan')).json<{ data: { attemptId: number; sesi: string }[] }>();
    expect(running.data.find((a) => a.attemptId === before.id)).toMatchObject({ sesi: 'listening' });
    const res = await admin.post(`/api/admin/ujian/${before.id}/perpanjang`, { menit: 7, alasan: 'Listrik padam di lokasi' });
    expect(res.statusCode).toBe(200);
    const after = await attemptOf(userId);
    expect(after.listeningEndsAt!.getTime() - before.listeningEndsAt!.getTime()).toBe(7 * 60_000);
    const timer = (await c.put('/api/soal/timers', { paketId: paket.id })).json<{ endsAt: string }>();
    expect(Date.parse(timer.endsAt)).toBe(after.listeningEndsAt!.getTime());
    const [entry] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'ujian.extend'));
    expect(entry!.reason).toBe('Listrik padam di lokasi');
  });

  it('refuses bad minutes, a missing reason, an ended section and a finished attempt', async () => {
    const { c, userId } = await learner();
    await c.put('/api/soal/timers', { paketId: paket.id });
    const { id } = await attemptOf(userId);
    const tooMany = await admin.post(`/api/admin/ujian/${id}/perpanjang`, { menit: 61, alasan: 'Gangguan jaringan' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Tambahan waktu maksimal 60 menit.');
    const noReason = await admin.post(`/api/admin/ujian/${id}/perpanjang`, { menit: 5, alasan: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Alasan wajib diisi (minimal 5 karakter).');
    await ctx.database.db
      .update(examAttempts)
      .set({ listeningEndsAt: new Date(Date.now() - 1000) })
      .where(eq(examAttempts.id, id));
    const ended = await admin.post(`/api/admin/ujian/${id}/perpanjang`, { menit: 5, alasan: 'Gangguan jaringan' });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toMatch(/^Waktu sesi ini sudah habis/);
    expect((await admin.post('/api/admin/ujian/999999/perpanjang', { menit: 5, alasan: 'Gangguan jaringan' })).statusCode).toBe(404);
    expect((await c.post(`/api/admin/ujian/${id}/perpanjang`, { menit: 5, alasan: 'Gangguan jaringan' })).statusCode).toBe(403);
  });
});

/** Sits a learner to the reading section and submits two answers; returns the attempt id. */
async function finishedAttempt() {
  const l = await learner();
  await l.c.put('/api/soal/timers', { paketId: paket.id });
  await ctx.database.db
    .update(examAttempts)
    .set({ listeningEndsAt: new Date(Date.now() - 1000) })
    .where(eq(examAttempts.userId, l.userId));
  await l.c.put('/api/soal/timers/next', { paketId: paket.id });
  await ctx.database.db
    .update(examAttempts)
    .set({ writtenEndsAt: new Date(Date.now() - 1000) })
    .where(eq(examAttempts.userId, l.userId));
  await l.c.put('/api/soal/timers/next', { paketId: paket.id });
  const saved = await l.c.put('/api/soal/jawaban/draft', {
    index: 95,
    answers: [
      { id: 94, answer: paket.keys.get(94) },
      { id: 1, answer: '1' },
    ],
  });
  expect(saved.statusCode).toBe(200);
  const done = await l.c.post('/api/soal/jawaban', { answers: [] });
  expect(done.statusCode).toBe(200);
  return { ...l, attempt: await attemptOf(l.userId) };
}

describe('reopening an attempt broken by a fault', () => {
  it('returns a finished attempt to its last section with the time it had at the last saved contact', async () => {
    const { c, attempt, userId } = await finishedAttempt();
    // The fault: the learner's last save was 12 minutes before reading's end (30 minutes long).
    const end = attempt.readingEndsAt!.getTime();
    await ctx.database.db
      .update(examAttempts)
      .set({ draftSavedAt: new Date(end - 12 * 60_000) })
      .where(eq(examAttempts.id, attempt.id));
    await ctx.app.examOutcomes.idle();
    expect(await ctx.database.db.select().from(practiceResponses).where(eq(practiceResponses.userId, userId))).not.toHaveLength(0);

    const res = await admin.post(`/api/admin/ujian/${attempt.id}/buka-ulang`, { alasan: 'Ponsel peserta mati saat reading' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ sesi: 'reading', reopenReason: 'Ponsel peserta mati saat reading' });
    const reopened = await attemptOf(userId);
    expect(reopened.finishedAt).toBeNull();
    expect(reopened.answers).toEqual(attempt.answers);
    const left = reopened.readingEndsAt!.getTime() - reopened.reopenedAt!.getTime();
    expect(left).toBe(12 * 60_000);
    expect(await ctx.database.db.select().from(examHistory).where(eq(examHistory.attemptId, attempt.id))).toHaveLength(0);
    expect(await ctx.database.db.select().from(practiceResponses).where(eq(practiceResponses.userId, userId))).toHaveLength(0);

    const timer = (await c.put('/api/soal/timers', { paketId: paket.id })).json<{ sesi: string; endsAt: string }>();
    expect(timer).toMatchObject({ sesi: 'reading', endsAt: reopened.readingEndsAt!.toISOString() });
    const again = await c.post('/api/soal/jawaban', { answers: [{ id: 95, answer: paket.keys.get(95) }] });
    expect(again.statusCode).toBe(200);
    expect(again.json().readingCorrect).toBe(2);

    const twice = await admin.post(`/api/admin/ujian/${attempt.id}/buka-ulang`, { alasan: 'Sekali lagi, mohon' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Ujian ini sudah pernah dibuka ulang. Buka ulang hanya dapat dilakukan satu kali.');
  });

  it('gives an open attempt whose section ran out the time left at its last save', async () => {
    const { c, userId } = await learner();
    await c.put('/api/soal/timers', { paketId: paket.id });
    const attempt = await attemptOf(userId);
    const end = attempt.listeningEndsAt!.getTime();
    // The learner's connection died with 5 minutes left; the section's time then ran out.
    await ctx.database.db
      .update(examAttempts)
      .set({ draftSavedAt: new Date(end - 5 * 60_000) })
      .where(eq(examAttempts.id, attempt.id));
    const res = await admin.post(`/api/admin/ujian/${attempt.id}/buka-ulang`, { alasan: 'Jaringan di lokasi putus' });
    expect(res.statusCode).toBe(200);
    const reopened = await attemptOf(userId);
    expect(reopened.sesi).toBe('listening');
    expect(reopened.listeningEndsAt!.getTime() - reopened.reopenedAt!.getTime()).toBe(5 * 60_000);
  });

  it('refuses without a reason, and while the learner sits another exam', async () => {
    const { attempt, canonical } = await finishedAttempt();
    expect((await admin.post(`/api/admin/ujian/${attempt.id}/buka-ulang`, {})).statusCode).toBe(400);
    await ctx.database.db.update(users).set({ paketSoalIdAktif: paket.id }).where(eq(users.nohp, canonical));
    const [row] = await ctx.database.db.select().from(users).where(eq(users.nohp, canonical));
    await ctx.database.db.insert(examAttempts).values({
      userId: row!.id,
      paketSoalId: paket.id,
      sesi: 'listening',
      startedAt: new Date(),
      listeningEndsAt: new Date(Date.now() + 60_000),
    });
    const busy = await admin.post(`/api/admin/ujian/${attempt.id}/buka-ulang`, { alasan: 'Ponsel peserta mati' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toMatch(/^Peserta sedang mengerjakan simulasi lain/);
  });
});

describe('the open page checking its end (GET /soal/timers)', () => {
  it('reports an extension without changing anything, and never starts an attempt', async () => {
    const { c, userId } = await learner();
    const none = await c.get('/api/soal/timers');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ sesi: 'finished', endsAt: null, secondsRemaining: 0 });
    expect((await ctx.database.db.select().from(examAttempts).where(eq(examAttempts.userId, userId))).length).toBe(0);
    await c.put('/api/soal/timers', { paketId: paket.id });
    const started = await attemptOf(userId);
    const first = (await c.get('/api/soal/timers')).json<{ sesi: string; endsAt: string }>();
    expect(first.sesi).toBe('listening');
    expect(Date.parse(first.endsAt)).toBe(started.listeningEndsAt!.getTime());
    await admin.post(`/api/admin/ujian/${started.id}/perpanjang`, { menit: 5, alasan: 'Koneksi peserta terputus' });
    const later = (await c.get('/api/soal/timers')).json<{ sesi: string; endsAt: string }>();
    expect(Date.parse(later.endsAt) - Date.parse(first.endsAt)).toBe(5 * 60_000);
    expect(await attemptOf(userId)).toMatchObject({ id: started.id, sesi: 'listening' });
  });
});
