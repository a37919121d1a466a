import { userUpdated } from './auth.slice.ts';
import { ProfileScreen } from '../features/profile/components/ProfileScreen.tsx';
import { useAppDispatch } from './store.ts';

/**
 * /profile, wired here because features do not import each other: a saved profile updates the
 * auth state at once (header name, number, photo) without another getAuth round trip, which a
 * tag invalidation could not trigger anyway (the identity probe is not subscribed once known).
 */
export function ProfileRoute() {
  const dispatch = useAppDispatch();
  return <ProfileScreen onUserUpdated={(user) => dispatch(userUpdated(user))} />;
}
