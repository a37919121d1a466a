import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { t } from '../i18n/id.ts';

/** A centred spinner with its text, announced as a status. */
export function LoadingBlock({ text }: { text: string }) {
  return (
    <Center py="xl" role="status">
      <Stack align="center" gap="xs">
        <Loader aria-hidden />
        <Text size="sm">{text}</Text>
      </Stack>
    </Center>
  );
}

/** A load failure with a retry button. */
export function ErrorBlock({ text, onRetry, retryLabel }: { text: string; onRetry?: (() => void) | undefined; retryLabel: string }) {
  return (
    <Alert color="red" title={t.notification.errorTitle} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{text}</Text>
        {onRetry ? (
          <Button size="xs" variant="outline" color="red" onClick={onRetry}>
            {retryLabel}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
