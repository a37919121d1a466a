import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, sessions, users } from '../../server/db/schema.ts';
import { Client, createTestApp, fixture, multipart, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_PER_IP: '1000' });
});
afterAll(async () => ctx.close());

let seq = 0;
async function participant(nama = 'Peserta Profil') {
  seq += 1;
  const nohp = `0817${String(seq).padStart(8, '0')}`;
  const c = new Client(ctx.app);
  await c.signUpAndIn({ nohp, nama, password: 'rahasia123' });
  return { c, nohp, canonical: `62${nohp.slice(1)}` };
}

const putProfile = (c: Client, fields: Record<string, string>, photo?: { filename: string; content: Buffer; type?: string }) => {
  const body = multipart(fields, photo ? { profilePic: photo } : {});
  return c.request({ method: 'PUT', url: '/api/users/profile', payload: body.payload, headers: body.headers });
};

describe('PUT /users/profile', () => {
  it('saves name, email, a new number and a photo; the session keeps working under the new number', async () => {
    const me = await participant();
    const res = await putProfile(
      me.c,
      { nohp: me.nohp, nama: 'Ni Luh Putu Ayu', email: 'ayu@example.id', newNohp: '0819 1234 5678' },
      { filename: 'red.png', content: fixture('red.png'), type: 'image/png' },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Perubahan berhasil disimpan.');
    expect(body.user).toMatchObject({ nama: 'Ni Luh Putu Ayu', nohp: '6281912345678' });
    expect(body.user.profilePic).toMatch(/^\/api\/media\/[a-f0-9]{32}\.png$/);
    const detail = (await me.c.get('/api/users/detail-user')).json();
    expect(detail).toMatchObject({
      nama: 'Ni Luh Putu Ayu',
      nohp: '6281912345678',
      email: 'ayu@example.id',
      profilePic: body.user.profilePic,
    });
    const photo = await me.c.get(body.user.profilePic);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    const [file] = await ctx.database.db
      .select()
      .from(files)
      .where(eq(files.key, body.user.profilePic.split('/').pop()));
    expect(file).toMatchObject({ kind: 'profile' });

    // Signing in works with the new number only.
    expect((await new Client(ctx.app).post('/api/users/login', { nohp: '081912345678', password: 'rahasia123' })).statusCode).toBe(200);
    expect((await new Client(ctx.app).post('/api/users/login', { nohp: me.nohp, password: 'rahasia123' })).statusCode).toBe(401);

    // A second photo replaces the first, whose file is forgotten.
    const again = await putProfile(
      me.c,
      { nohp: '6281912345678', nama: 'Ni Luh Putu Ayu', email: 'ayu@example.id' },
      { filename: 'b.jpg', content: fixture('blue.jpg') },
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().user.profilePic).toMatch(/\.jpg$/);
    expect(
      await ctx.database.db
        .select()
        .from(files)
        .where(eq(files.key, body.user.profilePic.split('/').pop())),
    ).toHaveLength(0);
  });

  it('keeps the photo and number when none is sent', async () => {
    const me = await participant();
    const res = await putProfile(me.c, { nohp: me.nohp, nama: 'Nama Baru', email: 'baru@example.id', newNohp: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({ nama: 'Nama Baru', nohp: me.canonical, profilePic: null });
  });

  it('refuses a number used by another account with 409 and changes nothing', async () => {
    const me = await participant('Tetap');
    const other = await participant();
    const res = await putProfile(me.c, { nohp: me.nohp, nama: 'Berubah', email: 'x@example.id', newNohp: other.nohp });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Nomor HP sudah digunakan akun lain.');
    const [row] = await ctx.database.db.select().from(users).where(eq(users.nohp, me.canonical));
    expect(row!.nama).toBe('Tetap');
  });

  it.each([
    [{ nama: 'A', email: 'a@example.id', newNohp: '12345' }, 400, /Nomor HP tidak valid/],
    [{ nama: '', email: 'a@example.id' }, 400, /Nama wajib diisi/],
    [{ nama: 'A', email: 'bukan-email' }, 400, /Format email tidak valid/],
    [{ nama: 'A', email: 'a@example.id', nohp: '081111111111' }, 403, /tidak sesuai/],
  ])('refuses %j', async (fields, status, message) => {
    const me = await participant('Asli');
    const res = await putProfile(me.c, fields);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toMatch(message);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.nohp, me.canonical));
    expect(row!.nama).toBe('Asli');
  });

  it('checks the photo by its bytes (400) and its size (413)', async () => {
    const me = await participant();
    const fake = await putProfile(
      me.c,
      { nama: 'A', email: 'a@example.id' },
      { filename: 'x.png', content: fixture('not-image.png'), type: 'image/png' },
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('Foto profil harus berupa gambar (jpg, png atau webp).');
    const big = Buffer.concat([fixture('red.png'), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const tooBig = await putProfile(me.c, { nama: 'A', email: 'a@example.id' }, { filename: 'big.png', content: big, type: 'image/png' });
    expect(tooBig.statusCode).toBe(413);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.nohp, me.canonical));
    expect(row!.profilePic).toBeNull();
  });

  it('needs a session and multipart', async () => {
    expect((await putProfile(new Client(ctx.app), { nama: 'A', email: 'a@example.id' })).statusCode).toBe(401);
    const me = await participant();
    expect((await me.c.put('/api/users/profile', { nama: 'A', email: 'a@example.id' })).statusCode).toBe(400);
  });
});

describe('PUT /users/update-password', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const me = await participant();
    const otherDevice = new Client(ctx.app);
    await otherDevice.post('/api/users/login', { nohp: me.nohp, password: 'rahasia123' });
    expect((await otherDevice.get('/api/users/getAuth')).statusCode).toBe(200);

    const res = await me.c.put('/api/users/update-password', { nohp: me.nohp, oldPassword: 'rahasia123', newPassword: 'sandi-baru-456' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password berhasil diperbarui.' });
    expect((await me.c.get('/api/users/getAuth')).statusCode).toBe(200);
    expect((await otherDevice.get('/api/users/getAuth')).statusCode).toBe(401);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.nohp, me.canonical));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, row!.id))).toHaveLength(1);

    expect((await new Client(ctx.app).post('/api/users/login', { nohp: me.nohp, password: 'rahasia123' })).statusCode).toBe(401);
    expect((await new Client(ctx.app).post('/api/users/login', { nohp: me.nohp, password: 'sandi-baru-456' })).statusCode).toBe(200);
  });

  it.each([
    [{ oldPassword: 'salah-sekali', newPassword: 'sandi-baru-456' }, 400, 'Password lama salah.'],
    [{ oldPassword: '', newPassword: 'sandi-baru-456' }, 400, 'Password lama wajib diisi.'],
    [{ oldPassword: 'rahasia123', newPassword: 'pendek' }, 400, 'Password minimal 8 karakter.'],
    [
      { oldPassword: 'rahasia123', newPassword: 'sandi-baru-456', nohp: '081111111111' },
      403,
      'Nomor HP tidak sesuai dengan akun yang sedang login.',
    ],
  ])('refuses %j and keeps the old password', async (body, status, message) => {
    const me = await participant();
    const res = await me.c.put('/api/users/update-password', body);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect((await new Client(ctx.app).post('/api/users/login', { nohp: me.nohp, password: 'rahasia123' })).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expect((await new Client(ctx.app).put('/api/users/update-password', { oldPassword: 'a', newPassword: 'bbbbbbbb' })).statusCode).toBe(
      401,
    );
  });
});
