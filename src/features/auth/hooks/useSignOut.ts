import { useCallback, useEffect, useRef } from 'react';
import { useAppDispatch } from '../../../app/store.ts';
import { useLocation, useNavigate } from 'react-router-dom';
import { api } from '../../../api/api.ts';
import { useLogoutMutation } from '../../../api/auth.api.ts';
import { signedOut } from '../../../app/auth.slice.ts';

/** Longest the sign-out waits for '/' to be on screen before it ends the session anyway. */
const LEAVE_WAIT_MS = 3_000;

/**
 * Sign out: go to '/', tell the server, clear identity (spec section 4), then drop every cached
 * answer so the next person on this browser never sees the previous user's data. A failed logout
 * call is only logged (spec section 8); the local sign-out still happens.
 */
export function useSignOut(): () => Promise<void> {
  const [logout] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const here = useRef(pathname);
  const waiting = useRef<(() => void)[]>([]);

  // '/' has been rendered (or this layout, and with it the guarded page, is gone): release the wait.
  useEffect(() => {
    here.current = pathname;
    if (pathname !== '/') return;
    const release = waiting.current;
    waiting.current = [];
    release.forEach((resolve) => resolve());
  }, [pathname]);
  useEffect(
    () => () => {
      const release = waiting.current;
      waiting.current = [];
      release.forEach((resolve) => resolve());
    },
    [],
  );

  return useCallback(async () => {
    // Leave the guarded page first, and wait until '/' is on screen, so the session ends with no
    // guarded page left to react to it. The router moves in a transition, which a slow phone
    // renders late; when '/' is still not on screen after the wait, the guard itself sends a
    // sign-out to '/' (RequireRole), never to /login.
    if (here.current !== '/') {
      const left = new Promise<void>((resolve) => {
        waiting.current.push(resolve);
        setTimeout(resolve, LEAVE_WAIT_MS);
      });
      await navigate('/', { replace: true });
      await left;
    }
    try {
      await logout().unwrap();
    } catch (error) {
      console.error('Logout gagal', error);
    }
    dispatch(signedOut());
    dispatch(api.util.resetApiState());
  }, [dispatch, logout, navigate]);
}
