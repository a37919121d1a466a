import { useEffect } from 'react';
import { RequireRole } from '../features/auth/components/RequireRole.tsx';
import { useAuth } from './auth.slice.ts';
import { preloadSignedInScreens } from './screens.ts';

/** The signed-in participant area: the role guard, and the preload of its screens' code once someone is signed in. */
export function SignedInArea() {
  const { status } = useAuth();
  useEffect(() => (status === 'authenticated' ? preloadSignedInScreens() : undefined), [status]);
  return <RequireRole allowed={['User', 'Admin']} />;
}
