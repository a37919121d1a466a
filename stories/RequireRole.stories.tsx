import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { expect, waitFor, within } from 'storybook/test';
import { authHandlers, demoAdmin, demoUser } from '../src/api/mocks/auth.handlers.ts';
import { RequireRole } from '../src/features/auth/components/RequireRole.tsx';
import { t } from '../src/i18n/id.ts';
import { LocationProbe } from './support/LocationProbe.tsx';

/** A guarded participant page, a guarded admin page, and a probe for /login. */
function GuardedRoutes() {
  return (
    <Routes>
      <Route element={<RequireRole allowed={['User', 'Admin']} />}>
        <Route path="/paketsoal" element={<h1>{t.paket.title}</h1>} />
      </Route>
      <Route element={<RequireRole allowed={['Admin']} />}>
        <Route path="/admin" element={<h1>{t.admin.title}</h1>} />
      </Route>
      <Route path="*" element={<LocationProbe />} />
    </Routes>
  );
}

const meta = {
  title: 'Screens/Route guard',
  component: GuardedRoutes,
  parameters: { route: '/paketsoal' },
} satisfies Meta<typeof GuardedRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  parameters: { msw: [authHandlers.identityPending()] },
  play: async ({ canvasElement }) => {
    const status = await within(canvasElement).findByRole('status');
    await expect(status).toHaveTextContent(t.guard.loading);
  },
};

export const Failure: Story = {
  parameters: { msw: [authHandlers.identityFails()] },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: t.guard.failedTitle });
    await waitFor(() => expect(within(dialog).getByText(t.guard.failedText)).toBeVisible());
    await waitFor(() => expect(within(dialog).getByText(t.guard.failedFooter)).toBeVisible());
    await expect(within(canvasElement).queryByRole('heading', { name: t.paket.title })).toBeNull();
  },
};

export const Allowed: Story = {
  parameters: { msw: [authHandlers.signedIn(demoUser)] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: t.paket.title })).toBeVisible();
  },
};

export const AdminAllowed: Story = {
  parameters: { msw: [authHandlers.signedIn(demoAdmin)], route: '/admin' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: t.admin.title })).toBeVisible();
  },
};

/** Signed out: to /login, remembering /paketsoal. */
export const Redirected: Story = {
  parameters: { msw: [authHandlers.signedOut()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByTestId('probe-path')).toHaveTextContent('/login'));
    await expect(canvas.getByTestId('probe-from')).toHaveTextContent('/paketsoal');
  },
};

/** A User opening /admin goes to /login too (spec section 6). */
export const UserOnAdminRedirected: Story = {
  parameters: { msw: [authHandlers.signedIn(demoUser)], route: '/admin' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByTestId('probe-path')).toHaveTextContent('/login'));
    await expect(canvas.getByTestId('probe-from')).toHaveTextContent('/admin');
  },
};
