import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, type InitialEntry } from 'react-router-dom';
import type { ApiExtra } from './api/api.ts';
import { AppProviders } from './app/providers.tsx';
import { makeStore, type AppStore, type RootState } from './app/store.ts';

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  preloadedState?: Partial<RootState>;
  /** A store to reuse; otherwise a fresh one from makeStore(preloadedState, extra). */
  store?: AppStore;
  /** Thunk extra for the store (e.g. a fake location to observe the 401 redirect). */
  extra?: ApiExtra;
  /** Where the MemoryRouter starts (default '/'). Pass `false` to render without a router. */
  route?: InitialEntry | false;
}

/**
 * Renders inside the app's own providers (Mantine in test mode: no transitions, no portals),
 * a fresh store and a MemoryRouter. Returns the store and a user-event instance.
 */
export function renderWithProviders(ui: ReactElement, options: RenderWithProvidersOptions = {}) {
  const { preloadedState, extra, route = '/', ...renderOptions } = options;
  const store = options.store ?? makeStore(preloadedState, extra);
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <AppProviders store={store} env="test">
        {route === false ? children : <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>}
      </AppProviders>
    );
  }
  return { store, user: userEvent.setup(), ...render(ui, { wrapper: Wrapper, ...renderOptions }) };
}
