import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, soal } from '../../server/db/schema.ts';
import { adminClient, Client, createTestApp, fixture, multipart, type TestContext } from './helpers.ts';

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_PER_IP: '1000' });
  admin = await adminClient(ctx);
});
afterAll(async () => ctx.close());

const options = { pilihan_satu: 'satu', pilihan_dua: 'dua', pilihan_tiga: 'tiga', pilihan_empat: 'empat' };
const part = (text: string, letter: string) => `<span class="we-part"><u>${text}</u><span class="we-letter">${letter}</span></span>`;
const WRITTEN = `The ${part('children', 'A')} ${part('plays', 'B')} in ${part('the', 'C')} ${part('garden', 'D')} every day.`;

async function newPaket(nama = 'Paket Asal') {
  const res = await admin.post('/api/admin/paket-soal', { nama_paket: nama, level: 'prediction', harga: 15000, durasi_listening: 600 });
  expect(res.statusCode).toBe(201);
  return res.json<{ data: { id: number } }>().data.id;
}

async function send(method: 'POST' | 'PUT', url: string, fields: Record<string, string | number>, fileParts = {}) {
  const body = multipart(fields, fileParts);
  return admin.request({ method, url, payload: body.payload, headers: body.headers });
}
const keyOf = (url: string | null) => String(url).split('/').pop()!;

describe('clone a package', () => {
  it('copies questions, passages and media into a new belum-siap package named Salinan ...', async () => {
    const id = await newPaket();
    const clip = await send(
      'POST',
      `/api/admin/paket-soal/${id}/soal-listening`,
      { no_soal: 1, page: 1, ...options, jawaban: '2', skill: 'la-idiom', transcript: 'Halo' },
      {
        audio: { filename: 'c.mp3', content: fixture('tone.mp3'), type: 'audio/mpeg' },
      },
    );
    expect(clip.statusCode).toBe(201);
    const passage = await send(
      'POST',
      `/api/admin/paket-soal/${id}/question-reading`,
      { nama: 'Bacaan 1', html: '<p>a &lt; b</p>' },
      {
        'soal-reading': { filename: 'p.png', content: fixture('red.png'), type: 'image/png' },
      },
    );
    const passageId = passage.json().data.id as number;
    expect(
      (
        await admin.post(`/api/admin/paket-soal/${id}/soal-reading`, {
          no_soal: 1,
          page: 94,
          soal: '<p>Q?</p>',
          ...options,
          jawaban: '4',
          skill: 'rd-main-idea',
          q_reading: passageId,
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await admin.post(`/api/admin/paket-soal/${id}/soal-written`, {
          no_soal: 16,
          page: 68,
          soal: WRITTEN,
          jawaban: '2',
          skill: 'we-agreement',
        })
      ).statusCode,
    ).toBe(201);

    const res = await admin.post(`/api/admin/paket-soal/${id}/clone`, {});
    expect(res.statusCode).toBe(201);
    const copy = res.json().data;
    expect(res.json().message).toBe('Paket soal berhasil disalin.');
    expect(copy).toMatchObject({
      nama_paket: 'Salinan Paket Asal',
      level: 'prediction',
      harga: 15000,
      status: 'belum',
      durasi_listening: 600,
    });
    expect(copy.id).not.toBe(id);
    expect(copy.completeness).toMatchObject({ listening: 1, structure: 0, written: 1, reading: 1, readingWithoutPassage: [] });

    const copiedListening = (await admin.get(`/api/admin/paket-soal/${copy.id}/soal-listening`)).json().data;
    expect(copiedListening).toHaveLength(1);
    expect(copiedListening[0]).toMatchObject({ no_soal: 1, page: 1, jawaban: '2', transcript: 'Halo', skill: 'la-idiom' });
    const originalAudio = clip.json().data.audio as string;
    expect(copiedListening[0].audio).not.toBe(originalAudio);
    const copiedWritten = (await admin.get(`/api/admin/paket-soal/${copy.id}/soal-written`)).json().data;
    expect(copiedWritten[0]).toMatchObject({ soal: WRITTEN, pilihan_satu: 'children', pilihan_empat: 'garden' });
    const copiedPassages = (await admin.get(`/api/admin/paket-soal/question-reading/${copy.id}`)).json().data;
    expect(copiedPassages).toHaveLength(1);
    expect(copiedPassages[0]).toMatchObject({ nama: 'Bacaan 1', html: '<p>a &lt; b</p>', paket_soal_id: copy.id });
    expect(copiedPassages[0].id).not.toBe(passageId);
    const copiedReading = (await admin.get(`/api/admin/paket-soal/${copy.id}/soal-reading`)).json().data;
    expect(copiedReading[0].q_reading).toBe(copiedPassages[0].id);

    // The copy's media are its own: files rows on the copy, served, and still there after the original goes.
    const copyKeys = [keyOf(copiedListening[0].audio), keyOf(copiedPassages[0].reading)];
    const rows = await ctx.database.db.select().from(files).where(eq(files.paketSoalId, copy.id));
    expect(rows.map((r) => r.key).sort()).toEqual([...copyKeys].sort());
    // Deleting the original's question removes its clip; the copy keeps its own.
    expect((await admin.delete(`/api/admin/paket-soal/soal/${clip.json().data.id}`)).statusCode).toBe(200);
    expect(existsSync(path.join(ctx.app.storage.dir, keyOf(originalAudio)))).toBe(false);
    for (const key of copyKeys) expect(existsSync(path.join(ctx.app.storage.dir, key))).toBe(true);
    const served = await admin.get(copiedListening[0].audio);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(fixture('tone.mp3'))).toBe(true);
  });

  it('copies an empty package, cuts a long name to 150 characters, and answers 404 for a missing one', async () => {
    const long = await newPaket('P'.repeat(150));
    const res = await admin.post(`/api/admin/paket-soal/${long}/clone`, {});
    expect(res.statusCode).toBe(201);
    expect(res.json().data.nama_paket).toBe(`Salinan ${'P'.repeat(142)}`);
    const missing = await admin.post('/api/admin/paket-soal/999999/clone', {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Paket soal tidak ditemukan.');
    expect((await new Client(ctx.app).post(`/api/admin/paket-soal/${long}/clone`, {})).statusCode).toBe(401);
  });
});

describe('edit a passage text', () => {
  it("changes only the text, keeps the image, and gives '<' and '&' back as stored", async () => {
    const id = await newPaket();
    const created = await send(
      'POST',
      `/api/admin/paket-soal/${id}/question-reading`,
      { nama: 'Bacaan', html: '<p>Lama</p>' },
      {
        'soal-reading': { filename: 'p.png', content: fixture('red.png'), type: 'image/png' },
      },
    );
    const passage = created.json().data;
    const html = '<p>If a &lt; b &amp; b &lt; c, then <b>a</b> &lt; c.</p>';
    const edited = await send('PUT', `/api/admin/paket-soal/question-reading/${passage.id}`, { nama: 'Bacaan', html });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ nama: 'Bacaan', reading: passage.reading, html });
    // Saved again unchanged (what the editor sends back), it stays the same: no &amp;lt;.
    const again = await send('PUT', `/api/admin/paket-soal/question-reading/${passage.id}`, {
      nama: 'Bacaan',
      html: edited.json().data.html,
    });
    expect(again.json().data.html).toBe(html);
    const listed = (await admin.get(`/api/admin/paket-soal/question-reading/${id}`)).json().data;
    expect(listed[0]).toMatchObject({ html, reading: passage.reading });
  });

  it('a new text passage is sanitised like an edited one: < and & stay entities, scripts go', async () => {
    const id = await newPaket();
    const html = '<p>If a &lt; b &amp; b &lt; c, then <strong>a</strong> &lt; c.</p>';
    const created = await send('POST', `/api/admin/paket-soal/${id}/question-reading`, {
      nama: 'Teks',
      html: `${html}<script>alert(1)</script>`,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ nama: 'Teks', reading: null, html });
    const listed = (await admin.get(`/api/admin/paket-soal/question-reading/${id}`)).json().data;
    expect(listed[0].html).toBe(html);
  });

  it('a text-only passage cannot lose its text; without html the text is kept', async () => {
    const id = await newPaket();
    const created = await send('POST', `/api/admin/paket-soal/${id}/question-reading`, { nama: 'Teks', html: '<p>Isi</p>' });
    const passage = created.json().data;
    const kept = await send('PUT', `/api/admin/paket-soal/question-reading/${passage.id}`, { nama: 'Teks Baru' });
    expect(kept.json().data).toMatchObject({ nama: 'Teks Baru', html: '<p>Isi</p>' });
    const emptied = await send('PUT', `/api/admin/paket-soal/question-reading/${passage.id}`, {
      nama: 'Teks Baru',
      html: '<script>x</script>',
    });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().message).toBe('Unggah gambar bacaan (jpg, jpeg, png) atau isi teks bacaan.');
    expect((await admin.get(`/api/admin/paket-soal/question-reading/${id}`)).json().data[0].html).toBe('<p>Isi</p>');
  });
});

describe('edit a written-expression question', () => {
  it('replaces the sentence and re-reads the options; a sentence without four parts is refused and nothing changes', async () => {
    const id = await newPaket();
    const created = await admin.post(`/api/admin/paket-soal/${id}/soal-written`, {
      no_soal: 16,
      page: 68,
      soal: WRITTEN,
      jawaban: '2',
      skill: 'we-agreement',
    });
    const soalId = created.json().data.id as number;
    const fixed = `The ${part('rivers', 'A')} in this region ${part('is', 'B')} ${part('usually', 'C')} calm ${part('in summer', 'D')}.`;
    const res = await admin.put(`/api/admin/paket-soal/soal-written/${soalId}`, {
      no_soal: 17,
      page: 69,
      soal: fixed,
      jawaban: '2',
      skill: 'we-agreement',
      pembahasan: 'Subjek jamak.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Soal berhasil diupdate',
      data: { no_soal: 17, page: 69, soal: fixed, pilihan_satu: 'rivers', pilihan_empat: 'in summer', pembahasan: 'Subjek jamak.' },
    });
    const three = await admin.put(`/api/admin/paket-soal/soal-written/${soalId}`, {
      no_soal: 17,
      page: 69,
      soal: `${part('a', 'A')} ${part('b', 'B')} ${part('c', 'C')} d`,
      jawaban: '1',
      skill: 'we-agreement',
    });
    expect(three.statusCode).toBe(400);
    expect(three.json().message).toBe(
      'Soal written expression harus memiliki tepat empat bagian bergaris bawah dengan huruf A, B, C, D berurutan.',
    );
    const [row] = await ctx.database.db.select().from(soal).where(eq(soal.id, soalId));
    expect(row).toMatchObject({ soal: fixed, noSoal: 17 });
    const structure = await admin.post(`/api/admin/paket-soal/${id}/soal-structure`, {
      no_soal: 1,
      page: 52,
      soal: 'S ___',
      ...options,
      jawaban: '1',
      skill: 'st-inversion',
    });
    const wrongSection = await admin.put(`/api/admin/paket-soal/soal-written/${structure.json().data.id}`, {
      no_soal: 18,
      page: 70,
      soal: fixed,
      jawaban: '1',
      skill: 'we-agreement',
    });
    expect(wrongSection.statusCode).toBe(400);
    expect(wrongSection.json().message).toBe('Soal ini adalah soal structure, bukan written expression.');
  });
});
