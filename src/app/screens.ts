import { preloadAfterPaint, retrying } from '../lib/lazy-retry.ts';
import { onDemand } from '../lib/on-demand.ts';

/**
 * The code of the signed-in participant screens, each load retrying by itself. The router's lazy
 * routes use these, and the signed-in area preloads them all after its first paint, so moving
 * between them later survives a dropped connection. The signed-out landing page loads none.
 */
export const signedInScreens = {
  riwayat: retrying(() => import('../features/results/components/RiwayatScreen.tsx')),
  progress: retrying(() => import('../features/results/components/ProgressScreen.tsx')),
  diagnosis: retrying(() => import('../features/results/components/DiagnosisScreen.tsx')),
  practice: retrying(() => import('../features/practice/components/PracticeScreens.tsx')),
  review: retrying(() => import('../features/results/components/ReviewScreen.tsx')),
  profile: retrying(() => import('./ProfileRoute.tsx')),
  miniTestIntro: retrying(() => import('../features/mini-test/components/MiniTestIntroView.tsx')),
  miniTestRun: retrying(() => import('../features/mini-test/components/MiniTestRun.tsx')),
  paketSoal: retrying(() => import('../features/paket/components/PaketSoalScreen.tsx')),
  bayar: retrying(() => import('../features/payments/components/BayarScreen.tsx')),
  paketSaya: retrying(() => import('../features/payments/components/PaketSayaScreen.tsx')),
  exam: retrying(() => import('../features/exam/components/ExamScreen.tsx')),
};

/** Whether a path is the exam (its own code and audio come first there). */
export const isExamPath = (pathname: string): boolean => pathname.startsWith('/simulasi-toefl');

export function preloadSignedInScreens(): () => void {
  return preloadAfterPaint(Object.values(signedInScreens));
}

/**
 * The signed-in header's code (sign-out, payment badge), loaded together with the store's
 * (src/main.tsx), so the frame renders it without a wait once someone is signed in.
 */
export const signedInHeaderCode = onDemand(retrying(() => import('./SignedInHeader.tsx')));
