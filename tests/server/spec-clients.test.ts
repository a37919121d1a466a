import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, createTestApp, fixture, multipart, type Client, type TestContext } from './helpers.ts';

// Clients that follow the spec's calls as they send them: a group's clip uploaded with each of its
// questions, and written-expression HTML from other editors and from the previous system.

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_PER_IP: '1000' });
  admin = await adminClient(ctx);
});
afterAll(async () => ctx.close());

const options = { pilihan_satu: 'satu', pilihan_dua: 'dua', pilihan_tiga: 'tiga', pilihan_empat: 'empat' };
const ours = (text: string, letter: string) => `<span class="we-part"><u>${text}</u><span class="we-letter">${letter}</span></span>`;
const CANONICAL = `The ${ours('children', 'A')} ${ours('plays', 'B')} in ${ours('the', 'C')} ${ours('garden', 'D')} every day.`;

async function newPaket(): Promise<number> {
  const res = await admin.post('/api/admin/paket-soal', { nama_paket: 'Paket Klien Spesifikasi' });
  return res.json<{ data: { id: number } }>().data.id;
}

function listening(method: 'POST' | 'PUT', url: string, fields: Record<string, string | number>, audio?: Buffer) {
  const body = multipart(
    { skill: 'la-idiom', ...options, jawaban: '1', ...fields },
    audio ? { audio: { filename: 'clip.mp3', content: audio } } : {},
  );
  return admin.request({ method, url, payload: body.payload, headers: body.headers });
}

describe('audio on a listening group member', () => {
  it('is accepted and kept on add and edit, while the head still needs its own clip', async () => {
    const id = await newPaket();
    const head = await listening('POST', `/api/admin/paket-soal/${id}/soal-listening`, { no_soal: 31, page: 31 });
    expect(head.statusCode).toBe(400);
    expect(head.json().message).toMatch(/^Semua field wajib diisi!/);

    for (const n of [32, 36, 40, 44, 50]) {
      const res = await listening('POST', `/api/admin/paket-soal/${id}/soal-listening`, { no_soal: n, page: n }, fixture('tone.mp3'));
      expect(res.statusCode, `member ${n}`).toBe(201);
      const audio = res.json().data.audio as string;
      expect(audio).toMatch(/^\/api\/media\/[a-f0-9]{32}\.mp3$/);
      expect((await admin.get(audio)).rawPayload.equals(fixture('tone.mp3'))).toBe(true);
    }

    const member = await listening('POST', `/api/admin/paket-soal/${id}/soal-listening`, { no_soal: 33, page: 33 });
    expect(member.statusCode).toBe(201);
    expect(member.json().data.audio).toBeNull();
    const edited = await listening(
      'PUT',
      `/api/admin/paket-soal/${member.json().data.id}/soal-listening`,
      { no_soal: 33, page: 33 },
      fixture('tone.mp3'),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.audio).toMatch(/^\/api\/media\/[a-f0-9]{32}\.mp3$/);

    // A member's clip does not stand in for the head's: the head is still reported missing.
    const paket = await admin.get(`/api/admin/paket-soal/${id}`);
    expect(paket.json().data.completeness.listeningMissingAudio).toEqual([]);
    const notAudio = await listening(
      'POST',
      `/api/admin/paket-soal/${id}/soal-listening`,
      { no_soal: 34, page: 34 },
      fixture('not-audio.mp3'),
    );
    expect(notAudio.statusCode).toBe(400);
  });
});

describe('written-expression HTML in any common shape', () => {
  let id: number;
  let next = 16;
  beforeAll(async () => {
    id = await newPaket();
  });
  const save = (soal: string) => {
    const no = next++;
    return admin.post(`/api/admin/paket-soal/${id}/soal-written`, {
      soal,
      jawaban: '2',
      no_soal: no,
      page: 52 + no,
      skill: 'we-agreement',
    });
  };

  it.each([
    ['our markup', CANONICAL],
    [
      'sub letters',
      'The <u>children</u><sub>A</sub> <u>plays</u><sub>B</sub> in <u>the</u><sub>C</sub> <u>garden</u><sub>D</sub> every day.',
    ],
    [
      'sup letters',
      'The <u>children</u><sup>A</sup> <u>plays</u><sup>B</sup> in <u>the</u><sup>C</sup> <u>garden</u><sup>D</sup> every day.',
    ],
    [
      'span letters',
      'The <u>children</u><span>A</span> <u>plays</u><span class="huruf">B</span> in <u>the</u><span>C</span> <u>garden</u><span>D</span> every day.',
    ],
    ['letters after a br', 'The <u>children</u><br>A <u>plays</u><br>B in <u>the</u><br>C <u>garden</u><br>D every day.'],
    [
      'the previous system word boxes',
      '<p>The</p><p><u>children</u><br>A</p><p><u>plays</u><br>B</p><p>in</p><p><u>the</u><br>C</p><p><u>garden</u><br>D</p><p>every</p><p>day</p><p>.</p>',
    ],
    ['the template marks', 'The <u>children</u>[A] <u>plays</u>[B] in <u>the</u>[C] <u>garden</u>[D] every day.'],
  ])('accepts %s and stores our markup', async (_name, soal) => {
    const res = await save(soal);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      soal: CANONICAL,
      pilihan_satu: 'children',
      pilihan_dua: 'plays',
      pilihan_tiga: 'the',
      pilihan_empat: 'garden',
    });
  });

  it.each([
    ['three parts', 'The <u>children</u><sub>A</sub> <u>plays</u><sub>B</sub> in <u>the</u><sub>C</sub> garden every day.'],
    [
      'five parts',
      'The <u>children</u><sub>A</sub> <u>plays</u><sub>B</sub> <u>in</u><sub>C</sub> <u>the</u><sub>D</sub> <u>garden</u><sub>D</sub>.',
    ],
    ['a repeated letter', 'The <u>children</u><sub>A</sub> <u>plays</u><sub>B</sub> in <u>the</u><sub>B</sub> <u>garden</u><sub>D</sub>.'],
    ['word boxes with three letters', '<p><u>The</u><br>A</p><p><u>children</u><br>B</p><p><u>plays</u><br>C</p><p>well</p>'],
  ])('still refuses %s with the same message', async (_name, soal) => {
    const res = await save(soal);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Soal written expression harus memiliki tepat empat bagian bergaris bawah dengan huruf A, B, C, D berurutan.',
    );
  });
});

describe('a question sent without a skill (the spec calls carry none)', () => {
  it("is added with its part's default skill, keeps its skill on an edit, and a wrong skill is still refused", async () => {
    const id = await newPaket();
    const spec = (no: number) =>
      multipart(
        { ...options, jawaban: '1', no_soal: no, page: no },
        no === 33 ? {} : { audio: { filename: 'c.mp3', content: fixture('tone.mp3') } },
      );
    const added: Record<number, string> = {};
    for (const no of [5, 33, 40]) {
      const body = spec(no);
      const res = await admin.request({
        method: 'POST',
        url: `/api/admin/paket-soal/${id}/soal-listening`,
        payload: body.payload,
        headers: body.headers,
      });
      expect(res.statusCode, `listening ${no}`).toBe(201);
      added[no] = res.json().data.skill as string;
    }
    expect(added).toEqual({ 5: 'la-paraphrase', 33: 'lb-detail', 40: 'lc-detail' });

    const structure = await admin.post(`/api/admin/paket-soal/${id}/soal-structure`, {
      soal: 'The cat ___ here.',
      ...options,
      jawaban: '2',
      no_soal: 1,
      page: 52,
    });
    expect(structure.statusCode).toBe(201);
    expect(structure.json().data.skill).toBe('st-verb-form');
    const written = await admin.post(`/api/admin/paket-soal/${id}/soal-written`, { soal: CANONICAL, jawaban: '2', no_soal: 16, page: 68 });
    expect(written.json().data.skill).toBe('we-word-form');

    const soalId = structure.json().data.id as number;
    expect(
      (
        await admin.put(`/api/admin/paket-soal/soal-structure/${soalId}`, {
          soal: 'The cat ___ here.',
          ...options,
          jawaban: '2',
          no_soal: 1,
          page: 52,
          skill: 'st-inversion',
        })
      ).statusCode,
    ).toBe(200);
    const kept = await admin.put(`/api/admin/paket-soal/soal-structure/${soalId}`, {
      soal: 'The dog ___ here.',
      ...options,
      jawaban: '3',
      no_soal: 1,
      page: 52,
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({ skill: 'st-inversion', jawaban: '3' });

    const wrong = await admin.post(`/api/admin/paket-soal/${id}/soal-structure`, {
      soal: 'x',
      ...options,
      jawaban: '2',
      no_soal: 2,
      page: 53,
      skill: 'rd-detail',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/bukan skill bagian Structure/);
  });
});
