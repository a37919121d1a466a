import type { ReactNode } from 'react';
import type { AuthUser } from '../../contract/auth.ts';
import { usePaymentUpdatesQuery } from '../api/learner-payments.api.ts';
import { AppHeader } from '../components/AppHeader.tsx';
import { useSignOut } from '../features/auth/hooks/useSignOut.ts';

export interface SignedInHeaderProps {
  user: AuthUser;
  nav?: ReactNode;
}

/**
 * The header of a signed-in visitor: sign-out and the learner's unseen payment decisions, both
 * through RTK Query. Its code comes with the store's (decision 026): a signed-in identity can
 * only come from the store, so it is always in by the time this renders.
 */
export function SignedInHeader({ user, nav }: SignedInHeaderProps) {
  const signOut = useSignOut();
  const learner = user.role === 'User';
  const updates = usePaymentUpdatesQuery(undefined, { skip: !learner });
  return <AppHeader user={user} onSignOut={() => void signOut()} nav={nav} paymentUpdates={learner ? (updates.data?.length ?? 0) : 0} />;
}
