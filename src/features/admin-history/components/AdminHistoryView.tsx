import { Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { ErrorBlock, LoadingBlock } from '../../../components/StatusBlocks.tsx';
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { AdminHistoryItem } from '../../../../contract/results.ts';
import { CefrBadge } from '../../../components/CefrBadge.tsx';
import { RetakeBadge } from '../../../components/RetakeBadge.tsx';
import { DateRangeFilter } from '../../../components/DateRangeFilter.tsx';
import { ListPagination, pageCount } from '../../../components/ListPagination.tsx';
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
  /** Asks to reopen the attempt behind a result (a fault cost the learner time). */
  onReopen: (row: AdminHistoryItem) => void;
  /** The running attempts panel, shown above the results. */
  running?: ReactNode;
}

/** Where an admin reads a result's review (the learner's own review screen, inside the admin area). */
export const adminReviewPath = (row: AdminHistoryItem): string => `/admin/riwayat-ujian/${row.id}/pembahasan`;

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
    onReopen,
    running,
  } = props;
  const pages = pageCount(total, limit);
  const actions = (r: AdminHistoryItem) => (
    <Group gap="xs" wrap="wrap">
      <Button size="xs" variant="light" component={Link} to={adminReviewPath(r)} aria-label={T.reviewLabel(r.user.nama)}>
        {T.review}
      </Button>
      <Button
        size="xs"
        variant="light"
        loading={downloadingId === r.id}
        onClick={() => onDownload(r)}
        aria-label={T.downloadLabel(r.user.nama)}
      >
        {T.download}
      </Button>
      <Button size="xs" variant="outline" color="red" onClick={() => onReopen(r)} aria-label={T.reopenLabel(r.user.nama)}>
        {T.reopen}
      </Button>
    </Group>
  );
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
      {running}
      <Title order={2} size="h3">
        {T.results}
      </Title>
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
          <DateRangeFilter from={draft.from} to={draft.to} onChange={(range) => onDraftChange({ ...draft, ...range })} onReset={onReset} />
        </Group>
      </Paper>
      {status === 'loading' ? <LoadingBlock text={T.loading} /> : null}
      {status === 'error' ? <ErrorBlock text={T.loadFailed} onRetry={onRetry} retryLabel={T.retry} /> : null}
      {status === 'ready' && rows.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center">{T.empty}</Text>
        </Paper>
      ) : null}
      {status === 'ready' && rows.length > 0 ? (
        <>
          <Text size="sm">{T.total(total)}</Text>
          {/* Phones: one card per result with every action; the table needs a wide screen. */}
          <Stack gap="sm" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={T.title}>
            {rows.map((r) => (
              <Paper key={r.id} withBorder radius="md" p="sm" component="li" data-testid="history-card">
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                    <Stack gap={0} miw={0}>
                      <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                        {r.user.nama}
                      </Text>
                      <Text size="sm">{r.user.nohp}</Text>
                    </Stack>
                    <CefrBadge cefr={r.cefr} size="sm" />
                  </Group>
                  <Group gap="xs">
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {r.nama_paket}
                    </Text>
                    {r.retake ? <RetakeBadge /> : null}
                  </Group>
                  <Text size="sm">
                    {formatLongDate(r.tanggal)} · {T.scores} {r.listeningScore} / {r.structureScore} / {r.readingScore} ·{' '}
                    <b>
                      {T.totalScore} {r.totalScore}
                    </b>
                  </Text>
                  {actions(r)}
                </Stack>
              </Paper>
            ))}
          </Stack>
          <Table.ScrollContainer minWidth={960} visibleFrom="sm">
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
                  <Table.Th>{T.actions}</Table.Th>
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
                    <Table.Td>{actions(r)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPagination pages={pages} page={page} onPageChange={onPageChange} label={T.pagination} />
        </>
      ) : null}
    </Stack>
  );
}
