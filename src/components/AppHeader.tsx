import { Anchor, Badge, Button, Container, Group, Text } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { AuthUser } from '../../contract/auth.ts';
import { t } from '../i18n/id.ts';
import './AppHeader.css';

export interface AppHeaderProps {
  /** The signed-in user, or null when signed out (or not known yet). */
  user: AuthUser | null;
  onSignOut: () => void;
  /** Opens the account menu initially (stories). */
  defaultMenuOpened?: boolean;
  /**
   * Page-specific links (the landing page's section anchors and package menu). With them the
   * header sticks to the top, and on narrow screens the links move to a second, scrollable row.
   */
  nav?: ReactNode;
  /** Payment decisions the learner has not seen yet: a badge linking to Paket Saya when above 0. */
  paymentUpdates?: number;
}

/*
 * The account menu (Menu, Popover, floating-ui) loads only for signed-in users, keeping it out of
 * the landing page's first download (DESIGN section 8).
 */
const AccountMenu = lazy(async () => ({ default: (await import('./AccountMenu.tsx')).AccountMenu }));

/** Holds the menu's place (and the name) for the moment its code is loading. */
function AccountButtonPlaceholder({ nama }: { nama: string }) {
  // As tall as the avatar (Avatar size md) that replaces it, so the page below does not jump.
  return (
    <Group mih={38} wrap="nowrap">
      <Text fw={500} size="sm" truncate="end" maw={{ base: 110, sm: 220 }}>
        {nama}
      </Text>
    </Group>
  );
}

/** The top navigation (spec section 2): Login/Daftar when signed out, else an account menu. */
export function AppHeader({ user, onSignOut, defaultMenuOpened, nav, paymentUpdates = 0 }: AppHeaderProps) {
  return (
    <header className="app-header" data-with-nav={nav ? true : undefined}>
      <Container size="lg" py="sm">
        <nav aria-label={t.nav.label} className="app-header__bar">
          <Anchor component={Link} to="/" fw={700} c="blue.9" underline="never" aria-label={t.nav.home}>
            {t.app.name}
          </Anchor>
          {nav ? <div className="app-header__nav">{nav}</div> : null}
          {user ? (
            <Group gap="xs" wrap="nowrap">
              {paymentUpdates > 0 ? (
                <Anchor component={Link} to="/paket-saya" aria-label={t.paymentUpdates.badge(paymentUpdates)} underline="never">
                  <Badge color="red" variant="filled" circle size="lg">
                    {paymentUpdates}
                  </Badge>
                </Anchor>
              ) : null}
              <Suspense fallback={<AccountButtonPlaceholder nama={user.nama} />}>
                <AccountMenu user={user} onSignOut={onSignOut} defaultOpened={defaultMenuOpened} />
              </Suspense>
            </Group>
          ) : (
            <Group gap="xs" wrap="nowrap">
              <Button component={Link} to="/login" variant="outline" size="sm">
                {t.nav.login}
              </Button>
              <Button component={Link} to="/register" size="sm">
                {t.nav.register}
              </Button>
            </Group>
          )}
        </nav>
      </Container>
    </header>
  );
}
