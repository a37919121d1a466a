import { PasswordField, PhoneInput } from '../../../components/CredentialInputs.tsx';
import { useForm } from '@mantine/form';
import type { LoginBody } from '../../../../contract/auth.ts';
import { t } from '../../../i18n/id.ts';
import { AuthForm } from './AuthForm.tsx';

export interface LoginViewProps {
  onSubmit: (values: LoginBody) => void;
  isSubmitting: boolean;
  /** The failure text shown in red under the form (and in the dialog while it is open). */
  errorMessage: string | null;
  errorDialogOpen: boolean;
  onCloseErrorDialog: () => void;
}

/**
 * The login form (spec section 2). No client-side checks (spec section 5): whatever is typed is
 * sent and the server's answer is shown.
 */
export function LoginView({ onSubmit, isSubmitting, errorMessage, errorDialogOpen, onCloseErrorDialog }: LoginViewProps) {
  const form = useForm<LoginBody>({ mode: 'uncontrolled', initialValues: { nohp: '', password: '' } });

  return (
    <AuthForm
      title={t.login.title}
      subtitle={t.login.subtitle}
      onSubmit={form.onSubmit((values) => onSubmit(values))}
      submitLabel={t.login.submit}
      isSubmitting={isSubmitting}
      errorMessage={errorMessage}
      errorDialogOpen={errorDialogOpen}
      errorDialogTitle={t.login.failedTitle}
      onCloseErrorDialog={onCloseErrorDialog}
      switchPrompt={t.login.noAccount}
      switchLabel={t.login.toRegister}
      switchTo="/register"
    >
      <PhoneInput label={t.login.nohp} placeholder={t.login.nohpPlaceholder} key={form.key('nohp')} {...form.getInputProps('nohp')} />
      <PasswordField
        label={t.login.password}
        autoComplete="current-password"
        key={form.key('password')}
        {...form.getInputProps('password')}
      />
    </AuthForm>
  );
}
