import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { FullScreenLoader } from '../components/FullScreenLoader.tsx';
import { t } from '../i18n/id.ts';
import { AppLayout, type RouteHandle } from './AppLayout.tsx';
import { retrying } from '../lib/lazy-retry.ts';
import { RouteErrorScreen } from './RouteErrorScreen.tsx';
import { signedInScreens } from './screens.ts';
import type { AppStore } from './store.ts';

function RouteLoading() {
  return <FullScreenLoader message={t.app.loading} />;
}

/** An admin child route whose screen module loads on first visit. */
const lazyScreen = (path: string, load: () => Promise<ComponentType>): RouteObject => ({
  path,
  lazy: async () => ({ Component: await load() }),
});

const questionForms = () => retrying(() => import('../features/admin/components/QuestionFormScreen.tsx'))();
const soalLists = () => retrying(() => import('../features/admin/components/SoalListScreen.tsx'))();

/** Admin screens (spec section 2, route table), under /admin. */
const adminScreens: RouteObject[] = [
  lazyScreen(
    'payments',
    async () => (await retrying(() => import('../features/admin-payments/components/AdminPaymentsScreen.tsx'))()).AdminPaymentsScreen,
  ),
  lazyScreen(
    'settings',
    async () => (await retrying(() => import('../features/admin-payments/components/AdminSettingsScreen.tsx'))()).AdminSettingsScreen,
  ),
  lazyScreen(
    'riwayat-ujian',
    async () => (await retrying(() => import('../features/admin-history/components/AdminHistoryScreen.tsx'))()).AdminHistoryScreen,
  ),
  // The learner's review screen, opened by an admin from the history (the server lets an admin read any result).
  lazyScreen('riwayat-ujian/:id/pembahasan', async () => (await signedInScreens.review()).ReviewScreen),
  lazyScreen(
    'audit-log',
    async () => (await retrying(() => import('../features/admin-audit/components/AuditLogScreen.tsx'))()).AuditLogScreen,
  ),
  lazyScreen(
    'soal-simulasi',
    async () => (await retrying(() => import('../features/admin/components/PaketListScreen.tsx'))()).PaketListScreen,
  ),
  lazyScreen(
    'soal-simulasi/add',
    async () => (await retrying(() => import('../features/admin/components/PaketFormScreen.tsx'))()).PaketAddScreen,
  ),
  lazyScreen(
    'soal-simulasi/edit/:id',
    async () => (await retrying(() => import('../features/admin/components/PaketFormScreen.tsx'))()).PaketEditScreen,
  ),
  lazyScreen(
    'soal-simulasi/add-soal/:paketId',
    async () => (await retrying(() => import('../features/admin/components/SectionChooserScreen.tsx'))()).SectionChooserScreen,
  ),
  lazyScreen('soal-simulasi/soal-listening/:paketId', async () => (await soalLists()).ListeningListScreen),
  lazyScreen('soal-simulasi/soal-structure/:paketId', async () => (await soalLists()).StructureListScreen),
  lazyScreen('soal-simulasi/soal-written/:paketId', async () => (await soalLists()).WrittenListScreen),
  lazyScreen('soal-simulasi/soal-reading/:paketId', async () => (await soalLists()).ReadingListScreen),
  lazyScreen('soal-simulasi/add-soal-listening/:paketId', async () => (await questionForms()).AddListeningScreen),
  lazyScreen('soal-simulasi/add-soal-structure/:paketId', async () => (await questionForms()).AddStructureScreen),
  lazyScreen(
    'soal-simulasi/add-soal-written/:paketId',
    async () => (await retrying(() => import('../features/admin/components/WrittenFormScreen.tsx'))()).AddWrittenScreen,
  ),
  lazyScreen('soal-simulasi/add-soal-reading/:paketId', async () => (await questionForms()).AddReadingScreen),
  lazyScreen('soal-simulasi/edit-soal-listening/:soalId', async () => (await questionForms()).EditListeningScreen),
  lazyScreen('soal-simulasi/edit-soal-structure/:soalId', async () => (await questionForms()).EditStructureScreen),
  lazyScreen('soal-simulasi/edit-soal-reading/:soalId', async () => (await questionForms()).EditReadingScreen),
  lazyScreen(
    'soal-simulasi/edit-soal-written/:soalId',
    async () => (await retrying(() => import('../features/admin/components/WrittenFormScreen.tsx'))()).EditWrittenScreen,
  ),
  lazyScreen(
    'soal-simulasi/statistik/:paketId',
    async () => (await retrying(() => import('../features/admin/components/ItemStatsScreen.tsx'))()).ItemStatsScreen,
  ),
  lazyScreen('data-user', async () => (await retrying(() => import('../features/admin/components/DataUserScreen.tsx'))()).DataUserScreen),
];

/*
 * Every page is a lazy route so the landing page downloads neither the forms nor the admin area
 * nor (later) the exam (DESIGN section 6). Every page but the landing page also waits for the
 * store's code (`storeReady`, decision 026): their screens are bound to RTK Query from their first
 * render, while the landing page hydrates without it and asks for its settings afterwards.
 */
export function createRoutes(storeReady: () => Promise<AppStore>, { sessionSent = false }: { sessionSent?: boolean } = {}): RouteObject[] {
  /** A route's lazy part that resolves only once the store's code is in as well. */
  const withStore =
    <T,>(load: () => Promise<T>) =>
    async (): Promise<T> =>
      (await Promise.all([load(), storeReady()]))[0];

  // A failure here is the page's own to report (the loader ignores it): its queries ask again when it mounts.
  const askExamAccessEarly = async (paketId: number) => {
    const [store, { askAccessEarly }] = await Promise.all([storeReady(), import('../features/exam/api/exam.api.ts')]);
    await askAccessEarly(store, paketId, { sessionSent });
  };

  return [
    {
      path: '/',
      element: <AppLayout />,
      errorElement: <RouteErrorScreen />,
      HydrateFallback: RouteLoading,
      children: [
        {
          // Errors of a page show inside the frame (header and navigation stay), in Indonesian.
          errorElement: <RouteErrorScreen />,
          children: [
            {
              index: true,
              lazy: async () => {
                const [screen, nav] = await Promise.all([
                  retrying(() => import('../features/landing/components/LandingScreen.tsx'))(),
                  retrying(() => import('../features/landing/components/LandingNav.tsx'))(),
                ]);
                const handle: RouteHandle = { headerNav: <nav.LandingNav /> };
                return { Component: screen.LandingScreen, handle };
              },
            },
            {
              path: 'login',
              lazy: withStore(async () => ({
                Component: (await retrying(() => import('../features/auth/components/LoginScreen.tsx'))()).LoginScreen,
              })),
            },
            {
              path: 'register',
              lazy: withStore(async () => ({
                Component: (await retrying(() => import('../features/auth/components/RegisterScreen.tsx'))()).RegisterScreen,
              })),
            },
            {
              path: 'testpage',
              lazy: withStore(async () => ({
                Component: (await retrying(() => import('../features/testpage/components/TestPageScreen.tsx'))()).TestPageScreen,
              })),
            },
            {
              // Public: anyone holding a certificate may check it (its QR code opens this page).
              path: 'verifikasi/:code',
              lazy: withStore(async () => ({
                Component: (await retrying(() => import('../features/results/components/VerifyScreen.tsx'))()).VerifyScreen,
              })),
            },
            {
              // The guard's own module: its loading and failure views (a dialog) stay out of the shared entry.
              lazy: withStore(async () => ({ Component: (await retrying(() => import('./SignedInArea.tsx'))()).SignedInArea })),
              children: [
                {
                  path: 'riwayat-ujian',
                  lazy: async () => ({ Component: (await signedInScreens.riwayat()).RiwayatScreen }),
                },
                {
                  path: 'riwayat-ujian/progres',
                  lazy: async () => ({ Component: (await signedInScreens.progress()).ProgressScreen }),
                },
                {
                  path: 'diagnosis',
                  lazy: async () => ({ Component: (await signedInScreens.diagnosis()).DiagnosisScreen }),
                },
                {
                  path: 'diagnosis/:historyId',
                  lazy: async () => ({ Component: (await signedInScreens.diagnosis()).DiagnosisScreen }),
                },
                {
                  path: 'riwayat-ujian/:id/pembahasan',
                  lazy: async () => ({ Component: (await signedInScreens.review()).ReviewScreen }),
                },
                {
                  path: 'profile',
                  lazy: async () => ({ Component: (await signedInScreens.profile()).ProfileRoute }),
                },
                {
                  path: 'mini-test',
                  lazy: async () => ({
                    Component: (await signedInScreens.miniTestIntro()).MiniTestIntroScreen,
                  }),
                },
                {
                  // One mini-test actor spans its sections and /finish, so they share a layout route.
                  lazy: async () => ({ Component: (await signedInScreens.miniTestRun()).MiniTestLayout }),
                  children: [
                    {
                      path: 'listening',
                      lazy: async () => ({ Component: (await signedInScreens.miniTestRun()).ListeningScreen }),
                    },
                    {
                      path: 'structure',
                      lazy: async () => ({ Component: (await signedInScreens.miniTestRun()).StructureScreen }),
                    },
                    {
                      path: 'reading',
                      lazy: async () => ({ Component: (await signedInScreens.miniTestRun()).ReadingScreen }),
                    },
                    {
                      path: 'finish',
                      lazy: async () => ({ Component: (await signedInScreens.miniTestRun()).MiniFinishScreen }),
                    },
                  ],
                },
                {
                  path: 'latihan',
                  lazy: async () => ({ Component: (await signedInScreens.practice()).PracticeRoute }),
                },
                {
                  path: 'latihan/review',
                  lazy: async () => ({ Component: (await signedInScreens.practice()).ReviewRoute }),
                },
                {
                  path: 'latihan/buku-kesalahan',
                  lazy: async () => ({ Component: (await signedInScreens.practice()).NotebookScreen }),
                },
                {
                  path: 'latihan/rencana',
                  lazy: async () => ({ Component: (await signedInScreens.practice()).PlanScreen }),
                },
                {
                  path: 'paketsoal',
                  lazy: async () => ({
                    Component: (await signedInScreens.paketSoal()).PaketSoalScreen,
                  }),
                },
                {
                  path: 'bayar/:paketId',
                  lazy: async () => ({ Component: (await signedInScreens.bayar()).BayarScreen }),
                },
                {
                  path: 'paket-saya',
                  lazy: async () => ({ Component: (await signedInScreens.paketSaya()).PaketSayaScreen }),
                },
                {
                  path: 'simulasi-toefl/:paketId',
                  // The access check and the questions start beside the exam's code (decisions 026 and 030).
                  loader: ({ params }) => {
                    void askExamAccessEarly(Number(params.paketId)).catch(() => undefined);
                    return null;
                  },
                  lazy: async () => ({ Component: (await signedInScreens.exam()).ExamScreen }),
                },
              ],
            },
            { path: '*', element: <Navigate to="/" replace /> },
          ],
        },
      ],
    },
    {
      // The admin area has its own frame (sidebar, profile menu) instead of the participant header.
      path: '/admin',
      lazy: withStore(async () => ({ Component: (await retrying(() => import('./AdminArea.tsx'))()).AdminArea })),
      errorElement: <RouteErrorScreen />,
      HydrateFallback: RouteLoading,
      children: [
        {
          lazy: async () => ({ Component: (await retrying(() => import('../features/admin/components/AdminLayout.tsx'))()).AdminLayout }),
          children: [
            {
              // Inside the admin frame, like the participant pages.
              errorElement: <RouteErrorScreen />,
              children: [{ index: true, element: <Navigate to="/admin/payments" replace /> }, ...adminScreens],
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(routes: RouteObject[]) {
  return createBrowserRouter(routes);
}
