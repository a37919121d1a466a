import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { LoginBody } from '../../../../contract/auth.ts';
import { t } from '../../../i18n/id.ts';
import { bodyText, transportMessage } from '../../../lib/api-error.ts';
import { useLoginMutation } from '../../../api/auth.api.ts';
import { destinationAfterLogin } from '../auth.redirect.ts';
import { LoginView } from './LoginView.tsx';

/** Spec section 8: the server's `error` field, else the transport message. */
export function loginFailureMessage(error: unknown): string {
  return bodyText(error, 'error') ?? transportMessage(error);
}

/** The /login route: binds the login mutation and the post-login redirect to LoginView. */
export function LoginScreen() {
  useDocumentTitle(`${t.login.title} | ${t.app.name}`);
  const [login, { isLoading }] = useLoginMutation();
  const navigate = useNavigate();
  const location = useLocation();
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const submit = async (values: LoginBody) => {
    setErrorMessage(null);
    let role;
    try {
      ({ role } = await login(values).unwrap());
    } catch (error) {
      setErrorMessage(loginFailureMessage(error));
      setDialogOpen(true);
      return;
    }
    await navigate(destinationAfterLogin(role, location.state), { replace: true });
  };

  return (
    <LoginView
      onSubmit={(values) => void submit(values)}
      isSubmitting={isLoading}
      errorMessage={errorMessage}
      errorDialogOpen={dialogOpen}
      onCloseErrorDialog={() => setDialogOpen(false)}
    />
  );
}
