import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { t } from '../i18n/id.ts';

export interface ErrorScreenProps {
  /** Defaults to reloading the page (spec: 'Try Again' reloads). */
  onRetry?: () => void;
}

/** The generic error screen of spec section 2, shown when a route fails to load or render. */
export function ErrorScreen({ onRetry = () => window.location.reload() }: ErrorScreenProps) {
  return (
    <Center component="main" mih="100dvh" p="md">
      {/* The spec gives this screen in English; lang tells screen readers to switch voice. */}
      <Stack align="center" gap="md" maw={480} lang="en">
        <Title order={1} ta="center">
          {t.errorScreen.title}
        </Title>
        <Text ta="center" c="dimmed">
          {t.errorScreen.text}
        </Text>
        <Button onClick={onRetry}>{t.errorScreen.retry}</Button>
      </Stack>
    </Center>
  );
}
