import { lazy, Suspense, type ReactNode } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { usePaymentUpdatesQuery } from '../api/learner-payments.api.ts';
import { AppHeader } from '../components/AppHeader.tsx';
import { useAuthBootstrap } from '../features/auth/hooks/useAuthBootstrap.ts';
import { useSignOut } from '../features/auth/hooks/useSignOut.ts';
import { t } from '../i18n/id.ts';
import { isExamPath } from './screens.ts';

/*
 * A signed-in learner's message (and its dialog) loads only for them: the signed-out landing page
 * does not download it.
 */
const PaymentUpdatesNotice = lazy(async () => ({ default: (await import('../components/PaymentUpdatesNotice.tsx')).PaymentUpdatesNotice }));

/** What a route may declare in its `handle`: links it adds to the header (the landing page's anchors). */
export interface RouteHandle {
  headerNav?: ReactNode;
}

/** The page frame: skip link, navigation header bound to the auth state, and the route's page. */
export function AppLayout() {
  const { status, user } = useAuthBootstrap();
  const signOut = useSignOut();
  const headerNav = useMatches()
    .map((m) => (m.handle as RouteHandle | undefined)?.headerNav)
    .findLast((c) => c !== undefined);
  const learner = status === 'authenticated' && user?.role === 'User';
  const updates = usePaymentUpdatesQuery(undefined, { skip: !learner });
  // The decision message waits while an exam runs; the badge stays.
  const inExam = isExamPath(useLocation().pathname);
  return (
    <>
      <a className="skip-link" href="#main">
        {t.app.skipToContent}
      </a>
      <AppHeader
        user={status === 'authenticated' ? user : null}
        onSignOut={() => void signOut()}
        nav={headerNav}
        paymentUpdates={learner ? (updates.data?.length ?? 0) : 0}
      />
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
