import { Badge, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ErrorBlock } from '../../../components/StatusBlocks.tsx';
import { timeFactorLabel, type AdminAttempt } from '../../../../contract/accommodations.ts';
import { t } from '../../../i18n/id.ts';
import { formatClockTime } from '../../../lib/dates.ts';

const A = t.adminAttempts;

export interface RunningAttemptsViewProps {
  status: 'loading' | 'error' | 'ready';
  attempts: readonly AdminAttempt[];
  /** The instant the list is judged at (epoch ms): a section whose end passed cannot be extended. */
  now: number;
  onExtend: (attempt: AdminAttempt) => void;
  onReopen: (attempt: AdminAttempt) => void;
  onRetry: () => void;
}

/** Whether the running section can still take more minutes (the server refuses an ended one). */
export const canExtend = (a: AdminAttempt, now: number): boolean => a.endsAt !== null && Date.parse(a.endsAt) > now;

/** Open attempts as cards (the same on a phone and a wide screen): who, which section until when, and the two actions. */
export function RunningAttemptsView({ status, attempts, now, onExtend, onReopen, onRetry }: RunningAttemptsViewProps) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="running-attempts-title">
      <Stack gap={2}>
        <Title order={2} size="h3" id="running-attempts-title">
          {A.title}
        </Title>
        <Text size="sm">{A.lead}</Text>
      </Stack>
      {status === 'loading' ? (
        <Center py="md" role="status">
          <Group gap="xs">
            <Loader size="sm" aria-hidden />
            <Text size="sm">{A.loading}</Text>
          </Group>
        </Center>
      ) : null}
      {status === 'error' ? <ErrorBlock text={A.loadFailed} onRetry={onRetry} retryLabel={A.retry} /> : null}
      {status === 'ready' && attempts.length === 0 ? (
        <Paper withBorder p="md" radius="md">
          <Text ta="center" size="sm">
            {A.empty}
          </Text>
        </Paper>
      ) : null}
      {status === 'ready' && attempts.length > 0 ? (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="sm"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={A.title}
        >
          {attempts.map((a) => {
            const extendable = canExtend(a, now);
            return (
              <Paper key={a.attemptId} withBorder radius="md" p="sm" component="li" data-testid="running-attempt">
                <Stack gap={6}>
                  <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                    <Stack gap={0} miw={0}>
                      <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                        {a.user.nama}
                      </Text>
                      <Text size="sm">{a.user.nohp}</Text>
                    </Stack>
                    <Badge variant="light" tt="none" style={{ flexShrink: 0 }}>
                      {A.sesi[a.sesi]}
                    </Badge>
                  </Group>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {a.namaPaket}
                  </Text>
                  <Text size="sm" fw={600} data-testid="running-attempt-end">
                    {extendable && a.endsAt ? `${A.endsAt} ${formatClockTime(a.endsAt)}` : A.timeOver}
                  </Text>
                  {a.faktor_waktu_persen !== 100 ? (
                    <Text size="sm">
                      {A.factor}: {timeFactorLabel(a.faktor_waktu_persen)}
                    </Text>
                  ) : null}
                  {a.reopenReason ? (
                    <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                      {A.reopenedNote(a.reopenReason)}
                    </Text>
                  ) : null}
                  <Group gap="xs" mt={4}>
                    <Button size="xs" onClick={() => onExtend(a)} disabled={!extendable} aria-label={A.extendLabel(a.user.nama)}>
                      {A.extend}
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      color="red"
                      onClick={() => onReopen(a)}
                      disabled={a.reopenedAt !== null}
                      aria-label={A.reopenLabel(a.user.nama)}
                    >
                      {A.reopen}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
