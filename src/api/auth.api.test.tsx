import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authHandlers, demoUser } from './mocks/auth.handlers.ts';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../app/store.ts';
import { authApi } from './auth.api.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const detailUser401 = http.get('*/api/users/detail-user', () => HttpResponse.json({ message: 'Sesi berakhir.' }, { status: 401 }));

function storeAt(pathname: string) {
  const location = { pathname: vi.fn(() => pathname), assign: vi.fn() };
  return { store: makeStore(undefined, { location }), location };
}

describe('401 rule of the api slice (spec section 6)', () => {
  it('sends the browser to /login with a full redirect on a 401 from an ordinary call', async () => {
    server.use(detailUser401);
    const { store, location } = storeAt('/profile');
    await store.dispatch(authApi.endpoints.detailUser.initiate());
    expect(location.assign).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('does not redirect when already on /login', async () => {
    server.use(detailUser401);
    const { store, location } = storeAt('/login');
    await store.dispatch(authApi.endpoints.detailUser.initiate());
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('leaves a signed-out visitor where they are: getAuth 401 only marks them anonymous', async () => {
    server.use(authHandlers.signedOut());
    const { store, location } = storeAt('/');
    await store.dispatch(authApi.endpoints.getAuth.initiate());
    expect(location.assign).not.toHaveBeenCalled();
    expect(store.getState().auth).toEqual({ status: 'anonymous', user: null });
  });

  it('does not redirect on a failed login (wrong password is a 401 too)', async () => {
    server.use(authHandlers.loginFails(401, 'Nomor HP atau password salah'));
    const { store, location } = storeAt('/login');
    const result = await store.dispatch(authApi.endpoints.login.initiate({ nohp: '0812', password: 'x' }));
    expect(location.assign).not.toHaveBeenCalled();
    expect(result.error).toMatchObject({ status: 401, data: { error: 'Nomor HP atau password salah' } });
  });

  it('keeps identity unknown when the probe fails for another reason (the guard shows Oops...)', async () => {
    server.use(authHandlers.identityFails());
    const { store, location } = storeAt('/paketsoal');
    await store.dispatch(authApi.endpoints.getAuth.initiate());
    expect(location.assign).not.toHaveBeenCalled();
    expect(store.getState().auth.status).toBe('unknown');
  });

  it('sets and clears identity from getAuth, login and logout', async () => {
    server.use(authHandlers.signedIn(demoUser), authHandlers.logoutSucceeds());
    const { store } = storeAt('/');
    await store.dispatch(authApi.endpoints.getAuth.initiate());
    expect(store.getState().auth).toEqual({ status: 'authenticated', user: demoUser });
    await store.dispatch(authApi.endpoints.logout.initiate());
    expect(store.getState().auth).toEqual({ status: 'anonymous', user: null });
  });
});
