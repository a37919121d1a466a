import { httpStatus } from '../../../lib/api-error.ts';
import { useGetAuthQuery } from '../../../api/auth.api.ts';
import { useAuth, type AuthState } from '../../../app/auth-state.ts';

export interface AuthBootstrap extends AuthState {
  /** The identity probe failed for a reason other than "signed out" (network, 5xx). */
  failed: boolean;
}

/**
 * The current identity, asking the server once while it is still unknown (spec section 7:
 * getAuth is called when auth state is empty). Components share one request through the cache.
 */
export function useAuthBootstrap(): AuthBootstrap {
  const auth = useAuth();
  const probe = useGetAuthQuery(undefined, { skip: auth.status !== 'unknown' });
  const failed = auth.status === 'unknown' && probe.isError && httpStatus(probe.error) !== 401;
  return { ...auth, failed };
}
