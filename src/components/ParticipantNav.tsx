import { Button, ScrollArea } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { t } from '../i18n/id.ts';

interface NavItem {
  to: string;
  label: string;
  /** Path prefixes on which this item is the current one. */
  activeOn: string[];
}

const ITEMS: NavItem[] = [
  {
    to: '/paketsoal',
    label: t.participantNav.simulasi,
    activeOn: ['/paketsoal', '/simulasi-toefl', '/bayar'],
  },
  { to: '/paket-saya', label: t.participantNav.paketSaya, activeOn: ['/paket-saya'] },
  { to: '/riwayat-ujian', label: t.participantNav.riwayat, activeOn: ['/riwayat-ujian'] },
  { to: '/latihan', label: t.participantNav.latihan, activeOn: ['/latihan'] },
  { to: '/mini-test', label: t.participantNav.miniTest, activeOn: ['/mini-test'] },
];

const isActive = (pathname: string, item: NavItem) =>
  item.activeOn.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

/**
 * The participant pages' top navigation (spec section 2: Simulasi, Paket Saya, Riwayat Simulasi,
 * Mini Test; Simulasi highlighted on /paketsoal and /simulasi-toefl). Scrolls sideways on phones.
 */
export function ParticipantNav() {
  const { pathname } = useLocation();
  return (
    <ScrollArea type="never" component="nav" aria-label={t.participantNav.label} mb="md">
      <div style={{ display: 'flex', gap: 'var(--mantine-spacing-xs)', paddingBlock: 2 }}>
        {ITEMS.map((item) => {
          const active = isActive(pathname, item);
          return (
            <Button
              key={item.to}
              component={Link}
              to={item.to}
              size="sm"
              radius="xl"
              variant={active ? 'filled' : 'light'}
              aria-current={active ? 'page' : undefined}
              style={{ flexShrink: 0 }}
            >
              {item.label}
            </Button>
          );
        })}
      </div>
    </ScrollArea>
  );
}
