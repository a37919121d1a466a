import { Anchor, Button, Fieldset, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router-dom';
import type { RegisterBody } from '../../../../contract/auth.ts';
import { MessageDialog } from '../../../components/MessageDialog.tsx';
import { t } from '../../../i18n/id.ts';
import { useHydrated } from '../../../lib/useHydrated.ts';
import { AuthCard } from './AuthCard.tsx';

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

  const hydrated = useHydrated();

  return (
    <AuthCard title={t.register.title} subtitle={t.register.subtitle}>
      <form method="post" noValidate onSubmit={form.onSubmit((values) => onSubmit(values))}>
        <Fieldset variant="unstyled" m={0} disabled={!hydrated}>
          <Stack gap="md">
            <TextInput label={t.register.nama} autoComplete="name" key={form.key('nama')} {...form.getInputProps('nama')} />
            <TextInput
              label={t.register.nohp}
              placeholder={t.register.nohpPlaceholder}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              key={form.key('nohp')}
              {...form.getInputProps('nohp')}
            />
            <TextInput
              label={t.register.email}
              placeholder={t.register.emailPlaceholder}
              type="email"
              autoComplete="email"
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label={t.register.password}
              autoComplete="new-password"
              visibilityToggleButtonProps={{ 'aria-label': t.password.toggleVisibility }}
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <Button type="submit" fullWidth loading={isSubmitting}>
              {t.register.submit}
            </Button>
            {errorMessage ? (
              <Text c="red.8" size="sm" role="alert">
                {errorMessage}
              </Text>
            ) : null}
            <Text size="sm" ta="center">
              {t.register.haveAccount}{' '}
              <Anchor component={Link} to="/login" fw={600}>
                {t.register.toLogin}
              </Anchor>
            </Text>
          </Stack>
        </Fieldset>
      </form>
      <MessageDialog
        opened={errorDialogOpen}
        tone="error"
        title={t.register.failedTitle}
        message={errorMessage}
        onClose={onCloseErrorDialog}
      />
    </AuthCard>
  );
}
