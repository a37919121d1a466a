import type { Meta, StoryObj } from '@storybook/react-vite';
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
  parameters: { msw: [authHandlers.signedIn(demoAdmin)], route: '/admin/data-user' },
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
  },
};
