import { AppShell, Burger, Button, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { AuthUser } from '../../../../contract/auth.ts';
import type { SetupStatus } from '../../../../contract/payments.ts';
import { t } from '../../../i18n/id.ts';
import { SetupChecklist, setupDone } from './SetupChecklist.tsx';

const AccountMenu = lazy(async () => ({ default: (await import('../../../components/AccountMenu.tsx')).AccountMenu }));

/** The sidebar entries (spec section 2, admin layout). */
export const ADMIN_NAV = [
  { to: '/admin/payments', label: t.admin.layout.payments },
  { to: '/admin/riwayat-ujian', label: t.admin.layout.examHistory },
  { to: '/admin/soal-simulasi', label: t.admin.layout.packages },
  { to: '/admin/data-user', label: t.admin.layout.users },
  { to: '/admin/audit-log', label: t.admin.layout.audit },
  { to: '/admin/settings', label: t.admin.layout.settings },
] as const;

export interface AdminLayoutViewProps {
  /** The signed-in admin (null while the identity call is still answering). */
  user: AuthUser | null;
  /** The current path, to highlight its sidebar entry. */
  pathname: string;
  onLogout: () => void;
  /** The first-run steps; the checklist shows above every page until all are done. */
  setup?: SetupStatus | null;
  /** Starts with the sidebar open on narrow screens (stories). */
  defaultNavOpened?: boolean;
  children: ReactNode;
}

/**
 * The admin frame: a header with the menu toggle, title and profile menu, a collapsible sidebar
 * with the four admin areas and Logout, and the page.
 */
export function AdminLayoutView({ user, pathname, onLogout, setup, defaultNavOpened = false, children }: AdminLayoutViewProps) {
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(defaultNavOpened);
  const [desktopOpened, { toggle: toggleDesktop }] = useDisclosure(true);

  return (
    /*
     * The confirm dialogs' host, mounted with the frame and before any admin screen (a host that
     * mounted later, lazily, dropped the admin's first delete or clone click). Kept out of the
     * shared entry, which every learner's page loads.
     */
    <ModalsProvider>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
        padding="md"
      >
        <a className="skip-link" href="#admin-main">
          {t.app.skipToContent}
        </a>
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger opened={mobileOpened} onClick={toggleMobile} hiddenFrom="sm" size="sm" aria-label={t.admin.layout.toggleNav} />
              <Burger opened={desktopOpened} onClick={toggleDesktop} visibleFrom="sm" size="sm" aria-label={t.admin.layout.toggleNav} />
              <Text component={Link} to="/" fw={700} c="blue.9" truncate="end">
                {t.admin.title}
              </Text>
            </Group>
            {user ? (
              <Suspense fallback={<Text size="sm">{user.nama}</Text>}>
                <AccountMenu user={user} onSignOut={onLogout} />
              </Suspense>
            ) : null}
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="sm" component="nav" aria-label={t.admin.layout.navLabel}>
          <AppShell.Section grow component={ScrollArea}>
            {ADMIN_NAV.map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                active={pathname === item.to || pathname.startsWith(`${item.to}/`)}
                aria-current={pathname === item.to || pathname.startsWith(`${item.to}/`) ? 'page' : undefined}
                onClick={closeMobile}
                variant="filled"
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              />
            ))}
          </AppShell.Section>
          <AppShell.Section>
            <Button variant="light" color="red" fullWidth onClick={onLogout}>
              {t.admin.layout.logout}
            </Button>
          </AppShell.Section>
        </AppShell.Navbar>
        <AppShell.Main id="admin-main" tabIndex={-1}>
          {setup && !setupDone(setup) ? <SetupChecklist status={setup} /> : null}
          {children}
        </AppShell.Main>
      </AppShell>
    </ModalsProvider>
  );
}
