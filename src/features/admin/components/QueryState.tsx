import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { t } from '../../../i18n/id.ts';

/** The loading line of an admin list or form. */
export function LoadingState() {
  return (
    <Center py="xl" role="status">
      <Stack align="center" gap="xs">
        <Loader size="md" aria-hidden />
        <Text size="sm">{t.admin.common.loading}</Text>
      </Stack>
    </Center>
  );
}

/** A failed load: the spec's title, the server's message, and a retry. */
export function ErrorState({ title, message, onRetry }: { title: string; message: string; onRetry?: () => void }) {
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry ? (
          <Button size="xs" variant="outline" color="red" onClick={onRetry}>
            {t.admin.common.retry}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** What a list shows when it has nothing. */
export function EmptyState({ text }: { text: string }) {
  return (
    <Text c="dimmed" ta="center" py="xl">
      {text}
    </Text>
  );
}
