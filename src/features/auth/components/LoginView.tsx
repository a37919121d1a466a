import { Anchor, Button, Fieldset, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router-dom';
import type { LoginBody } from '../../../../contract/auth.ts';
import { MessageDialog } from '../../../components/MessageDialog.tsx';
import { t } from '../../../i18n/id.ts';
import { useHydrated } from '../../../lib/useHydrated.ts';
import { AuthCard } from './AuthCard.tsx';

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

  const hydrated = useHydrated();

  return (
    <AuthCard title={t.login.title} subtitle={t.login.subtitle}>
      <form method="post" noValidate onSubmit={form.onSubmit((values) => onSubmit(values))}>
        <Fieldset variant="unstyled" m={0} disabled={!hydrated}>
          <Stack gap="md">
            <TextInput
              label={t.login.nohp}
              placeholder={t.login.nohpPlaceholder}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              key={form.key('nohp')}
              {...form.getInputProps('nohp')}
            />
            <PasswordInput
              label={t.login.password}
              autoComplete="current-password"
              visibilityToggleButtonProps={{ 'aria-label': t.password.toggleVisibility }}
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <Button type="submit" fullWidth loading={isSubmitting}>
              {t.login.submit}
            </Button>
            {errorMessage ? (
              <Text c="red.8" size="sm" role="alert">
                {errorMessage}
              </Text>
            ) : null}
            <Text size="sm" ta="center">
              {t.login.noAccount}{' '}
              <Anchor component={Link} to="/register" fw={600}>
                {t.login.toRegister}
              </Anchor>
            </Text>
          </Stack>
        </Fieldset>
      </form>
      <MessageDialog
        opened={errorDialogOpen}
        tone="error"
        title={t.login.failedTitle}
        message={errorMessage}
        onClose={onCloseErrorDialog}
      />
    </AuthCard>
  );
}
