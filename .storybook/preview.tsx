import type { Decorator, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { useState, type ReactNode } from 'react';
import { MemoryRouter, type InitialEntry } from 'react-router-dom';
import { AppProviders } from '../src/app/providers.tsx';
import { makeStore, type RootState } from '../src/app/store.ts';
import { configure } from 'storybook/test';

// findBy/waitFor give up after 1 s by default; on a loaded CI machine (stories run beside the server
// suites on PostgreSQL) a screen has taken over 5 s to
// answer through MSW and finish its transitions, which is a slow machine, not a broken screen.
configure({ asyncUtilTimeout: 10_000 });

/** A fresh store per rendered story, so stories never share auth state or API cache. */
function StoryProviders({ preloadedState, children }: { preloadedState?: Partial<RootState>; children: ReactNode }) {
  const [store] = useState(() => makeStore(preloadedState));
  return <AppProviders store={store}>{children}</AppProviders>;
}

/**
 * Parameters a story may set:
 * - `route`: where the MemoryRouter starts, a path or `{ pathname, state }` (default '/').
 * - `preloadedState`: initial Redux state (e.g. a signed-in user).
 * - `msw`: request handlers (msw-storybook-addon).
 * - `ownRouter`: the story renders its own data router (a router may not sit inside another).
 */
const withApp: Decorator = (Story, { parameters }) => (
  <StoryProviders preloadedState={parameters.preloadedState as Partial<RootState> | undefined}>
    {parameters.ownRouter ? (
      <Story />
    ) : (
      <MemoryRouter initialEntries={[(parameters.route as InitialEntry | undefined) ?? '/']}>
        <Story />
      </MemoryRouter>
    )}
  </StoryProviders>
);

const preview: Preview = {
  decorators: [withApp],
  loaders: [mswLoader()],
  parameters: { layout: 'fullscreen' },
};

export default preview;
