import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { RequireRole } from '../features/auth/components/RequireRole.tsx';
import { useAuth } from './auth-state.ts';
import { isExamPath, preloadSignedInScreens } from './screens.ts';

/**
 * The signed-in participant area: the role guard, and the preload of its screens' code once someone
 * is signed in. Not during the exam: on a phone's slow link the other screens' code (the progress
 * charts alone are 100 KB) would compete with the exam's questions and audio; the exam's finish
 * view is in its own code, and the preload runs when the learner moves on.
 */
export function SignedInArea() {
  const { status } = useAuth();
  const inExam = isExamPath(useLocation().pathname);
  useEffect(() => (status === 'authenticated' && !inExam ? preloadSignedInScreens() : undefined), [status, inExam]);
  return <RequireRole allowed={['User', 'Admin']} />;
}
