import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { AuthUser } from '../../contract/auth.ts';
import { apiAssetUrl } from '../api/api.ts';
import { t } from '../i18n/id.ts';
import './AccountMenu.css';

export interface AccountMenuProps {
  user: AuthUser;
  onSignOut: () => void;
  defaultOpened?: boolean;
}

/** Initials for the avatar fallback: "Siti Nurhaliza" -> "SN". */
export function initials(nama: string): string {
  const parts = nama.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((p) => p?.charAt(0).toUpperCase() ?? '').join('') || '?';
}

/** The signed-in user's name and avatar opening 'Dashboard Admin' (Admin), 'Profile User', 'Sign out'. */
export function AccountMenu({ user, onSignOut, defaultOpened }: AccountMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened} width={200}>
      <Menu.Target>
        <UnstyledButton aria-label={t.nav.accountMenu(user.nama)} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar src={apiAssetUrl(user.profilePic)} alt="" color="blue" radius="xl" size="md" aria-hidden>
              {/* Drawn by CSS, not text: the visible text of the button stays the name its label contains (WCAG 2.5.3). */}
              <span className="account-menu__initials" data-initials={initials(user.nama)} />
            </Avatar>
            <Text fw={500} size="sm" truncate="end" maw={{ base: 110, sm: 220 }}>
              {user.nama}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {user.role === 'Admin' ? (
          <Menu.Item component={Link} to="/admin">
            {t.nav.adminDashboard}
          </Menu.Item>
        ) : null}
        <Menu.Item component={Link} to="/profile">
          {t.nav.profile}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={onSignOut}>
          {t.nav.signOut}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
