import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Provider } from 'react-redux';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authHandlers, demoUser } from '../api/mocks/auth.handlers.ts';
import { anonymous, unknownIdentity, useAuth } from './auth-state.ts';
import { signedOut } from './auth.slice.ts';
import { deferredStore } from './deferred-store.ts';
import { bootStore } from './store-boot.ts';
import { makeStore } from './store.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function Identity() {
  const { status, user } = useAuth();
  return <p>{`${status}:${user?.nama ?? '-'}`}</p>;
}

describe('deferredStore (decision 026)', () => {
  it('answers the known identity and refuses dispatches until the store has loaded', () => {
    const load = vi.fn(async () => makeStore());
    const deferred = deferredStore(anonymous, load);
    render(
      <Provider store={deferred.store}>
        <Identity />
      </Provider>,
    );
    expect(screen.getByText('anonymous:-')).toBeInTheDocument();
    expect(() => deferred.store.dispatch(signedOut())).toThrow(/not loaded yet/);
    expect(load).not.toHaveBeenCalled();
  });

  it('loads once, starts the store from the known identity and hands its subscribers over', async () => {
    const real = makeStore({ auth: unknownIdentity });
    const load = vi.fn(async (preloaded: { auth: typeof unknownIdentity }) => {
      expect(preloaded).toEqual({ auth: unknownIdentity });
      return real;
    });
    const deferred = deferredStore(unknownIdentity, load);
    render(
      <Provider store={deferred.store}>
        <Identity />
      </Provider>,
    );
    expect(screen.getByText('unknown:-')).toBeInTheDocument();
    const [a, b] = await act(async () => Promise.all([deferred.ready(), deferred.ready()]));
    expect(a).toBe(real);
    expect(b).toBe(real);
    expect(load).toHaveBeenCalledTimes(1);
    // A change in the real store reaches the components subscribed to the stand-in.
    act(() => {
      deferred.store.dispatch(signedOut());
    });
    expect(real.getState().auth).toEqual(anonymous);
    expect(screen.getByText('anonymous:-')).toBeInTheDocument();
  });

  it('tries the load again after a failed one', async () => {
    const real = makeStore();
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(real);
    const deferred = deferredStore(anonymous, load);
    await expect(deferred.ready()).rejects.toThrow('offline');
    await expect(deferred.ready()).resolves.toBe(real);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('bootStore', () => {
  it('asks who is signed in when the page load did not say', async () => {
    server.use(authHandlers.signedIn());
    const store = bootStore({ auth: unknownIdentity });
    await vi.waitFor(() => expect(store.getState().auth).toEqual({ status: 'authenticated', user: demoUser }));
  });

  it('asks nothing when the page load said nobody is signed in', async () => {
    const asked = vi.fn();
    server.use(
      http.get('*/api/users/getAuth', () => {
        asked();
        return HttpResponse.json({ dataUser: demoUser });
      }),
    );
    const store = bootStore({ auth: anonymous });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).not.toHaveBeenCalled();
    expect(store.getState().auth).toEqual(anonymous);
  });
});
