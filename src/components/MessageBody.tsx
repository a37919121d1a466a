import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { t } from '../i18n/id.ts';

export interface MessageDialogProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  /** Small print under the message (e.g. "Silakan coba lagi nanti"). */
  footer?: ReactNode;
  /** Tone of the title; errors are red. */
  tone?: 'error' | 'info';
  /** Omit to make the dialog blocking (no close button, no outside click, no Escape). */
  onClose?: () => void;
  /** Replaces the default OK button. */
  actions?: ReactNode;
}

/** The text, small print and buttons under a message's title: in the Modal and in the plain box alike. */
export function MessageBody({ message, footer, onClose, actions }: Pick<MessageDialogProps, 'message' | 'footer' | 'onClose' | 'actions'>) {
  return (
    <Stack gap="md">
      <Text>{message}</Text>
      {footer ? (
        <Text size="sm" c="dimmed">
          {footer}
        </Text>
      ) : null}
      {actions ??
        (onClose ? (
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              {t.dialog.ok}
            </Button>
          </Group>
        ) : null)}
    </Stack>
  );
}
