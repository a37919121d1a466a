import { LineChart } from '@mantine/charts';
import { Alert, Anchor, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ProgressResponse } from '../../../../contract/results.ts';
import { CefrBadge } from '../../../components/CefrBadge.tsx';
import { RetakeBadge } from '../../../components/RetakeBadge.tsx';
import { t } from '../../../i18n/id.ts';
import { formatLongDate, formatShortDate } from '../../../lib/dates.ts';
import { ErrorBlock, LoadingBlock } from '../../../components/StatusBlocks.tsx';
import { ResultsPage } from './ResultsPage.tsx';
// Chart styles load with this route only, keeping them out of the landing page's CSS budget.
import '@mantine/charts/styles.css';

export interface ProgressViewProps {
  progress: ProgressResponse | undefined;
  isLoading: boolean;
  error: string | null;
  onRetry: () => void;
}

const T = t.results.progress;

interface DotProps {
  cx?: number;
  cy?: number;
  stroke?: string;
  index?: number;
  payload?: { retake?: boolean };
}

/** A plain dot per attempt; a retake gets a larger orange diamond, so memorised answers do not pass for progress. */
function AttemptDot({ cx, cy, stroke, index, payload }: DotProps) {
  if (cx === undefined || cy === undefined) return <g key={index} />;
  if (payload?.retake) {
    const r = 7;
    return (
      <polygon
        key={index}
        points={`${cx},${cy - r} ${cx + r},${cy} ${cx},${cy + r} ${cx - r},${cy}`}
        fill="var(--mantine-color-orange-5)"
        stroke="var(--mantine-color-orange-9)"
        strokeWidth={2}
        data-retake-dot
      />
    );
  }
  return <circle key={index} cx={cx} cy={cy} r={4} fill={stroke} stroke="white" strokeWidth={1} />;
}

const barColor = (percent: number) => (percent >= 70 ? 'green.8' : percent >= 50 ? 'yellow.7' : 'red.8');

/** /riwayat-ujian/progres: the score line across attempts, CEFR per attempt, diagnostics of the newest. */
export function ProgressView({ progress, isLoading, error, onRetry }: ProgressViewProps) {
  let body;
  if (isLoading) body = <LoadingBlock text={T.loading} />;
  else if (error !== null || !progress)
    body = <ErrorBlock text={error ?? T.loadFailed} onRetry={onRetry} retryLabel={t.results.history.retry} />;
  else if (progress.attempts.length === 0) {
    body = (
      <Paper withBorder p="xl" radius="md">
        <Text ta="center">{T.empty}</Text>
      </Paper>
    );
  } else {
    const data = progress.attempts.map((a, i) => ({
      label: `${T.attempt(i + 1)} · ${formatShortDate(a.tanggal)}`,
      retake: a.retake,
      [t.results.total]: a.totalScore,
      [t.results.listening]: a.listeningScore,
      [t.results.structureWritten]: a.structureScore,
      [t.results.reading]: a.readingScore,
    }));
    const anyRetake = progress.attempts.some((a) => a.retake);
    const d = progress.diagnostics;
    body = (
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {T.chartTitle}
            </Title>
            {/* The total has a chart of its own: on a shared axis its 310-677 scale flattens the section lines, on a second axis it hides under them. */}
            <div role="img" aria-label={T.chartLabel}>
              <LineChart
                h={220}
                data={data}
                dataKey="label"
                yAxisProps={{ domain: [300, 680], width: 40 }}
                xAxisProps={{ interval: 'preserveStartEnd' }}
                series={[{ name: t.results.total, color: 'blue.8' }]}
                curveType="linear"
                lineProps={{ dot: AttemptDot }}
              />
            </div>
            {anyRetake ? (
              <Text size="xs" data-testid="retake-legend">
                {T.retakeLegend}
              </Text>
            ) : null}
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {T.sectionChartTitle}
            </Title>
            <div role="img" aria-label={T.sectionChartLabel}>
              <LineChart
                h={240}
                data={data}
                dataKey="label"
                withLegend
                yAxisProps={{ domain: [30, 70], width: 32 }}
                xAxisProps={{ interval: 'preserveStartEnd' }}
                series={[
                  { name: t.results.listening, color: 'teal.8' },
                  { name: t.results.structureWritten, color: 'orange.8' },
                  { name: t.results.reading, color: 'grape.8' },
                ]}
                curveType="linear"
                lineProps={{ dot: AttemptDot }}
                legendProps={{ verticalAlign: 'bottom', height: 50 }}
              />
            </div>
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {T.cefrTitle}
            </Title>
            <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
              {progress.attempts.map((a, i) => (
                <Group key={a.id} component="li" justify="space-between" gap="xs" wrap="nowrap" data-retake={a.retake || undefined}>
                  <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                    <Text size="sm">
                      {T.attempt(i + 1)} · {a.nama_paket} · {formatLongDate(a.tanggal)}
                    </Text>
                    {a.retake ? <RetakeBadge /> : null}
                  </Stack>
                  <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
                    <Text size="sm" fw={700}>
                      {a.totalScore}
                    </Text>
                    <CefrBadge cefr={a.cefr} />
                  </Group>
                </Group>
              ))}
            </Stack>
          </Stack>
        </Paper>
        {d ? (
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Stack gap={2}>
                <Title order={2} size="h4">
                  {T.diagnosticsTitle}
                </Title>
                <Text size="sm">{T.diagnosticsOf(d.nama_paket, formatLongDate(d.tanggal))}</Text>
                <Anchor component={Link} to={`/diagnosis/${d.historyId}`} size="sm" fw={600}>
                  {T.diagnosisLink}
                </Anchor>
              </Stack>
              {d.suggestion && d.weakest ? (
                <Alert color="orange" title={`${T.weakest}: ${d.weakest.label}`}>
                  <Text size="sm">
                    <b>{T.suggestionTitle}:</b> {d.suggestion}
                  </Text>
                </Alert>
              ) : null}
              <Table.ScrollContainer minWidth={320}>
                <Table verticalSpacing="xs" aria-label={T.diagnosticsTitle}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{T.part}</Table.Th>
                      <Table.Th ta="right">{T.correct}</Table.Th>
                      <Table.Th w="35%">%</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {d.parts.map((p) => (
                      <Table.Tr key={`${p.key}-${p.label}`} data-weakest={d.weakest?.label === p.label || undefined}>
                        <Table.Td>{p.label}</Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {p.correct}/{p.total}
                        </Table.Td>
                        <Table.Td>
                          <SimpleGrid cols={2} spacing="xs" style={{ alignItems: 'center' }}>
                            <Progress value={p.percent} color={barColor(p.percent)} aria-label={`${p.label} ${p.percent}%`} />
                            <Text size="sm">{p.percent}%</Text>
                          </SimpleGrid>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          </Paper>
        ) : null}
        <Text size="sm" c="dimmed">
          {t.results.estimate}
        </Text>
      </Stack>
    );
  }
  return (
    <ResultsPage title={T.title} lead={T.lead}>
      {body}
    </ResultsPage>
  );
}
