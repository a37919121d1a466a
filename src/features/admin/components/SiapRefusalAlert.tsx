import { Alert, List, Text } from '@mantine/core';
import type { Completeness } from '../../../../contract/paket.ts';
import { t } from '../../../i18n/id.ts';
import { missingLines } from '../admin-content.rules.ts';

/** The server refused siap (409): its message and what is missing. */
export interface SiapRefusal {
  message: string;
  completeness: Completeness;
}

/**
 * The siap refusal: the server's message, then each section's missing numbers, until the admin
 * closes it. One box wherever siap can be refused (the package form, 'Tandai siap' on the content
 * screens): a toast fades before a list of numbers can be read.
 */
export function SiapRefusalAlert({ refusal, onDismiss }: { refusal: SiapRefusal; onDismiss?: (() => void) | undefined }) {
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={refusal.message}
      withCloseButton={onDismiss !== undefined}
      closeButtonLabel={t.admin.paket.dismiss}
      onClose={onDismiss}
      ref={(el) => el?.scrollIntoView({ block: 'nearest' })}
    >
      <Text size="sm">{t.admin.paket.refusalLead}</Text>
      <List size="sm" spacing={2} mt={4}>
        {missingLines(refusal.completeness).map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
