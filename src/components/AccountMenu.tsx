import { lazy, Suspense, useState } from 'react';
import type { AuthUser } from '../../contract/auth.ts';
import { AccountButton } from './AccountButton.tsx';

export interface AccountMenuProps {
  user: AuthUser;
  onSignOut: () => void;
  defaultOpened?: boolean;
}

const loadDropdown = () => import('./AccountMenuDropdown.tsx');
/*
 * The menu itself (Mantine's Menu, Popover and floating-ui: about 30 KB gzip) is fetched when the
 * user reaches for the button, not with every signed-in page (the exam page among them).
 */
const AccountMenuDropdown = lazy(async () => ({ default: (await loadDropdown()).AccountMenuDropdown }));
const warm = () => void loadDropdown().catch(() => undefined); // a failed early fetch is made again by the click

/** The signed-in user's name and avatar opening 'Dashboard Admin' (Admin), 'Profile User', 'Sign out'. */
export function AccountMenu({ user, onSignOut, defaultOpened = false }: AccountMenuProps) {
  const [wanted, setWanted] = useState(defaultOpened);
  if (!wanted)
    return (
      <AccountButton
        user={user}
        aria-haspopup="menu"
        aria-expanded={false}
        onPointerEnter={warm}
        onFocus={warm}
        onClick={() => setWanted(true)}
      />
    );
  return (
    <Suspense fallback={<AccountButton user={user} aria-haspopup="menu" aria-expanded={false} />}>
      <AccountMenuDropdown user={user} onSignOut={onSignOut} />
    </Suspense>
  );
}
