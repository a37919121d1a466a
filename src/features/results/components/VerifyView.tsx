import { Alert, Button, Container, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { VerifyResponse } from '../../../../contract/results.ts';
import { sectionQuestionCount } from '../../../../machines/exam-layout.ts';
import { CefrSummary } from '../../../components/CefrSummary.tsx';
import { t } from '../../../i18n/id.ts';
import { formatLongDate } from '../../../lib/dates.ts';
import { ErrorBlock, LoadingBlock } from '../../../components/StatusBlocks.tsx';

export interface VerifyViewProps {
  status: 'loading' | 'notFound' | 'error' | 'valid';
  result: VerifyResponse | undefined;
  code: string;
  onRetry: () => void;
}

const T = t.results.verify;

/** /verifikasi/:code (public): what the certificate with this code states, or that none exists. */
export function VerifyView({ status, result, code, onRetry }: VerifyViewProps) {
  let body;
  if (status === 'loading') body = <LoadingBlock text={T.loading} />;
  else if (status === 'notFound') {
    body = (
      <Alert color="red" title={T.notFound} role="alert">
        <Stack gap="xs">
          <Text size="sm">{T.notFoundText}</Text>
          <Text size="sm">
            {T.code}: <b>{code}</b>
          </Text>
        </Stack>
      </Alert>
    );
  } else if (status === 'error' || !result) body = <ErrorBlock text={T.failed} onRetry={onRetry} retryLabel={T.retry} />;
  else {
    const rows: [string, string][] = [
      [
        t.results.sections.listening,
        `${result.listeningScore} (${T.correctOf(result.listening_correct, sectionQuestionCount('listening'))})`,
      ],
      [
        `${t.results.sections.structure} & ${t.results.sections.written}`,
        `${result.structureScore} (${T.correctOf(result.written_correct, sectionQuestionCount('written'))})`,
      ],
      [t.results.sections.reading, `${result.readingScore} (${T.correctOf(result.reading_correct, sectionQuestionCount('reading'))})`],
    ];
    body = (
      <Stack gap="md">
        <Alert color="green" title={T.valid} role="status">
          <Text size="sm">
            {T.code}: <b>{result.code}</b>
          </Text>
        </Alert>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                {T.nama}
              </Text>
              <Text fw={700} size="xl" style={{ overflowWrap: 'anywhere' }}>
                {result.nama}
              </Text>
            </Stack>
            <Text size="sm">
              {T.paket}: <b>{result.nama_paket}</b>
            </Text>
            <Text size="sm">
              {T.tanggal}: <b>{formatLongDate(result.tanggal)}</b>
            </Text>
            <Table verticalSpacing="xs">
              <Table.Tbody>
                {rows.map(([label, value]) => (
                  <Table.Tr key={label}>
                    <Table.Th scope="row" fw={500}>
                      {label}
                    </Table.Th>
                    <Table.Td ta="right">{value}</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Th scope="row">{t.results.total}</Table.Th>
                  <Table.Td ta="right" fw={700} fz="lg">
                    {result.totalScore}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <CefrSummary
              levels={result}
              scores={{
                listening: result.listeningScore,
                written: result.structureScore,
                reading: result.readingScore,
                total: result.totalScore,
              }}
            />
            <Text size="sm" c="dimmed">
              {t.results.estimate}
            </Text>
          </Stack>
        </Paper>
      </Stack>
    );
  }
  return (
    <Container size="sm" py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {T.title}
        </Title>
        {body}
        <Group>
          <Button component={Link} to="/" variant="outline">
            {T.home}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
