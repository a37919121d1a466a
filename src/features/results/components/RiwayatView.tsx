import { Anchor, Button, Container, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { HistoryItem } from '../../../../contract/results.ts';
import { CefrBadge } from '../../../components/CefrBadge.tsx';
import { RetakeBadge } from '../../../components/RetakeBadge.tsx';
import { ParticipantNav } from '../../../components/ParticipantNav.tsx';
import { t } from '../../../i18n/id.ts';
import { formatLongDate } from '../../../lib/dates.ts';
import { ErrorBlock, LoadingBlock } from '../../../components/StatusBlocks.tsx';

export interface RiwayatViewProps {
  history: readonly HistoryItem[] | undefined;
  isLoading: boolean;
  /** The load failure text; null when fine. */
  error: string | null;
  onRetry: () => void;
  onDownload: (item: HistoryItem) => void;
  /** The row whose certificate is downloading (its button spins). */
  downloadingId: number | null;
}

const T = t.results.history;

/** /riwayat-ujian: every finished simulation with scores, CEFR band, certificate and review. */
export function RiwayatView({ history, isLoading, error, onRetry, onDownload, downloadingId }: RiwayatViewProps) {
  let body;
  if (isLoading) body = <LoadingBlock text={T.loading} />;
  else if (error !== null) body = <ErrorBlock text={error} onRetry={onRetry} retryLabel={T.retry} />;
  else if (!history || history.length === 0) {
    body = (
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="sm">
          <Text ta="center">{T.empty}</Text>
          <Button component={Link} to="/paketsoal">
            {T.toPaket}
          </Button>
        </Stack>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="xs">
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} hiddenFrom="sm" aria-label={T.title}>
          {history.map((h) => {
            const tanggal = formatLongDate(h.tanggal);
            return (
              <Paper key={h.id} withBorder p="md" radius="md" component="li">
                <Stack gap="xs">
                  <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text fw={700}>{h.nama_paket}</Text>
                      <Text size="sm">{tanggal}</Text>
                      {h.retake ? <RetakeBadge /> : null}
                    </Stack>
                    <Stack gap={4} align="flex-end">
                      <Text fw={700} size="xl" lh={1}>
                        {h.totalScore}
                      </Text>
                      <CefrBadge cefr={h.cefr} size="sm" />
                    </Stack>
                  </Group>
                  <Text size="sm">
                    {t.results.listening} {h.listeningScore} · {t.results.structureWritten} {h.structureScore} · {t.results.reading}{' '}
                    {h.readingScore}
                  </Text>
                  <Text size="sm">
                    {T.correct}: {h.listening_correct} / {h.written_correct} / {h.reading_correct}
                  </Text>
                  <Group gap="xs" grow>
                    <Button
                      size="sm"
                      onClick={() => onDownload(h)}
                      loading={downloadingId === h.id}
                      disabled={downloadingId !== null && downloadingId !== h.id}
                      aria-label={T.certificateLabel(h.nama_paket, tanggal)}
                    >
                      {T.certificate}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      component={Link}
                      to={`/riwayat-ujian/${h.id}/pembahasan`}
                      aria-label={T.reviewLabel(h.nama_paket, tanggal)}
                    >
                      {T.review}
                    </Button>
                  </Group>
                  {/* Its own row: three buttons side by side cut their labels on a 390 px phone. */}
                  <Button
                    size="sm"
                    variant="light"
                    fullWidth
                    component={Link}
                    to={`/diagnosis/${h.id}`}
                    aria-label={T.diagnosisLabel(h.nama_paket, tanggal)}
                  >
                    {T.diagnosis}
                  </Button>
                </Stack>
              </Paper>
            );
          })}
        </Stack>
        <Table.ScrollContainer minWidth={860} visibleFrom="sm">
          <Table striped verticalSpacing="sm" aria-label={T.title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.date}</Table.Th>
                <Table.Th>{T.paket}</Table.Th>
                <Table.Th ta="right">{t.results.listening}</Table.Th>
                <Table.Th ta="right">{t.results.structureWritten}</Table.Th>
                <Table.Th ta="right">{t.results.reading}</Table.Th>
                <Table.Th ta="right">{t.results.total}</Table.Th>
                <Table.Th>{t.results.cefr}</Table.Th>
                <Table.Th>{T.correct}</Table.Th>
                <Table.Th>{T.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.map((h) => {
                const tanggal = formatLongDate(h.tanggal);
                return (
                  <Table.Tr key={h.id}>
                    {/* The date may wrap: on a 1280 px screen the nine columns fit beside a whole CEFR badge only then. */}
                    <Table.Td>{tanggal}</Table.Td>
                    <Table.Td>
                      <Group gap="xs">
                        <span>{h.nama_paket}</span>
                        {h.retake ? <RetakeBadge /> : null}
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">{h.listeningScore}</Table.Td>
                    <Table.Td ta="right">{h.structureScore}</Table.Td>
                    <Table.Td ta="right">{h.readingScore}</Table.Td>
                    <Table.Td ta="right" fw={700}>
                      {h.totalScore}
                    </Table.Td>
                    <Table.Td>
                      <CefrBadge cefr={h.cefr} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {h.listening_correct} / {h.written_correct} / {h.reading_correct}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          onClick={() => onDownload(h)}
                          loading={downloadingId === h.id}
                          disabled={downloadingId !== null && downloadingId !== h.id}
                          aria-label={T.certificateLabel(h.nama_paket, tanggal)}
                        >
                          {T.certificate}
                        </Button>
                        <Button
                          size="xs"
                          variant="outline"
                          component={Link}
                          to={`/riwayat-ujian/${h.id}/pembahasan`}
                          aria-label={T.reviewLabel(h.nama_paket, tanggal)}
                        >
                          {T.review}
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          component={Link}
                          to={`/diagnosis/${h.id}`}
                          aria-label={T.diagnosisLabel(h.nama_paket, tanggal)}
                        >
                          {T.diagnosis}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" c="dimmed">
          {t.results.estimate}
        </Text>
      </Stack>
    );
  }
  return (
    <Container size="lg" py="lg">
      <ParticipantNav />
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4} style={{ flex: '1 1 320px' }}>
            <Title order={1} size="h2">
              {T.title}
            </Title>
            <Text>{T.lead}</Text>
          </Stack>
          {history && history.length > 0 ? (
            <Anchor component={Link} to="/riwayat-ujian/progres" fw={600}>
              {T.progress}
            </Anchor>
          ) : null}
        </Group>
        {body}
      </Stack>
    </Container>
  );
}
