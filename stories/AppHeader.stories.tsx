import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { demoAdmin, demoUser } from '../src/api/mocks/auth.handlers.ts';
import { AppHeader } from '../src/components/AppHeader.tsx';
import { t } from '../src/i18n/id.ts';

const meta = {
  title: 'Components/Navigation header',
  component: AppHeader,
  args: { user: null, onSignOut: fn() },
} satisfies Meta<typeof AppHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** The account menu is a lazy chunk: wait for its button before interacting. */
const findAccountButton = (canvasElement: HTMLElement, nama: string) =>
  within(canvasElement).findByRole('button', { name: t.nav.accountMenu(nama) });

export const SignedOut: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: t.nav.login })).toHaveAttribute('href', '/login');
    await expect(canvas.getByRole('link', { name: t.nav.register })).toHaveAttribute('href', '/register');
  },
};

export const SignedInUser: Story = {
  args: { user: demoUser },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const accountButton = await findAccountButton(canvasElement, demoUser.nama);
    await expect(canvas.getByText(demoUser.nama)).toBeVisible();
    // Initials are drawn from a data attribute so screen readers hear the name only once.
    await expect(canvasElement.querySelector('[data-initials="SN"]')).not.toBeNull();
    await expect(canvas.queryByRole('link', { name: t.nav.login })).toBeNull();
    // Keyboard: focus the account button and open the menu with Enter. The tabbing starts at the
    // story's own edge: story files share one page (vitest.config.ts), so what the document holds
    // before it, and where an earlier story left the focus, is not this story's.
    canvasElement.tabIndex = -1;
    canvasElement.focus();
    await userEvent.tab();
    await userEvent.tab();
    await expect(accountButton).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const menu = await body(canvasElement).findByRole('menu');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: t.nav.profile })).toBeVisible());
    await expect(within(menu).queryByRole('menuitem', { name: t.nav.adminDashboard })).toBeNull();
  },
};

export const SignedInAdmin: Story = {
  args: { user: demoAdmin },
  play: async ({ canvasElement }) => {
    await userEvent.click(await findAccountButton(canvasElement, demoAdmin.nama));
    const menu = await body(canvasElement).findByRole('menu');
    await expect(within(menu).getByRole('menuitem', { name: t.nav.adminDashboard })).toHaveAttribute('href', '/admin');
  },
};

export const MenuOpen: Story = {
  args: { user: demoAdmin, defaultMenuOpened: true },
  play: async ({ canvasElement, args }) => {
    const menu = await body(canvasElement).findByRole('menu', {});
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: t.nav.adminDashboard })).toBeVisible());
    await expect(within(menu).getByRole('menuitem', { name: t.nav.profile })).toHaveAttribute('href', '/profile');
    await userEvent.click(within(menu).getByRole('menuitem', { name: t.nav.signOut }));
    await expect(args.onSignOut).toHaveBeenCalled();
  },
};

/** Two payment decisions the learner has not seen: a badge linking to Paket Saya. */
export const PaymentUpdatesBadge: Story = {
  args: { user: demoUser, paymentUpdates: 2 },
  play: async ({ canvasElement }) => {
    const badge = within(canvasElement).getByRole('link', { name: t.paymentUpdates.badge(2) });
    await expect(badge).toHaveAttribute('href', '/paket-saya');
    await expect(badge).toHaveTextContent('2');
  },
};

export const NoPaymentUpdates: Story = {
  args: { user: demoUser, paymentUpdates: 0 },
  play: async ({ canvasElement }) => {
    await findAccountButton(canvasElement, demoUser.nama);
    await expect(within(canvasElement).queryByRole('link', { name: t.paymentUpdates.badge(0) })).toBeNull();
  },
};
