import { useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { Role } from '../../../../contract/auth.ts';
import { LOGIN_PATH } from '../../../api/api.ts';
import type { FromState } from '../auth.redirect.ts';
import { useAuthBootstrap } from '../hooks/useAuthBootstrap.ts';
import { AuthFailedView, AuthLoadingView } from './AuthGuardViews.tsx';

export interface RequireRoleProps {
  /** Roles that may see the route (spec section 6). */
  allowed: readonly Role[];
  /** The protected content; defaults to the child routes (`<Outlet />`). */
  children?: ReactNode;
}

/**
 * The protected-route guard (spec section 2): waits for identity, lets an allowed role through,
 * and sends everyone else (signed out, or a User on an Admin page) to /login, remembering where
 * they were going.
 *
 * One exception: identity that goes from signed in to signed out under this guard is a sign-out
 * (an expired session reloads the browser at /login instead, see api.ts), and a sign-out lands on
 * '/' (spec section 4) with nothing remembered. The sign-out moves to '/' before it ends the
 * session, but a slow phone can still be rendering the guarded page when the session ends; without
 * this, the page went to /login remembering itself and the next login went back there.
 */
export function RequireRole({ allowed, children }: RequireRoleProps) {
  const { status, user, failed } = useAuthBootstrap();
  const location = useLocation();
  const [sawSignedIn, setSawSignedIn] = useState(false);
  // Derived during render (React's pattern for state that follows a prop), so the first anonymous
  // render already knows.
  if (status === 'authenticated' && !sawSignedIn) setSawSignedIn(true);

  if (status === 'unknown') return failed ? <AuthFailedView /> : <AuthLoadingView />;
  if (status === 'authenticated' && user && allowed.includes(user.role)) return children ?? <Outlet />;
  if (status === 'anonymous' && sawSignedIn) return <Navigate to="/" replace />;

  const state: FromState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
  return <Navigate to={LOGIN_PATH} replace state={state} />;
}
