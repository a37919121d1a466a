import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import type { ComponentProps } from 'react';
import type { AuthUser } from '../../contract/auth.ts';
import { apiAssetUrl } from '../api/api.ts';
import { t } from '../i18n/id.ts';
import './AccountMenu.css';

/** Initials for the avatar fallback: "Siti Nurhaliza" -> "SN". */
export function initials(nama: string): string {
  const parts = nama.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((p) => p?.charAt(0).toUpperCase() ?? '').join('') || '?';
}

export interface AccountButtonProps extends ComponentProps<typeof UnstyledButton<'button'>> {
  user: AuthUser;
}

/** The signed-in user's avatar and name: the account menu's button, the same before and after the menu's code has loaded. */
export function AccountButton({ user, ...props }: AccountButtonProps) {
  return (
    <UnstyledButton aria-label={t.nav.accountMenu(user.nama)} style={{ borderRadius: 'var(--mantine-radius-md)' }} {...props}>
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
  );
}
