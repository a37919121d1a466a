import { Alert, Button, Center, Group, Loader, Pagination, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import type { AdminHistoryItem } from '../../../../contract/results.ts';
import { CefrBadge } from '../../../components/CefrBadge.tsx';
import { RetakeBadge } from '../../../components/RetakeBadge.tsx';
import { t } from '../../../i18n/id.ts';
import { formatLongDate } from '../../../lib/dates.ts';

export interface AdminHistoryFilters {
  q: string;
  from: string;
  to: string;
}

export interface AdminHistoryViewProps {
  status: 'loading' | 'error' | 'ready';
  rows: readonly AdminHistoryItem[];
  total: number;
  page: number;
  limit: number;
  /** What the inputs show (applied on submit). */
  draft: AdminHistoryFilters;
  onDraftChange: (draft: AdminHistoryFilters) => void;
  onApply: () => void;
  onReset: () => void;
  onPageChange: (page: number) => void;
  onRetry: () => void;
  onExport: () => void;
  exporting: boolean;
  onDownload: (row: AdminHistoryItem) => void;
  downloadingId: number | null;
}

const T = t.adminHistory;

/** /admin/riwayat-ujian: every participant's results with search, date range, paging and CSV export. */
export function AdminHistoryView(props: AdminHistoryViewProps) {
  const {
    status,
    rows,
    total,
    page,
    limit,
    draft,
    onDraftChange,
    onApply,
    onReset,
    onPageChange,
    onRetry,
    onExport,
    exporting,
    onDownload,
    downloadingId,
  } = props;
  const pages = Math.max(1, Math.ceil(total / limit));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply();
  };
  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {T.title}
          </Title>
          <Text size="sm">{T.lead}</Text>
        </Stack>
        <Button variant="outline" onClick={onExport} loading={exporting} disabled={status !== 'ready' || total === 0}>
          {T.exportCsv}
        </Button>
      </Group>
      <Paper withBorder p="sm" radius="md" component="form" onSubmit={submit} role="search">
        <Group align="flex-end" gap="sm">
          <TextInput
            label={T.search}
            placeholder={T.searchPlaceholder}
            type="search"
            value={draft.q}
            onChange={(e) => onDraftChange({ ...draft, q: e.currentTarget.value })}
            w={{ base: '100%', sm: 280 }}
          />
          <TextInput
            label={T.from}
            type="date"
            value={draft.from}
            max={draft.to || undefined}
            onChange={(e) => onDraftChange({ ...draft, from: e.currentTarget.value })}
            w={{ base: '47%', sm: 170 }}
          />
          <TextInput
            label={T.to}
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            onChange={(e) => onDraftChange({ ...draft, to: e.currentTarget.value })}
            w={{ base: '47%', sm: 170 }}
          />
          <Group gap="xs">
            <Button type="submit">{T.apply}</Button>
            <Button type="button" variant="subtle" onClick={onReset}>
              {T.reset}
            </Button>
          </Group>
        </Group>
      </Paper>
      {status === 'loading' ? (
        <Center py="xl" role="status">
          <Stack align="center" gap="xs">
            <Loader aria-hidden />
            <Text size="sm">{T.loading}</Text>
          </Stack>
        </Center>
      ) : null}
      {status === 'error' ? (
        <Alert color="red" title={t.notification.errorTitle} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{T.loadFailed}</Text>
            <Button size="xs" variant="outline" color="red" onClick={onRetry}>
              {T.retry}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {status === 'ready' && rows.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center">{T.empty}</Text>
        </Paper>
      ) : null}
      {status === 'ready' && rows.length > 0 ? (
        <>
          <Text size="sm">{T.total(total)}</Text>
          <Table.ScrollContainer minWidth={980}>
            <Table striped verticalSpacing="xs" aria-label={T.title}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{T.no}</Table.Th>
                  <Table.Th>{T.date}</Table.Th>
                  <Table.Th>{T.peserta}</Table.Th>
                  <Table.Th>{T.paket}</Table.Th>
                  <Table.Th ta="right">{T.scores}</Table.Th>
                  <Table.Th ta="right">{T.totalScore}</Table.Th>
                  <Table.Th>{T.cefr}</Table.Th>
                  <Table.Th>{T.certificate}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r, i) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{(page - 1) * limit + i + 1}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatLongDate(r.tanggal)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {r.user.nama}
                      </Text>
                      <Text size="xs">{r.user.nohp}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs">
                        <span>{r.nama_paket}</span>
                        {r.retake ? <RetakeBadge /> : null}
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {r.listeningScore} / {r.structureScore} / {r.readingScore}
                    </Table.Td>
                    <Table.Td ta="right" fw={700}>
                      {r.totalScore}
                    </Table.Td>
                    <Table.Td>
                      <CefrBadge cefr={r.cefr} size="sm" />
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        loading={downloadingId === r.id}
                        onClick={() => onDownload(r)}
                        aria-label={T.downloadLabel(r.user.nama)}
                      >
                        {T.download}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 ? (
            <Group justify="center">
              <Pagination
                total={pages}
                value={page}
                onChange={onPageChange}
                aria-label={T.pagination}
                getControlProps={(control) => ({ 'aria-label': control })}
              />
            </Group>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
