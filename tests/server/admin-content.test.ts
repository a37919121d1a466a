import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageOf } from '../../machines/exam-layout.ts';
import { files, soal } from '../../server/db/schema.ts';
import { createSoal } from '../../server/services/soal.service.ts';
import { createQuestionReading } from '../../server/services/question-reading.service.ts';
import { adminClient, Client, createTestApp, fixture, multipart, type TestContext } from './helpers.ts';

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_PER_IP: '1000' });
  admin = await adminClient(ctx);
});
afterAll(async () => ctx.close());

const options = { pilihan_satu: 'satu', pilihan_dua: 'dua', pilihan_tiga: 'tiga', pilihan_empat: 'empat' };
const WRITTEN_HTML =
  'The <span class="we-part"><u>children</u><span class="we-letter">A</span></span> <span class="we-part"><u>plays</u><span class="we-letter">B</span></span> in <span class="we-part"><u>the</u><span class="we-letter">C</span></span> <span class="we-part"><u>garden</u><span class="we-letter">D</span></span> every day.';

async function newPaket(body: Record<string, unknown> = {}) {
  const res = await admin.post('/api/admin/paket-soal', { nama_paket: 'Paket Uji', ...body });
  expect(res.statusCode).toBe(201);
  return res.json<{ data: { id: number } }>().data.id;
}

function listening(paketId: number, fields: Record<string, string | number>, audio?: Buffer, filename = 'clip.mp3') {
  const body = multipart({ skill: 'la-idiom', ...fields }, audio ? { audio: { filename, content: audio, type: 'audio/mpeg' } } : {});
  return admin.request({
    method: 'POST',
    url: `/api/admin/paket-soal/${paketId}/soal-listening`,
    payload: body.payload,
    headers: body.headers,
  });
}

describe('packages', () => {
  it('creates with the ETS default durations, lists with completeness, updates and validates', async () => {
    const id = await newPaket({ level: 'prediction', harga: 20000 });
    const got = await admin.get(`/api/admin/paket-soal/${id}`);
    expect(got.json().data).toMatchObject({
      nama_paket: 'Paket Uji',
      level: 'prediction',
      harga: 20000,
      status: 'belum',
      durasi_listening: 2100,
      durasi_written: 1500,
      durasi_reading: 3300,
      completeness: { listening: 0, structure: 0, written: 0, reading: 0, complete: false },
    });
    const list = await admin.get('/api/admin/paket-soal');
    expect(list.json().data.map((p: { id: number }) => p.id)).toContain(id);

    const put = await admin.put(`/api/admin/paket-soal/${id}`, { nama_paket: 'Paket Ganti', durasi_listening: 20, harga: 0 });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ nama_paket: 'Paket Ganti', durasi_listening: 20, harga: 0 });
  });

  it.each([
    [{}, 'Nama paket wajib diisi!'],
    [{ nama_paket: '   ' }, 'Nama paket wajib diisi!'],
    [{ nama_paket: 'x'.repeat(10_000) }, 'Nama paket terlalu panjang (maksimal 150 karakter).'],
    [{ nama_paket: 'A', harga: -1 }, 'Harga tidak boleh negatif.'],
    [{ nama_paket: 'A', harga: 'mahal' }, 'Harga harus berupa angka.'],
    [{ nama_paket: 'A', durasi_reading: 2 }, 'Durasi minimal 5 detik.'],
    [{ nama_paket: 'A', level: 'toeic' }, 'Level harus prediction atau itp.'],
    [{ nama_paket: 'A', status: 'published' }, 'Status harus siap atau belum.'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const res = await admin.post('/api/admin/paket-soal', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses siap on an incomplete package with a message that says what is missing', async () => {
    const id = await newPaket();
    const res = await admin.put(`/api/admin/paket-soal/${id}`, { nama_paket: 'Paket Uji', status: 'siap' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Listening: 0 dari 50 soal.');
    expect(res.json().message).toContain('Reading: 0 dari 50 soal.');
    expect((await admin.get(`/api/admin/paket-soal/${id}`)).json().data.status).toBe('belum');
  });

  it('answers the siap refusal with the missing numbers of each section', async () => {
    const id = await newPaket();
    const db = ctx.database.db;
    for (const n of [1, 2, 4, 15])
      await createSoal(db, ctx.app.storage, id, 'structure', {
        no_soal: n,
        page: pageOf('structure', n),
        soal: 'S ___',
        ...options,
        jawaban: '2',
        skill: 'st-inversion',
      });
    await createSoal(db, ctx.app.storage, id, 'written', {
      no_soal: 17,
      page: pageOf('written', 17),
      soal: WRITTEN_HTML,
      jawaban: '2',
      skill: 'we-noun',
    });
    const res = await admin.put(`/api/admin/paket-soal/${id}`, { nama_paket: 'Paket Uji', status: 'siap' });
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.message).toContain('Paket belum lengkap, belum bisa diset siap. Listening: 0 dari 50 soal.');
    expect(body.completeness.missingNumbers.structure).toEqual([3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(body.completeness.missingNumbers.written).toEqual([16, ...Array.from({ length: 23 }, (_, i) => i + 18)]);
    expect(body.completeness.missingNumbers.listening).toHaveLength(50);
    expect(body.completeness.missingNumbers.reading[0]).toBe(1);
  });

  it('allows siap on a complete package, then hides nothing from the public list', async () => {
    const id = await newPaket({ nama_paket: 'Lengkap' });
    const db = ctx.database.db;
    const audio = fixture('tone.mp3');
    for (let n = 1; n <= 50; n++) {
      const member = n > 31 && (n - 31) % 4 !== 0;
      await createSoal(
        db,
        ctx.app.storage,
        id,
        'listening',
        { no_soal: n, page: pageOf('listening', n), ...options, jawaban: '1', skill: 'la-idiom' },
        member ? undefined : audio,
      );
    }
    for (let n = 1; n <= 15; n++)
      await createSoal(db, ctx.app.storage, id, 'structure', {
        no_soal: n,
        page: pageOf('structure', n),
        soal: 'S ___',
        ...options,
        jawaban: '2',
        skill: 'st-inversion',
      });
    for (let n = 16; n <= 40; n++)
      await createSoal(db, ctx.app.storage, id, 'written', {
        no_soal: n,
        page: pageOf('written', n),
        soal: WRITTEN_HTML,
        jawaban: '2',
        skill: 'we-noun',
      });
    const passage = await createQuestionReading(db, ctx.app.storage, id, { nama: 'P1', html: '<p>Teks</p>' });
    for (let n = 1; n <= 50; n++)
      await createSoal(db, ctx.app.storage, id, 'reading', {
        no_soal: n,
        page: pageOf('reading', n),
        soal: 'Q?',
        ...options,
        jawaban: '3',
        skill: 'rd-reference',
        q_reading: passage.id,
      });

    const before = (await admin.get(`/api/admin/paket-soal/${id}`)).json().data.completeness;
    expect(before).toMatchObject({ listening: 50, structure: 15, written: 25, reading: 50, complete: true, missing: [] });
    const res = await admin.put(`/api/admin/paket-soal/${id}`, { nama_paket: 'Lengkap', status: 'siap' });
    expect(res.statusCode).toBe(200);
    const pub = await new Client(ctx.app).get('/api/paket-soal');
    expect(pub.json().data.map((p: { id: number }) => p.id)).toContain(id);

    // Deleting a question makes it incomplete again: back to belum and out of the public list.
    const [one] = await db.select().from(soal).limit(1);
    const all = (await admin.get(`/api/admin/paket-soal/${id}/soal-reading`)).json().data;
    expect(one).toBeDefined();
    expect((await admin.delete(`/api/admin/paket-soal/soal/${all[0].id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/admin/paket-soal/${id}`)).json().data.status).toBe('belum');
    const pub2 = await new Client(ctx.app).get('/api/paket-soal');
    expect(pub2.json().data.map((p: { id: number }) => p.id)).not.toContain(id);
  });

  it('archives a package on DELETE: hidden from learners, its questions and files kept, restorable', async () => {
    const id = await newPaket();
    const created = await listening(id, { no_soal: 1, page: 1, ...options, jawaban: '2' }, fixture('tone.mp3'));
    expect(created.statusCode).toBe(201);
    const key = String(created.json().data.audio).split('/').pop()!;
    const onDisk = path.join(ctx.app.storage.dir, key);
    const del = await admin.delete(`/api/admin/paket-soal/${id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ message: 'Paket soal berhasil diarsipkan. Paket dapat dipulihkan dari Arsip.' });
    expect(del.json().data.archived_at).toEqual(expect.any(String));
    expect(existsSync(onDisk)).toBe(true);
    expect((await ctx.database.db.select().from(files)).find((f) => f.key === key)).toBeDefined();
    expect((await admin.get(`/api/admin/paket-soal/${id}/listening/last`)).json().last_no_soal).toBe(1);
    const restored = await admin.post(`/api/admin/paket-soal/${id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ message: 'Paket soal berhasil dipulihkan.', data: { id, archived_at: null } });
  });
});

describe('listening questions and audio', () => {
  it('adds with audio, serves it to admins only with its type and nosniff, and lists it', async () => {
    const id = await newPaket();
    const res = await listening(id, { no_soal: 1, page: 1, ...options, jawaban: '3', pembahasan: 'Penjelasan' }, fixture('tone.mp3'));
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ section: 'listening', no_soal: 1, page: 1, jawaban: '3', pembahasan: 'Penjelasan' });
    expect(data.audio).toMatch(/^\/api\/media\/[a-f0-9]{32}\.mp3$/);

    const media = await admin.get(data.audio);
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toMatch(/^audio\/mpeg/);
    expect(media.headers['x-content-type-options']).toBe('nosniff');
    expect(media.rawPayload.equals(fixture('tone.mp3'))).toBe(true);

    const user = new Client(ctx.app);
    await user.signUpAndIn({ nohp: '081234560001' });
    expect((await user.get(data.audio)).statusCode).toBe(403);
    expect((await new Client(ctx.app).get(data.audio)).statusCode).toBe(401);

    const list = await admin.get(`/api/admin/paket-soal/${id}/soal-listening`);
    expect(list.json().data).toHaveLength(1);
    const last = await admin.get(`/api/admin/paket-soal/${id}/listening/last`);
    expect(last.json()).toEqual({ last_no_soal: 1, last_page: 1 });
  });

  it('needs audio for a clip of its own, not for group members 32-34 ... 48-50 (tests/server/spec-clients.test.ts: their own clip is kept)', async () => {
    const id = await newPaket();
    const noAudio = await listening(id, { no_soal: 31, page: 31, ...options, jawaban: '1' });
    expect(noAudio.statusCode).toBe(400);
    expect(noAudio.json().message).toMatch(/^Semua field wajib diisi!/);
    const member = await listening(id, { no_soal: 32, page: 32, ...options, jawaban: '1' });
    expect(member.statusCode).toBe(201);
    expect(member.json().data.audio).toBeNull();
  });

  it.each([
    [
      'a text file named .mp3',
      { no_soal: 2, page: 2, ...options, jawaban: '1' },
      fixture('not-audio.mp3'),
      'File audio tidak valid. Gunakan mp3, ogg, opus, wav atau m4a.',
    ],
    [
      'an image as audio',
      { no_soal: 2, page: 2, ...options, jawaban: '1' },
      fixture('red.png'),
      'File audio tidak valid. Gunakan mp3, ogg, opus, wav atau m4a.',
    ],
    ['jawaban 5', { no_soal: 2, page: 2, ...options, jawaban: '5' }, fixture('tone.mp3'), 'Jawaban harus antara 1 sampai 4.'],
    [
      'a missing option',
      { no_soal: 2, page: 2, pilihan_satu: 'a', pilihan_dua: 'b', pilihan_tiga: 'c', jawaban: '1' },
      fixture('tone.mp3'),
      'Semua field wajib diisi!',
    ],
    ['no_soal 0', { no_soal: 0, page: 0, ...options, jawaban: '1' }, fixture('tone.mp3'), 'Nomor soal dan halaman minimal 1.'],
    ['no_soal 51', { no_soal: 51, page: 51, ...options, jawaban: '1' }, fixture('tone.mp3'), 'Nomor soal listening harus antara 1 dan 50.'],
    [
      'a page that does not match',
      { no_soal: 2, page: 7, ...options, jawaban: '1' },
      fixture('tone.mp3'),
      'Page untuk soal listening nomor 2 harus 2.',
    ],
  ])('refuses %s with 400 and saves nothing', async (_label, fields, audio, message) => {
    const id = await newPaket();
    const filesBefore = (await ctx.database.db.select().from(files)).length;
    const res = await listening(id, fields, audio);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await admin.get(`/api/admin/paket-soal/${id}/soal-listening`)).json().data).toHaveLength(0);
    expect((await ctx.database.db.select().from(files)).length).toBe(filesBefore);
  });

  it('refuses a duplicate number with 409 and an oversize clip with 413', async () => {
    const id = await newPaket();
    expect((await listening(id, { no_soal: 5, page: 5, ...options, jawaban: '1' }, fixture('tone.mp3'))).statusCode).toBe(201);
    const dup = await listening(id, { no_soal: 5, page: 5, ...options, jawaban: '2' }, fixture('tone.mp3'));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Soal nomor 5 (page 5) sudah ada di paket ini.');
    const big = Buffer.concat([fixture('tone.mp3'), Buffer.alloc(21 * 1024 * 1024)]);
    const over = await listening(id, { no_soal: 6, page: 6, ...options, jawaban: '1' }, big);
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toMatch(/terlalu besar/);
  });

  it('edits with optional audio: keeps the clip without one, replaces it (and its bytes) with one', async () => {
    const id = await newPaket();
    const created = (await listening(id, { no_soal: 3, page: 3, ...options, jawaban: '1' }, fixture('tone.mp3'))).json().data;
    const edit = multipart({ no_soal: 3, page: 3, ...options, pilihan_satu: 'baru', jawaban: '4', skill: 'la-negative' });
    const res = await admin.request({
      method: 'PUT',
      url: `/api/admin/paket-soal/${created.id}/soal-listening`,
      payload: edit.payload,
      headers: edit.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Soal berhasil diupdate',
      data: { pilihan_satu: 'baru', jawaban: '4', audio: created.audio },
    });

    const withAudio = multipart(
      { no_soal: 3, page: 3, ...options, jawaban: '4', skill: 'la-negative' },
      { audio: { filename: 'b.mp3', content: fixture('tone.mp3') } },
    );
    const replaced = await admin.request({
      method: 'PUT',
      url: `/api/admin/paket-soal/${created.id}/soal-listening`,
      payload: withAudio.payload,
      headers: withAudio.headers,
    });
    expect(replaced.json().data.audio).not.toBe(created.audio);
    const oldKey = String(created.audio).split('/').pop()!;
    expect(existsSync(path.join(ctx.app.storage.dir, oldKey))).toBe(false);
  });
});

describe('the skill of a question', () => {
  const UNKNOWN = 'Skill tidak dikenal. Pilih salah satu skill dari daftar.';

  it.each([
    ['structure', { no_soal: 1, page: 52, soal: 'S ___', ...options, jawaban: '1' }, 'st-inversion'],
    ['written', { no_soal: 16, page: 68, soal: WRITTEN_HTML, jawaban: '2' }, 'we-passive'],
  ] as const)('%s: refuses an unknown skill or one of another section, stores a right one and answers it', async (section, body, skill) => {
    const id = await newPaket();
    const url = `/api/admin/paket-soal/${id}/soal-${section}`;
    // Left out (the spec's calls carry no skill), a skill is defaulted: spec-clients.test.ts.
    for (const [bad, message] of [
      ['st-nonsense', UNKNOWN],
      [
        'rd-detail',
        `Skill ini bukan skill bagian ${section === 'written' ? 'Written Expression' : 'Structure'}. Pilih skill dari daftar bagian ini.`,
      ],
    ] as const) {
      const res = await admin.post(url, { ...body, skill: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().errors).toEqual([expect.objectContaining({ path: 'skill', msg: message })]);
    }
    expect((await admin.get(`/api/admin/paket-soal/${id}/soal-${section}`)).json().data).toHaveLength(0);
    const ok = await admin.post(url, { ...body, skill });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.skill).toBe(skill);
    expect((await admin.get(`/api/admin/paket-soal/soal/${ok.json().data.id}`)).json().data.skill).toBe(skill);
  });

  it('keeps the stored question intact when an edit names an unknown skill', async () => {
    const id = await newPaket();
    const body = { no_soal: 1, page: 52, soal: 'S ___', ...options, jawaban: '1', skill: 'st-inversion' };
    const created = (await admin.post(`/api/admin/paket-soal/${id}/soal-structure`, body)).json().data;
    const bad = await admin.put(`/api/admin/paket-soal/soal-structure/${created.id}`, { ...body, soal: 'Ganti', skill: 'la-idiom' });
    expect(bad.statusCode).toBe(400);
    const [row] = await ctx.database.db.select().from(soal).where(eq(soal.id, created.id));
    expect(row).toMatchObject({ soal: 'S ___', skill: 'st-inversion' });
    const good = await admin.put(`/api/admin/paket-soal/soal-structure/${created.id}`, { ...body, skill: 'st-comparison' });
    expect(good.json().data.skill).toBe('st-comparison');
  });

  it('listening: stores the transcript and the spoken question, keeps them when absent, clears them when empty', async () => {
    const id = await newPaket();
    const unknown = await listening(id, { no_soal: 2, page: 2, ...options, jawaban: '1', skill: 'lc-nope' }, fixture('tone.mp3'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(UNKNOWN);
    const fields = { no_soal: 2, page: 2, ...options, jawaban: '1', skill: 'la-agreement' };
    const created = await listening(
      id,
      { ...fields, transcript: 'Man: I am tired.\nWoman: So am I.', spoken_question: 'What does the woman mean?' },
      fixture('tone.mp3'),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      skill: 'la-agreement',
      transcript: 'Man: I am tired.\nWoman: So am I.',
      spoken_question: 'What does the woman mean?',
    });
    const put = (f: Record<string, string | number>) => {
      const body = multipart(f);
      return admin.request({
        method: 'PUT',
        url: `/api/admin/paket-soal/${created.json().data.id}/soal-listening`,
        payload: body.payload,
        headers: body.headers,
      });
    };
    const kept = await put(fields);
    expect(kept.json().data).toMatchObject({
      transcript: 'Man: I am tired.\nWoman: So am I.',
      spoken_question: 'What does the woman mean?',
    });
    const cleared = await put({ ...fields, transcript: '', spoken_question: '' });
    expect(cleared.json().data).toMatchObject({ transcript: null, spoken_question: null });
  });
});

describe('structure, written and reading questions', () => {
  it('adds and edits structure, sanitising the HTML on write', async () => {
    const id = await newPaket();
    const res = await admin.post(`/api/admin/paket-soal/${id}/soal-structure`, {
      no_soal: 1,
      page: 52,
      soal: '<p onclick="x()">The <b>sun</b> ____ hot.<script>alert(1)</script><img src=x onerror=alert(1)></p>',
      ...options,
      jawaban: 2,
      skill: 'st-verb-form',
    });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data.soal).toBe('<p>The <b>sun</b> ____ hot.</p>');
    expect(data.jawaban).toBe('2');
    const edit = await admin.put(`/api/admin/paket-soal/soal-structure/${data.id}`, {
      no_soal: 2,
      page: 53,
      soal: 'Baru',
      ...options,
      jawaban: '1',
      skill: 'st-inversion',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({ no_soal: 2, page: 53, soal: 'Baru' });
    expect((await admin.get(`/api/admin/paket-soal/${id}/structure/last`)).json()).toEqual({ last_no_soal: 2, last_page: 53 });
    const one = await admin.get(`/api/admin/paket-soal/soal/${data.id}`);
    expect(one.json().data.no_soal).toBe(2);
  });

  it('starts written numbering at 16 (page 68) and takes the options from the underlined parts', async () => {
    const id = await newPaket();
    expect((await admin.get(`/api/admin/paket-soal/${id}/written/last`)).json()).toEqual({ last_no_soal: 15, last_page: 67 });
    const res = await admin.post(`/api/admin/paket-soal/${id}/soal-written`, {
      soal: WRITTEN_HTML,
      jawaban: '2',
      no_soal: 16,
      page: 68,
      skill: 'we-agreement',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      pilihan_satu: 'children',
      pilihan_dua: 'plays',
      pilihan_tiga: 'the',
      pilihan_empat: 'garden',
      soal: WRITTEN_HTML,
    });
    const missing = await admin.post(`/api/admin/paket-soal/${id}/soal-written`, { soal: WRITTEN_HTML });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Lengkapi jawaban, nomor soal, dan halaman!');
    const threeParts = await admin.post(`/api/admin/paket-soal/${id}/soal-written`, {
      soal: WRITTEN_HTML.replace(/<span class="we-part"><u>garden<\/u><span class="we-letter">D<\/span><\/span>/, 'garden'),
      jawaban: '1',
      no_soal: 17,
      page: 69,
      skill: 'we-agreement',
    });
    expect(threeParts.statusCode).toBe(400);
    expect(threeParts.json().message).toMatch(/empat bagian/);
  });

  it('manages passages (image or text), links reading questions, and refuses a question without one', async () => {
    const id = await newPaket();
    const other = await newPaket();
    const upload = multipart(
      { nama: 'Bacaan 1' },
      { 'soal-reading': { filename: 'p.png', content: fixture('red.png'), type: 'image/png' } },
    );
    const created = await admin.request({
      method: 'POST',
      url: `/api/admin/paket-soal/${id}/question-reading`,
      payload: upload.payload,
      headers: upload.headers,
    });
    expect(created.statusCode).toBe(201);
    const passage = created.json().data;
    expect(passage.reading).toMatch(/^\/api\/media\/[a-f0-9]{32}\.png$/);
    expect((await admin.get(passage.reading)).headers['content-type']).toMatch(/^image\/png/);

    const fake = multipart(
      { nama: 'Palsu' },
      { 'soal-reading': { filename: 'p.png', content: fixture('not-image.png'), type: 'image/png' } },
    );
    const refused = await admin.request({
      method: 'POST',
      url: `/api/admin/paket-soal/${id}/question-reading`,
      payload: fake.payload,
      headers: fake.headers,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('File harus berupa gambar (jpg, jpeg, png).');
    const noName = multipart({ nama: '' }, { 'soal-reading': { filename: 'p.jpg', content: fixture('blue.jpg') } });
    const noNameRes = await admin.request({
      method: 'POST',
      url: `/api/admin/paket-soal/${id}/question-reading`,
      payload: noName.payload,
      headers: noName.headers,
    });
    expect(noNameRes.json().message).toBe('Nama soal wajib diisi');

    const q = { no_soal: 1, page: 94, soal: 'What is the main idea?', ...options, jawaban: '4', skill: 'rd-main-idea' };
    const without = await admin.post(`/api/admin/paket-soal/${id}/soal-reading`, q);
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe('Pilih Question Reading pada tabel di atas');
    const foreignPassage = await admin.post(`/api/admin/paket-soal/${other}/soal-reading`, { ...q, q_reading: passage.id });
    expect(foreignPassage.json().message).toBe('Pilih Question Reading pada tabel di atas');
    const ok = await admin.post(`/api/admin/paket-soal/${id}/soal-reading`, { ...q, q_reading: passage.id });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.readingQuestion).toMatchObject({ id: passage.id, nama: 'Bacaan 1' });

    const rename = multipart({ nama: 'Bacaan Satu', html: '<p>Teks <script>x</script>bacaan</p>' });
    const updated = await admin.request({
      method: 'PUT',
      url: `/api/admin/paket-soal/question-reading/${passage.id}`,
      payload: rename.payload,
      headers: rename.headers,
    });
    expect(updated.json()).toMatchObject({ data: { nama: 'Bacaan Satu', reading: passage.reading, html: '<p>Teks bacaan</p>' } });
    expect((await admin.get(`/api/admin/paket-soal/question-reading/${id}`)).json().data).toHaveLength(1);

    // A passage in use is never unlinked silently: its questions move or go first.
    const inUse = await admin.delete(`/api/admin/paket-soal/soal-reading/${passage.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(
      'Bacaan ini masih dipakai oleh 1 soal reading. Pindahkan soal-soal itu ke bacaan lain atau hapus soalnya terlebih dahulu, lalu hapus bacaan ini.',
    );
    expect((await admin.get(`/api/admin/paket-soal/question-reading/${id}`)).json().data).toHaveLength(1);
    expect((await admin.delete(`/api/admin/paket-soal/soal/${ok.json().data.id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/admin/paket-soal/soal-reading/${passage.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/admin/paket-soal/question-reading/${id}`)).json().data).toHaveLength(0);
  });
});

describe('access', () => {
  it('answers 401 without a session and 403 for a User on admin calls', async () => {
    const user = new Client(ctx.app);
    await user.signUpAndIn({ nohp: '081234560002' });
    const anon = new Client(ctx.app);
    for (const [method, url] of [
      ['GET', '/api/admin/paket-soal'],
      ['POST', '/api/admin/paket-soal'],
      ['GET', '/api/admin/paket-soal/1/soal-listening'],
      ['DELETE', '/api/admin/paket-soal/soal/1'],
      ['GET', '/api/admin/paket-soal/question-reading/1'],
    ] as const) {
      expect((await anon.request({ method, url, payload: {} })).statusCode).toBe(401);
      expect((await user.request({ method, url, payload: {} })).statusCode).toBe(403);
    }
  });

  it('answers 404 with a message for missing packages and questions, 400 for bad ids', async () => {
    expect((await admin.get('/api/admin/paket-soal/999999')).json().message).toBe('Paket soal tidak ditemukan.');
    expect((await admin.get('/api/admin/paket-soal/soal/999999')).statusCode).toBe(404);
    expect((await admin.get('/api/admin/paket-soal/abc')).statusCode).toBe(400);
    expect(
      (
        await admin.post('/api/admin/paket-soal/999999/soal-structure', {
          no_soal: 1,
          page: 52,
          soal: 'x',
          ...options,
          jawaban: '1',
          skill: 'st-inversion',
        })
      ).statusCode,
    ).toBe(404);
  });
});
