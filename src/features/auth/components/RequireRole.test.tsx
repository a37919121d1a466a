import { act, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authHandlers, demoAdmin, demoUser } from '../../../api/mocks/auth.handlers.ts';
import { renderWithProviders } from '../../../test-utils.tsx';
import { t } from '../../../i18n/id.ts';
import { signedOut } from '../../../app/auth.slice.ts';
import { destinationAfterLogin } from '../auth.redirect.ts';
import { RequireRole } from './RequireRole.tsx';
import { LocationState } from './testing/LocationState.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function App() {
  return (
    <Routes>
      <Route element={<RequireRole allowed={['User', 'Admin']} />}>
        <Route path="/paket-saya" element={<h1>Paket Saya</h1>} />
      </Route>
      <Route element={<RequireRole allowed={['Admin']} />}>
        <Route path="/admin" element={<h1>{t.admin.title}</h1>} />
      </Route>
      <Route path="/login" element={<LocationState />} />
      <Route path="/" element={<h1>Beranda</h1>} />
    </Routes>
  );
}

describe('RequireRole', () => {
  it('shows the loading text, then redirects a signed-out visitor to /login remembering the origin', async () => {
    server.use(authHandlers.signedOut());
    renderWithProviders(<App />, { route: '/paket-saya?tab=aktif' });
    expect(screen.getByRole('status')).toHaveTextContent(t.guard.loading);
    const state = await screen.findByTestId('location-state');
    expect(JSON.parse(state.textContent ?? '')).toEqual({
      from: { pathname: '/paket-saya', search: '?tab=aktif', hash: '' },
    });
    // ...and that remembered origin is where the next login lands.
    expect(destinationAfterLogin('User', JSON.parse(state.textContent ?? ''))).toBe('/paket-saya?tab=aktif');
  });

  it('lets an allowed role through', async () => {
    server.use(authHandlers.signedIn(demoUser));
    renderWithProviders(<App />, { route: '/paket-saya' });
    expect(await screen.findByRole('heading', { name: 'Paket Saya' })).toBeInTheDocument();
  });

  it('sends a User away from /admin to /login', async () => {
    server.use(authHandlers.signedIn(demoUser));
    renderWithProviders(<App />, { route: '/admin' });
    const state = await screen.findByTestId('location-state');
    expect(state).toHaveTextContent('"pathname":"/admin"');
  });

  it('needs no request when identity is already known', () => {
    renderWithProviders(<App />, { route: '/admin', preloadedState: { auth: { status: 'authenticated', user: demoAdmin } } });
    expect(screen.getByRole('heading', { name: t.admin.title })).toBeInTheDocument();
  });

  it('sends a learner who signs out while a guarded page is still on screen to /, not /login', async () => {
    const { store } = renderWithProviders(<App />, {
      route: '/paket-saya',
      preloadedState: { auth: { status: 'authenticated', user: demoUser } },
    });
    expect(screen.getByRole('heading', { name: 'Paket Saya' })).toBeInTheDocument();
    act(() => {
      store.dispatch(signedOut());
    });
    expect(await screen.findByRole('heading', { name: 'Beranda' })).toBeInTheDocument();
    expect(screen.queryByTestId('location-state')).not.toBeInTheDocument();
  });

  it('still sends a signed-out visit to /login when nobody signed out under the guard', () => {
    renderWithProviders(<App />, { route: '/paket-saya', preloadedState: { auth: { status: 'anonymous', user: null } } });
    expect(screen.getByTestId('location-state')).toHaveTextContent('"pathname":"/paket-saya"');
  });

  it('shows the Oops... dialog when identity cannot be fetched', async () => {
    server.use(authHandlers.identityFails());
    renderWithProviders(<App />, { route: '/paket-saya' });
    expect(await screen.findByText(t.guard.failedText)).toBeInTheDocument();
    expect(screen.getByText(t.guard.failedTitle)).toBeInTheDocument();
    expect(screen.getByText(t.guard.failedFooter)).toBeInTheDocument();
  });
});

describe('destinationAfterLogin', () => {
  it('sends an Admin to /admin and a User home when there is no safe origin', () => {
    expect(destinationAfterLogin('Admin', { from: { pathname: '/paket-saya' } })).toBe('/admin');
    expect(destinationAfterLogin('User', null)).toBe('/paketsoal');
    expect(destinationAfterLogin('User', { from: { pathname: '//evil.example' } })).toBe('/paketsoal');
  });
});
