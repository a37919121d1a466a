import type { Role } from '../../../contract/auth.ts';
import { LOGIN_PATH } from '../../api/api.ts';

/** The location state the guard leaves on its way to /login. */
export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

export const USER_HOME = '/paketsoal';
export const ADMIN_HOME = '/admin';

function isFromState(state: unknown): state is FromState {
  return typeof state === 'object' && state !== null && 'from' in state;
}

/**
 * Where a fresh login lands (spec section 4): an Admin on /admin; a User back where the guard
 * stopped them, else /paketsoal. Only same-app paths are followed (no open redirect).
 */
export function destinationAfterLogin(role: Role, state: unknown): string {
  if (role === 'Admin') return ADMIN_HOME;
  const from = isFromState(state) ? state.from : undefined;
  if (from && from.pathname.startsWith('/') && !from.pathname.startsWith('//') && from.pathname !== LOGIN_PATH) {
    return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  }
  return USER_HOME;
}
