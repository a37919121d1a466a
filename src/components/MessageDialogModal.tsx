import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { t } from '../i18n/id.ts';
import type { MessageDialogProps } from './MessageDialog.tsx';

/** The message box as a Mantine Modal (loaded on demand by MessageDialog). */
export function MessageDialogModal({ opened, title, message, footer, tone = 'info', onClose, actions }: MessageDialogProps) {
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
