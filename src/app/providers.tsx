import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { lazy, Suspense, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store.ts';
import { cssVariablesResolver, theme } from './theme.ts';
import './styles.ts';

/*
 * The toast container (portal, transitions) is fetched after first paint: it shows nothing until
 * a toast is raised, and toasts raised earlier wait in @mantine/notifications' store meanwhile.
 */
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

export interface AppProvidersProps {
  store: AppStore;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals (jsdom component tests). */
  env?: 'default' | 'test';
}

/** The one provider stack, shared by the app, Storybook and component tests. */
export function AppProviders({ store, children, env = 'default' }: AppProvidersProps) {
  return (
    <Provider store={store}>
      {/*
       * Every theme variable is written by the provider (not only those that differ from Mantine's
       * defaults), so no stylesheet holds them: a prerendered page loads its full stylesheet after
       * the page (scripts/prerender.ts), where default values would override the theme's.
       */}
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        deduplicateCssVariables={false}
        defaultColorScheme="light"
        env={env}
      >
        {/*
         * Not lazy like the toasts: a confirm dialog asked for before a lazy host had mounted was
         * dropped without a word (the admin's first delete click did nothing on a slow machine).
         */}
        <ModalsProvider>
          <Suspense fallback={null}>
            <Notifications position="top-center" />
          </Suspense>
          {children}
        </ModalsProvider>
      </MantineProvider>
    </Provider>
  );
}
