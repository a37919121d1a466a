import { TextInput } from '@mantine/core';
import { PasswordField, PhoneInput } from '../../../components/CredentialInputs.tsx';
import { useForm } from '@mantine/form';
import type { RegisterBody } from '../../../../contract/auth.ts';
import { t } from '../../../i18n/id.ts';
import { AuthForm } from './AuthForm.tsx';

export interface RegisterViewProps {
  onSubmit: (values: RegisterBody) => void;
  isSubmitting: boolean;
  /** The failure text shown in red under the form (and in the dialog while it is open). */
  errorMessage: string | null;
  errorDialogOpen: boolean;
  onCloseErrorDialog: () => void;
}

/**
 * The registration form (spec section 2). No client-side checks (spec section 5); the email
 * input is of type email only, and `noValidate` keeps the browser from checking it either.
 */
export function RegisterView({ onSubmit, isSubmitting, errorMessage, errorDialogOpen, onCloseErrorDialog }: RegisterViewProps) {
  const form = useForm<RegisterBody>({
    mode: 'uncontrolled',
    initialValues: { nama: '', nohp: '', email: '', password: '' },
  });

  return (
    <AuthForm
      title={t.register.title}
      subtitle={t.register.subtitle}
      onSubmit={form.onSubmit((values) => onSubmit(values))}
      submitLabel={t.register.submit}
      isSubmitting={isSubmitting}
      errorMessage={errorMessage}
      errorDialogOpen={errorDialogOpen}
      errorDialogTitle={t.register.failedTitle}
      onCloseErrorDialog={onCloseErrorDialog}
      switchPrompt={t.register.haveAccount}
      switchLabel={t.register.toLogin}
      switchTo="/login"
    >
      <TextInput label={t.register.nama} autoComplete="name" key={form.key('nama')} {...form.getInputProps('nama')} />
      <PhoneInput label={t.register.nohp} placeholder={t.register.nohpPlaceholder} key={form.key('nohp')} {...form.getInputProps('nohp')} />
      <TextInput
        label={t.register.email}
        placeholder={t.register.emailPlaceholder}
        type="email"
        autoComplete="email"
        key={form.key('email')}
        {...form.getInputProps('email')}
      />
      <PasswordField
        label={t.register.password}
        autoComplete="new-password"
        key={form.key('password')}
        {...form.getInputProps('password')}
      />
    </AuthForm>
  );
}
