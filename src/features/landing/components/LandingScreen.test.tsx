import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { makeStore } from '../../../app/store.ts';
import { t } from '../../../i18n/id.ts';
import { LandingScreen } from './LandingScreen.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('LandingScreen (decision 026)', () => {
  it('asks for the site settings only once the store is ready, then shows the chat links', async () => {
    const asked = vi.fn();
    server.use(
      http.get('*/api/site', () => {
        asked();
        return HttpResponse.json({ appName: 'TOEFL', adminWhatsapp: '6281234567890' });
      }),
    );
    let storeIn: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (storeIn = resolve));
    render(
      <AppProviders store={makeStore()} storeReady={() => ready} env="test">
        <MemoryRouter>
          <LandingScreen />
        </MemoryRouter>
      </AppProviders>,
    );
    // As prerendered: no contact yet, the page says so.
    expect(screen.getAllByText(t.landing.noContact).length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).not.toHaveBeenCalled();

    storeIn();
    await waitFor(() => expect(screen.getAllByText(t.landing.enrolHint).length).toBeGreaterThan(0));
    expect(asked).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(t.landing.noContact)).toBeNull();
    const enrol = screen.getAllByRole('link', { name: new RegExp(t.landing.enrol) })[0]!;
    expect(enrol.getAttribute('href')).toContain('wa.me/6281234567890');
  });
});
