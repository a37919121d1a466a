import { Button, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import { FullScreenLoader } from '../../../components/FullScreenLoader.tsx';
import { MessageDialog } from '../../../components/MessageDialog.tsx';
import { t } from '../../../i18n/id.ts';

/** Spec section 8: the wait while identity is fetched. */
export function AuthLoadingView() {
  return <FullScreenLoader message={t.guard.loading} />;
}

/**
 * Spec section 8: the identity fetch failed (network or server error, not "signed out"). The
 * dialog blocks the protected page; the home link is the only way on, so nobody is stranded.
 */
export function AuthFailedView() {
  return (
    <MessageDialog
      opened
      tone="error"
      title={t.guard.failedTitle}
      message={t.guard.failedText}
      footer={t.guard.failedFooter}
      actions={
        <Group justify="flex-end">
          <Button component={Link} to="/" variant="default">
            {t.guard.backHome}
          </Button>
        </Group>
      }
    />
  );
}
