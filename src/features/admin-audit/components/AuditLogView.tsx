import { Badge, Button, Group, Paper, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { ErrorBlock, LoadingBlock } from '../../../components/StatusBlocks.tsx';
import type { FormEvent } from 'react';
import { auditActionLabel, type AuditEntry } from '../../../../contract/audit.ts';
import { DateRangeFilter } from '../../../components/DateRangeFilter.tsx';
import { ListPagination, pageCount } from '../../../components/ListPagination.tsx';
import { t } from '../../../i18n/id.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { auditChanges, auditValue } from './audit-diff.ts';

const T = t.adminAudit;

export interface AuditFilters {
  action: string;
  actor: string;
  from: string;
  to: string;
}

export interface AuditLogViewProps {
  status: 'loading' | 'error' | 'ready';
  entries: readonly AuditEntry[];
  total: number;
  page: number;
  limit: number;
  /** Every action present in the log (the filter's choices). */
  actions: readonly string[];
  /** What the inputs show (applied on submit). */
  draft: AuditFilters;
  /** Whether any filter is applied (the empty state says so). */
  filtered: boolean;
  /** The server's message when it refused the filter (e.g. a bad date). */
  errorMessage?: string | undefined;
  /** The CSV of the applied filters. */
  csvUrl: string;
  onDraftChange: (draft: AuditFilters) => void;
  onApply: () => void;
  onReset: () => void;
  onPageChange: (page: number) => void;
  onRetry: () => void;
}

/** /admin/audit-log: who did what and when, with a readable before/after, a filter, pages and the CSV. */
export function AuditLogView(props: AuditLogViewProps) {
  const { status, entries, total, page, limit, actions, draft, filtered, errorMessage, csvUrl } = props;
  const { onDraftChange, onApply, onReset, onPageChange, onRetry } = props;
  const pages = pageCount(total, limit);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply();
  };
  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {T.title}
          </Title>
          <Text size="sm">{T.lead}</Text>
        </Stack>
        {status === 'ready' && total > 0 ? (
          <Button component="a" href={csvUrl} download variant="outline">
            {T.exportCsv}
          </Button>
        ) : (
          // Nothing to export yet: a disabled button, not a link that looks disabled but still works.
          <Button variant="outline" disabled>
            {T.exportCsv}
          </Button>
        )}
      </Group>
      <Paper withBorder p="sm" radius="md" component="form" onSubmit={submit} role="search" aria-label={T.filterLabel}>
        <Group align="flex-end" gap="sm">
          <NativeSelect
            label={T.action}
            data={[{ value: '', label: T.allActions }, ...actions.map((a) => ({ value: a, label: auditActionLabel(a) }))]}
            value={draft.action}
            onChange={(e) => onDraftChange({ ...draft, action: e.currentTarget.value })}
            w={{ base: '100%', sm: 240 }}
          />
          <TextInput
            label={T.actor}
            placeholder={T.actorPlaceholder}
            value={draft.actor}
            onChange={(e) => onDraftChange({ ...draft, actor: e.currentTarget.value })}
            w={{ base: '100%', sm: 220 }}
          />
          <DateRangeFilter from={draft.from} to={draft.to} onChange={(range) => onDraftChange({ ...draft, ...range })} onReset={onReset} />
        </Group>
      </Paper>
      {status === 'loading' ? <LoadingBlock text={T.loading} /> : null}
      {status === 'error' ? <ErrorBlock text={errorMessage ?? T.loadFailed} onRetry={onRetry} retryLabel={T.retry} /> : null}
      {status === 'ready' && entries.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center">{filtered ? T.emptyFiltered : T.empty}</Text>
        </Paper>
      ) : null}
      {status === 'ready' && entries.length > 0 ? (
        <>
          <Text size="sm">{T.total(total)}</Text>
          <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={T.title}>
            {entries.map((entry) => (
              <AuditEntryCard key={entry.id} entry={entry} />
            ))}
          </Stack>
          <ListPagination pages={pages} page={page} onPageChange={onPageChange} label={T.pagination} />
        </>
      ) : null}
    </Stack>
  );
}

function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry.before, entry.after);
  const created = entry.before === null && entry.after !== null;
  const removed = entry.after === null && entry.before !== null;
  return (
    <Paper withBorder radius="md" p="sm" component="li" data-testid="audit-entry">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" align="flex-start">
          <Badge variant="light" tt="none" size="lg">
            {auditActionLabel(entry.action)}
          </Badge>
          <Text size="sm" component="time" dateTime={entry.at}>
            {formatDateTime(entry.at)}
          </Text>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <b>{T.who}:</b> {entry.actor.nama} ({entry.actor.nohp})
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <b>{T.target}:</b> {entry.entity}
          {entry.entityId ? ` #${entry.entityId}` : ''}
          {created ? ` · ${T.created}` : removed ? ` · ${T.removed}` : ''}
        </Text>
        {entry.reason ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <b>{T.reason}:</b> {entry.reason}
          </Text>
        ) : null}
        {changes.length === 0 ? (
          <Text size="sm">{T.noChange}</Text>
        ) : (
          <Table layout="fixed" withTableBorder verticalSpacing={4} fz="sm" aria-label={`${T.changes}: ${auditActionLabel(entry.action)}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="30%">{T.field}</Table.Th>
                <Table.Th>{T.before}</Table.Th>
                <Table.Th>{T.after}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {changes.map((c) => (
                <Table.Tr key={c.field}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.field || T.changes}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{auditValue(c.before)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }} fw={600}>
                    {auditValue(c.after)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
