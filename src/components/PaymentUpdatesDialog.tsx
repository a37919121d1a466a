import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { UserPayment } from '../../contract/payments.ts';
import { t } from '../i18n/id.ts';

export interface PaymentUpdatesDialogProps {
  /** Decisions not shown yet; the dialog is open while there are any. */
  updates: UserPayment[];
  /** Marks them seen (the dialog closes when the list comes back empty). */
  onSeen: () => void;
  isSaving: boolean;
}

/** What the learner reads once, on the next visit, after an admin or the gateway decided a payment. */
export function paymentUpdateText(p: Pick<UserPayment, 'status' | 'nama_paket' | 'alasanPenolakan'>): string {
  if (p.status === 'confirmed') return t.paymentUpdates.confirmed(p.nama_paket);
  return t.paymentUpdates.rejected(p.nama_paket, p.alasanPenolakan ?? '-');
}

export function PaymentUpdatesDialog({ updates, onSeen, isSaving }: PaymentUpdatesDialogProps) {
  return (
    <Modal
      opened={updates.length > 0}
      onClose={onSeen}
      title={
        <Text component="span" fw={700} size="lg">
          {t.paymentUpdates.title}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t.dialog.close }}
      centered
    >
      <Stack gap="md">
        <List spacing="xs">
          {updates.map((p) => (
            <List.Item key={p.id}>
              <Text c={p.status === 'confirmed' ? 'green.9' : 'red.8'} fw={600}>
                {paymentUpdateText(p)}
              </Text>
            </List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button onClick={onSeen} loading={isSaving} data-autofocus>
            {t.paymentUpdates.ok}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
