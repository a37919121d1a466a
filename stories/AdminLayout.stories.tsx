import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { authHandlers, demoAdmin } from '../src/api/mocks/auth.handlers.ts';
import { AdminLayout } from '../src/features/admin/components/AdminLayout.tsx';
import { AdminLayoutView } from '../src/features/admin/components/AdminLayoutView.tsx';
import { t } from '../src/i18n/id.ts';

const meta = {
  title: 'Admin/Layout',
  component: AdminLayoutView,
  args: { user: demoAdmin, pathname: '/admin/soal-simulasi', onLogout: fn(), children: <p>Konten halaman</p> },
  parameters: { route: '/admin/soal-simulasi' },
} satisfies Meta<typeof AdminLayoutView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Sidebar: Story = {
  play: async ({ canvasElement, args }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: t.admin.layout.navLabel });
    for (const [label, href] of [
      ['Pembayaran', '/admin/payments'],
      ['Riwayat Ujian', '/admin/riwayat-ujian'],
      ['Soal Simulasi', '/admin/soal-simulasi'],
      ['Data User', '/admin/data-user'],
      ['Log Audit', '/admin/audit-log'],
    ] as const) {
      await expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('href', href);
    }
    await expect(within(nav).getByRole('link', { name: 'Soal Simulasi' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(nav).getByRole('button', { name: t.admin.layout.logout }));
    await expect(args.onLogout).toHaveBeenCalled();
  },
};

export const ProfileMenu: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: t.nav.accountMenu(demoAdmin.nama) }));
    const body = within(canvasElement.ownerDocument.body);
    await waitFor(() => expect(body.getByRole('menuitem', { name: t.nav.profile })).toBeVisible());
    await userEvent.click(body.getByRole('menuitem', { name: t.nav.signOut }));
    await expect(args.onLogout).toHaveBeenCalled();
  },
};

/** The sidebar collapses behind the menu toggle. */
export const Collapsed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggles = canvas.getAllByRole('button', { name: t.admin.layout.toggleNav });
    const visible = toggles.find((b) => b.checkVisibility())!;
    const nav = canvas.getByRole('navigation', { name: t.admin.layout.navLabel });
    await expect(nav.getBoundingClientRect().right).toBeGreaterThan(0);
    await userEvent.click(visible);
    // Collapsed: the sidebar slides out of view to the left.
    await waitFor(() => expect(nav.getBoundingClientRect().right).toBeLessThanOrEqual(0));
  },
};

/** The container: the admin's name comes from the identity call; /admin index content in the outlet. */
export const Container: Story = {
  parameters: {
    msw: [
      authHandlers.signedIn(demoAdmin),
      http.get('*/api/admin/setup-status', () => HttpResponse.json({ adminPasswordChanged: false, qrSet: true, paketReady: true })),
    ],
    route: '/admin/data-user',
  },
  render: () => (
    <Routes>
      <Route path="/admin" element={<AdminLayout />}>
        <Route path="data-user" element={<h2>Isi Data User</h2>} />
      </Route>
    </Routes>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: t.nav.accountMenu(demoAdmin.nama) })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Isi Data User' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Data User' })).toHaveAttribute('aria-current', 'page');
    const banner = await canvas.findByRole('region', { name: t.admin.setup.title });
    await expect(within(banner).getByRole('link', { name: t.admin.setup.password })).toHaveAttribute('href', '/profile');
  },
};

/** A fresh install: the first-run checklist sits above every admin page until its three steps are done. */
export const FirstRunChecklist: Story = {
  args: { setup: { adminPasswordChanged: true, qrSet: false, paketReady: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const banner = canvas.getByRole('region', { name: t.admin.setup.title });
    await expect(banner).toHaveTextContent(t.admin.setup.progress(1, 3));
    await expect(within(banner).getByRole('link', { name: t.admin.setup.qr })).toHaveAttribute('href', '/admin/settings');
    await expect(within(banner).getByRole('link', { name: t.admin.setup.paket })).toHaveAttribute('href', '/admin/soal-simulasi');
    await expect(within(banner).queryByRole('link', { name: t.admin.setup.password })).toBeNull();
    await expect(canvas.getByText('Konten halaman')).toBeVisible();
  },
};

/** Every step done: no banner. */
export const SetupDone: Story = {
  args: { setup: { adminPasswordChanged: true, qrSet: true, paketReady: true } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('region', { name: t.admin.setup.title })).toBeNull();
  },
};
