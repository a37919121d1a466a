import { Anchor, Button, Fieldset, Stack, Text } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MessageDialog } from '../../../components/MessageDialog.tsx';
import { useHydrated } from '../../../lib/useHydrated.ts';
import { AuthCard } from './AuthCard.tsx';

export interface AuthFormProps {
  title: string;
  subtitle: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  isSubmitting: boolean;
  /** The failure text shown in red under the form (and in the dialog while it is open). */
  errorMessage: string | null;
  errorDialogOpen: boolean;
  errorDialogTitle: string;
  onCloseErrorDialog: () => void;
  /** The line under the form that leads to the other form ('Belum punya akun? Daftar'). */
  switchPrompt: string;
  switchLabel: string;
  switchTo: string;
  /** The fields. */
  children: ReactNode;
}

/**
 * The login and register forms' shared shape: fields, submit, the server's failure under the form
 * and in a dialog, and the link to the other form. Both pages are prerendered (decision 020), so
 * the form stays disabled until hydrated: typed into earlier, the browser itself would send it (as
 * a POST, never with the password in the address) or React would not know the typed values.
 */
export function AuthForm({
  title,
  subtitle,
  onSubmit,
  submitLabel,
  isSubmitting,
  errorMessage,
  errorDialogOpen,
  errorDialogTitle,
  onCloseErrorDialog,
  switchPrompt,
  switchLabel,
  switchTo,
  children,
}: AuthFormProps) {
  const hydrated = useHydrated();
  return (
    <AuthCard title={title} subtitle={subtitle}>
      <form method="post" noValidate onSubmit={onSubmit}>
        <Fieldset variant="unstyled" m={0} disabled={!hydrated}>
          <Stack gap="md">
            {children}
            <Button type="submit" fullWidth loading={isSubmitting}>
              {submitLabel}
            </Button>
            {errorMessage ? (
              <Text c="red.8" size="sm" role="alert">
                {errorMessage}
              </Text>
            ) : null}
            <Text size="sm" ta="center">
              {switchPrompt}{' '}
              <Anchor component={Link} to={switchTo} fw={600}>
                {switchLabel}
              </Anchor>
            </Text>
          </Stack>
        </Fieldset>
      </form>
      <MessageDialog opened={errorDialogOpen} tone="error" title={errorDialogTitle} message={errorMessage} onClose={onCloseErrorDialog} />
    </AuthCard>
  );
}
