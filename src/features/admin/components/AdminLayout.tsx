import { Outlet, useLocation } from 'react-router-dom';
import { windowLocation } from '../../../api/api.ts';
import { useAdminIdentityQuery, useAdminLogoutMutation } from '../api/admin-users.api.ts';
import { useSetupStatusQuery } from '../api/setup-status.api.ts';
import { AdminLayoutView } from './AdminLayoutView.tsx';

/**
 * The /admin frame route. Logout tells the server, then loads '/' afresh (spec section 4: back
 * to /), which also clears every cached answer of the admin session. A failed logout call is only
 * logged (spec section 8).
 */
export function AdminLayout() {
  const { data: user } = useAdminIdentityQuery();
  const [logout] = useAdminLogoutMutation();
  const { data: setup } = useSetupStatusQuery();
  const { pathname } = useLocation();

  const onLogout = async () => {
    try {
      await logout().unwrap();
    } catch (error) {
      console.error('Logout gagal', error);
    }
    windowLocation.assign('/');
  };

  return (
    <AdminLayoutView user={user ?? null} pathname={pathname} setup={setup ?? null} onLogout={() => void onLogout()}>
      <Outlet />
    </AdminLayoutView>
  );
}
