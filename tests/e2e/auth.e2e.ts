import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, closeBrowser, newContext, screenshot, startServer, watchPageErrors, type RunningServer, submitLogin } from './harness.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ env: { DEMO_CONTENT: '0' } });
});
afterAll(async () => {
  await closeBrowser();
  await server?.dispose();
});

const PHONE = '0812-7777-1234';
const PASSWORD = 'rahasia-peserta-1';

describe('accounts in the browser', () => {
  it('register -> login -> reload stays signed in -> sign out', async () => {
    const context = await newContext(server.baseUrl);
    const page = await context.newPage();
    const errors = watchPageErrors(page);

    await page.goto('/register');
    await page.getByLabel('Nama Lengkap').fill('Ayu Lestari');
    await page.getByLabel('Nomor HP').fill(PHONE);
    await page.getByLabel('Email').fill('ayu@example.id');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Daftar', exact: true }).click();
    await page.waitForURL('**/login');

    // Another spelling of the same number signs in to the same account.
    await submitLogin(page, '+6281277771234', PASSWORD);
    await page.waitForURL('**/paketsoal');
    const menu = page.getByRole('button', { name: /Ayu Lestari/ });
    await menu.waitFor();
    await screenshot(page, 'auth-signed-in');

    await page.reload();
    await page.waitForURL('**/paketsoal');
    await page.getByRole('button', { name: /Ayu Lestari/ }).waitFor();

    await page.getByRole('button', { name: /Ayu Lestari/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(server.baseUrl + '/');
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    // The session is gone on the server too.
    const res = await page.request.get('/api/users/getAuth');
    expect(res.status()).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the server reason when a login fails, in a dialog and under the form', async () => {
    const context = await newContext(server.baseUrl, { viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto('/login');
    await submitLogin(page, '081200000000', 'salah');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Login Gagal').waitFor();
    await dialog.getByText('Nomor HP atau password salah.').waitFor();
    await screenshot(page, 'auth-login-failed-phone');
    await context.close();
  });

  it('sends an admin to /admin and a User who opens /admin to /login', async () => {
    const context = await newContext(server.baseUrl);
    const page = await context.newPage();
    await page.goto('/login');
    await submitLogin(page, ADMIN.nohp, ADMIN.password);
    await page.waitForURL(/\/admin(\/|$)/);
    await context.close();

    const userContext = await newContext(server.baseUrl);
    const userPage = await userContext.newPage();
    await userPage.goto('/login');
    await submitLogin(userPage, PHONE, PASSWORD);
    await userPage.waitForURL('**/paketsoal');
    await userPage.goto('/admin');
    await userPage.waitForURL('**/login');
    await userContext.close();
  });

  it('sends a signed-out visit to /paketsoal to /login and back there after login', async () => {
    const context = await newContext(server.baseUrl);
    const page = await context.newPage();
    await page.goto('/paketsoal');
    await page.waitForURL('**/login');
    await submitLogin(page, PHONE, PASSWORD);
    await page.waitForURL('**/paketsoal');
    await context.close();
  });

  it('signing out from a guarded page on a slow phone lands on /, and the next login on /paketsoal', async () => {
    const nohp = '081277775678';
    const reg = await fetch(`${server.baseUrl}/api/users/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nohp, nama: 'Bayu Lambat', email: 'bayu@example.id', password: PASSWORD }),
    });
    expect(reg.status).toBe(201);
    const context = await newContext(server.baseUrl);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const cdp = await context.newCDPSession(page);
    // Twice: the route change renders late only some of the time on this machine.
    for (let round = 0; round < 2; round += 1) {
      await page.goto('/login');
      await submitLogin(page, nohp, PASSWORD);
      await page.waitForURL('**/paketsoal');
      await page.goto('/profile');
      const menu = page.getByRole('button', { name: 'Menu akun Bayu Lambat' });
      await menu.waitFor();
      // A slow phone: the router's move to / is rendered late.
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
      await menu.click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.getByRole('link', { name: 'Login' }).first().waitFor();
      // Lands on / (however late a loaded machine renders it) and stays there.
      const at = () => new URL(page.url()).pathname;
      await expect.poll(at, { message: `round ${round + 1}`, timeout: 10_000 }).toBe('/');
      await page.waitForTimeout(1_000);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      expect(at(), `round ${round + 1}`).toBe('/');
    }
    // Nothing of the old page is remembered: the next login goes to the participant home.
    await page.goto('/login');
    await submitLogin(page, nohp, PASSWORD);
    await page.waitForURL('**/paketsoal');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('redirects unknown paths to / and serves client routes on reload', async () => {
    const context = await newContext(server.baseUrl);
    const page = await context.newPage();
    await page.goto('/tidak/ada/halaman');
    await page.waitForURL(server.baseUrl + '/');
    const direct = await page.request.get('/register');
    expect(direct.status()).toBe(200);
    expect(direct.headers()['content-security-policy']).toMatch(/script-src 'self'/);
    await context.close();
  });

  it('seeds nothing with DEMO_CONTENT=0', async () => {
    const res = await fetch(`${server.baseUrl}/api/paket-soal`);
    expect(await res.json()).toEqual({ data: [] });
  });
});
