import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AdminDestination } from './AdminDestination.tsx';

/** One admin screen on its route pattern, and where its actions lead (AdminDestination). */
export function AdminRoute({ path, children }: { path: string; children: ReactNode }) {
  return (
    <Routes>
      <Route path={path} element={children} />
      <Route path="*" element={<AdminDestination />} />
    </Routes>
  );
}
