import { Button, Group, Modal, Stack, Text } from '@mantine/core';
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

/** The app's message box (the spec's "dialog"): a Mantine Modal with a title, text and an OK. */
export function MessageDialog({ opened, title, message, footer, tone = 'info', onClose, actions }: MessageDialogProps) {
  const closable = onClose !== undefined;
  return (
    <Modal
      opened={opened}
      onClose={onClose ?? (() => undefined)}
      title={
        <Text component="span" fw={700} size="lg" c={tone === 'error' ? 'red.8' : undefined}>
          {title}
        </Text>
      }
      withCloseButton={closable}
      closeOnClickOutside={closable}
      closeOnEscape={closable}
      closeButtonProps={{ 'aria-label': t.dialog.close }}
      centered
    >
      <Stack gap="md">
        <Text>{message}</Text>
        {footer ? (
          <Text size="sm" c="dimmed">
            {footer}
          </Text>
        ) : null}
        {actions ??
          (closable ? (
            <Group justify="flex-end">
              <Button onClick={onClose} data-autofocus>
                {t.dialog.ok}
              </Button>
            </Group>
          ) : null)}
      </Stack>
    </Modal>
  );
}
