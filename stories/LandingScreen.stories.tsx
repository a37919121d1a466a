import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { demoUser } from '../src/api/mocks/auth.handlers.ts';
import { AppHeader } from '../src/components/AppHeader.tsx';
import { LandingNav } from '../src/features/landing/components/LandingNav.tsx';
import { LandingView } from '../src/features/landing/components/LandingView.tsx';
import { t } from '../src/i18n/id.ts';
import type { AuthUser } from '../contract/auth.ts';

/** The landing page as the app frames it: the header with the landing links, then the page. */
function LandingPage({ user, whatsapp }: { user: AuthUser | null; whatsapp: string | null }) {
  return (
    <>
      <AppHeader user={user} onSignOut={fn()} nav={<LandingNav />} />
      <LandingView whatsapp={whatsapp} year={2025} />
    </>
  );
}

const meta = {
  title: 'Screens/Landing',
  component: LandingPage,
  args: { user: null, whatsapp: '6281234567890' },
} satisfies Meta<typeof LandingPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const SECTIONS = ['daftar', 'fasilitas', 'profile', 'testimoni', 'berlangganan'];

export const SignedOut: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const id of SECTIONS) await expect(canvasElement.querySelector(`section#${id}`)).not.toBeNull();
    await expect(canvas.getByRole('link', { name: t.nav.login })).toBeVisible();
    const enrol = canvas.getAllByRole('link', { name: new RegExp(t.landing.enrol) })[0]!;
    await expect(enrol.getAttribute('href')).toBe(`https://wa.me/6281234567890?text=${encodeURIComponent(t.landing.waEnrolText)}`);
    await expect(canvas.getByRole('link', { name: new RegExp(t.landing.chatButton) })).toBeVisible();
    await expect(canvas.getAllByRole('link', { name: t.landing.startSimulation })[0]).toHaveAttribute('href', '/paketsoal');
  },
};

export const SignedIn: Story = {
  args: { user: demoUser },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: t.nav.accountMenu(demoUser.nama) });
    await expect(canvas.queryByRole('link', { name: t.nav.login })).toBeNull();
    await expect(canvas.getByRole('link', { name: t.landing.nav.testimoni })).toHaveAttribute('href', '#testimoni');
  },
};

export const NoWhatsappNumber: Story = {
  args: { whatsapp: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t.landing.noContact)).toBeVisible();
    await expect(canvasElement.querySelectorAll('a[href^="https://wa.me/"]').length).toBe(0);
    await expect(canvas.queryByRole('link', { name: new RegExp(t.landing.chatButton) })).toBeNull();
  },
};

export const PackageMenuOpen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: t.landing.nav.simulasi }));
    const menu = await within(canvasElement.ownerDocument.body).findByRole('menu');
    await waitFor(() => expect(within(menu).getAllByRole('menuitem')).toHaveLength(10));
    await expect(within(menu).getByRole('menuitem', { name: t.landing.nav.paket('G', t.landing.nav.itp) })).toHaveAttribute(
      'href',
      '/paketsoal',
    );
  },
};
