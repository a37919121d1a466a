import { useCallback } from 'react';
import { useAppDispatch } from '../../../app/store.ts';
import { useNavigate } from 'react-router-dom';
import { api } from '../../../api/api.ts';
import { useLogoutMutation } from '../../../api/auth.api.ts';
import { signedOut } from '../../../app/auth.slice.ts';

/**
 * Sign out: tell the server, clear identity, go to '/' (spec section 4), then drop every cached
 * answer so the next person on this browser never sees the previous user's data. A failed logout
 * call is only logged (spec section 8); the local sign-out still happens.
 */
export function useSignOut(): () => Promise<void> {
  const [logout] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(async () => {
    // Leave the guarded page first: once the session ends, its guard would redirect to /login
    // (remembering the page) instead of letting the user land on '/'.
    await navigate('/', { replace: true });
    try {
      await logout().unwrap();
    } catch (error) {
      console.error('Logout gagal', error);
    }
    dispatch(signedOut());
    dispatch(api.util.resetApiState());
  }, [dispatch, logout, navigate]);
}
