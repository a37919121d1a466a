import { MantineProvider } from '@mantine/core';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { subscribeToastRaised, toastRaised } from '../components/toast-host.ts';
import { StoreReadyContext } from '../lib/store-ready.ts';
import { Provider } from 'react-redux';
import type { AppStore, RootState } from './store.ts';
import { cssVariablesResolver, theme } from './theme.ts';
import './styles.ts';

/*
 * The toast container (portal, transitions: about 14 KB gzip) is fetched when the first toast is
 * raised (src/components/notify.ts), not with every page: toasts wait in @mantine/notifications'
 * store until it has mounted.
 */
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

function ToastHost() {
  // Once mounted it stays, so the last toast can close with its transition.
  const needed = useSyncExternalStore(subscribeToastRaised, toastRaised, () => false);
  return needed ? (
    <Suspense fallback={null}>
      <Notifications position="top-center" />
    </Suspense>
  ) : null;
}

export interface AppProvidersProps {
  store: AppStore;
  /** Resolves when the store's code is in; only the app's entry, whose store loads later, passes it. */
  storeReady?: () => Promise<unknown>;
  /** The state a prerendered page was rendered with: what hydration reads (react-redux's serverState). */
  hydrationState?: RootState;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals (jsdom component tests). */
  env?: 'default' | 'test';
}

const storeThere = () => Promise.resolve();

/** The one provider stack, shared by the app, Storybook and component tests. */
export function AppProviders({ store, storeReady = storeThere, hydrationState, children, env = 'default' }: AppProvidersProps) {
  return (
    <Provider store={store} serverState={hydrationState}>
      <StoreReadyContext value={storeReady}>
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
          {/* The confirm dialogs' host (@mantine/modals) is the admin frame's: only admin screens ask. */}
          <ToastHost />
          {children}
        </MantineProvider>
      </StoreReadyContext>
    </Provider>
  );
}
