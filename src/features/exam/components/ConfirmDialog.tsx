import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { MessageDialog } from '../../../components/MessageDialog.tsx';
import { t } from '../../../i18n/id.ts';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  text: ReactNode;
  yes: string;
  cancel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/cancel confirmation over the exam (Batal keeps focus safe: it is the first button). */
export function ConfirmDialog({ opened, title, text, yes, cancel = t.exam.section.cancel, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <MessageDialog
      opened={opened}
      title={title}
      message={text}
      onClose={onCancel}
      actions={
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {cancel}
          </Button>
          <Button onClick={onConfirm} data-autofocus>
            {yes}
          </Button>
        </Group>
      }
    />
  );
}
