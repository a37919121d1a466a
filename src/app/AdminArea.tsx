import { RequireRole } from '../features/auth/components/RequireRole.tsx';

/** The admin area's role guard (its own module, so the guard's dialog stays out of the shared entry). */
export function AdminArea() {
  return <RequireRole allowed={['Admin']} />;
}
