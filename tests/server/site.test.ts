import { afterEach, describe, expect, it } from 'vitest';
import { siteInfoSchema } from '../../contract/site.ts';
import { whatsappContact } from '../../server/routes/site.routes.ts';
import { createTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

describe('GET /api/site', () => {
  it('answers the app name and the normalised messaging contact without a session', async () => {
    ctx = await createTestApp({ ADMIN_WHATSAPP: '0812-3456-7890', APP_NAME: 'Kelas TOEFL' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.statusCode).toBe(200);
    const body = siteInfoSchema.parse(res.json());
    expect(body).toEqual({ appName: 'Kelas TOEFL', adminWhatsapp: '6281234567890' });
    expect(res.headers['cache-control']).toContain('max-age');
  });

  it('answers null when no contact is configured', async () => {
    ctx = await createTestApp();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ appName: 'Simulasi TOEFL ITP', adminWhatsapp: null });
  });

  it('answers null rather than a broken link for a value that is not a number', async () => {
    ctx = await createTestApp({ ADMIN_WHATSAPP: 'hubungi admin' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.statusCode).toBe(200);
    expect(res.json().adminWhatsapp).toBeNull();
  });
});

describe('whatsappContact', () => {
  it.each([
    ['0812-3456-7890', '6281234567890'],
    ['+62 812 3456 7890', '6281234567890'],
    ['6281234567890', '6281234567890'],
    ['(0812) 3456.7890', '6281234567890'],
    ['', null],
    [undefined, null],
    ['12', null],
    ['0812abc', null],
  ])('%s -> %s', (raw, expected) => {
    expect(whatsappContact(raw)).toBe(expected);
  });
});
