import { Menu } from '@mantine/core';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../i18n/id.ts';
import { AccountButton } from './AccountButton.tsx';
import type { AccountMenuProps } from './AccountMenu.tsx';

/**
 * The account menu itself, open from the moment it is mounted (the user asked for it). Its button
 * replaced the one that was clicked, so closing hands focus back to it by hand: the menu's own
 * focus return points at the button that is gone.
 */
export function AccountMenuDropdown({ user, onSignOut }: Omit<AccountMenuProps, 'defaultOpened'>) {
  const target = useRef<HTMLButtonElement>(null);
  return (
    <Menu position="bottom-end" withinPortal defaultOpened width={200} onClose={() => target.current?.focus()}>
      <Menu.Target>
        <AccountButton user={user} ref={target} />
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
