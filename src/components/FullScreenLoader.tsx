import { Center, Loader, Paper, Stack, Text } from '@mantine/core';

export interface FullScreenLoaderProps {
  /** What is being waited for; read out by screen readers. */
  message: string;
}

/** A whole-viewport wait state with a centred message card (route loading, identity probe). */
export function FullScreenLoader({ message }: FullScreenLoaderProps) {
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" maw={360} role="status" aria-live="polite">
        <Stack align="center" gap="md">
          <Loader aria-hidden="true" />
          <Text ta="center">{message}</Text>
        </Stack>
      </Paper>
    </Center>
  );
}
