import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { RegisterBody } from '../../../../contract/auth.ts';
import { notifySuccess } from '../../../components/notify.ts';
import { t } from '../../../i18n/id.ts';
import { bodyText, firstFieldError, transportMessage } from '../../../lib/api-error.ts';
import { useRegisterMutation } from '../../../api/auth.api.ts';
import { LOGIN_PATH } from '../../../api/api.ts';
import { RegisterView } from './RegisterView.tsx';

/** Spec section 8: the server `message`, else the first `errors` entry's msg, else transport. */
export function registerFailureMessage(error: unknown): string {
  return bodyText(error, 'message') ?? firstFieldError(error) ?? transportMessage(error);
}

/** The /register route: binds the register mutation to RegisterView; success goes to /login. */
export function RegisterScreen() {
  useDocumentTitle(`${t.register.title} | ${t.app.name}`);
  const [register, { isLoading }] = useRegisterMutation();
  const navigate = useNavigate();
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const submit = async (values: RegisterBody) => {
    setErrorMessage(null);
    let message;
    try {
      ({ message } = await register(values).unwrap());
    } catch (error) {
      setErrorMessage(registerFailureMessage(error));
      setDialogOpen(true);
      return;
    }
    notifySuccess(message || t.register.success, { audience: 'participant' });
    await navigate(LOGIN_PATH);
  };

  return (
    <RegisterView
      onSubmit={(values) => void submit(values)}
      isSubmitting={isLoading}
      errorMessage={errorMessage}
      errorDialogOpen={dialogOpen}
      onCloseErrorDialog={() => setDialogOpen(false)}
    />
  );
}
