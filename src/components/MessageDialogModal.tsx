import { Modal, Text } from '@mantine/core';
import { t } from '../i18n/id.ts';
import { MessageBody, type MessageDialogProps } from './MessageBody.tsx';

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
      <MessageBody message={message} footer={footer} onClose={onClose} actions={actions} />
    </Modal>
  );
}
