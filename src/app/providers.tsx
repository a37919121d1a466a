import { MantineProvider } from '@mantine/core';
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
/*
 * Likewise the confirm dialogs' host: the admin screens open them through `modals.*`, which reaches
 * the provider by an event, so it needs no children and stays out of the first download (with
 * Modal, its focus trap and scroll lock).
 */
const ModalsProvider = lazy(async () => ({ default: (await import('@mantine/modals')).ModalsProvider }));

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
        <Suspense fallback={null}>
          <Notifications position="top-center" />
          <ModalsProvider />
        </Suspense>
        {children}
      </MantineProvider>
    </Provider>
  );
}
