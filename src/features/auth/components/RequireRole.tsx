import type { ReactNode } from 'react';
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
 */
export function RequireRole({ allowed, children }: RequireRoleProps) {
  const { status, user, failed } = useAuthBootstrap();
  const location = useLocation();

  if (status === 'unknown') return failed ? <AuthFailedView /> : <AuthLoadingView />;
  if (status === 'authenticated' && user && allowed.includes(user.role)) return children ?? <Outlet />;

  const state: FromState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
  return <Navigate to={LOGIN_PATH} replace state={state} />;
}
