import type { Decorator } from '@storybook/react-vite';
import { useLocation } from 'react-router-dom';
import { demoAdmin } from '../../src/api/mocks/auth.handlers.ts';
import { AdminLayoutView } from '../../src/features/admin/components/AdminLayoutView.tsx';

function Frame({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  return (
    <AdminLayoutView user={demoAdmin} pathname={pathname} onLogout={() => undefined}>
      {children}
    </AdminLayoutView>
  );
}

/** Renders a story inside the admin frame (sidebar and header), as the admin sees the screen. */
export const inAdminFrame: Decorator = (Story) => (
  <Frame>
    <Story />
  </Frame>
);
