import { lazy, Suspense, type ReactNode } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { AppHeader } from '../components/AppHeader.tsx';
import { t } from '../i18n/id.ts';
import { useAuth } from './auth-state.ts';
import { isExamPath, signedInHeaderCode } from './screens.ts';
import type { SignedInHeaderProps } from './SignedInHeader.tsx';

/*
 * A signed-in learner's message (and its dialog) loads only for them: the signed-out landing page
 * does not download it.
 */
const PaymentUpdatesNotice = lazy(async () => ({ default: (await import('../components/PaymentUpdatesNotice.tsx')).PaymentUpdatesNotice }));

/** What a route may declare in its `handle`: links it adds to the header (the landing page's anchors). */
export interface RouteHandle {
  headerNav?: ReactNode;
}

/** The header without a user shows Login and Daftar: it has no account menu that could sign out. */
const nobodyToSignOut = () => undefined;

function LoadedSignedInHeader(props: SignedInHeaderProps) {
  const { SignedInHeader } = signedInHeaderCode.useLoaded();
  return <SignedInHeader {...props} />;
}

/**
 * The page frame: skip link, navigation header bound to the auth state, and the route's page. It
 * renders before the store's code is in (decision 026): it reads the identity and nothing else
 * from the store; the signed-in header brings its own RTK Query bindings.
 */
export function AppLayout() {
  const { status, user } = useAuth();
  const headerNav = useMatches()
    .map((m) => (m.handle as RouteHandle | undefined)?.headerNav)
    .findLast((c) => c !== undefined);
  const learner = status === 'authenticated' && user?.role === 'User';
  // The decision message waits while an exam runs; the badge stays.
  const inExam = isExamPath(useLocation().pathname);
  return (
    <>
      <a className="skip-link" href="#main">
        {t.app.skipToContent}
      </a>
      {status === 'authenticated' && user ? (
        <Suspense fallback={<AppHeader user={null} onSignOut={nobodyToSignOut} nav={headerNav} />}>
          <LoadedSignedInHeader user={user} nav={headerNav} />
        </Suspense>
      ) : (
        <AppHeader user={null} onSignOut={nobodyToSignOut} nav={headerNav} />
      )}
      {learner && !inExam ? (
        <Suspense fallback={null}>
          <PaymentUpdatesNotice />
        </Suspense>
      ) : null}
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
