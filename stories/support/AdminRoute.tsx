import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LocationProbe } from './LocationProbe.tsx';

/** One admin screen on its route pattern, with a probe standing in for every other page. */
export function AdminRoute({ path, children }: { path: string; children: ReactNode }) {
  return (
    <Routes>
      <Route path={path} element={children} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>
  );
}
