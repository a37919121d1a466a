import { Badge, Button, Group, List, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { AdminPaket } from '../../../../contract/paket.ts';
import { t } from '../../../i18n/id.ts';
import { formatShortDate } from '../../../lib/dates.ts';
import { formatRupiah } from '../../../lib/format.ts';
import { partQuestionCount } from '../../../../machines/exam-layout.ts';
import { SECTIONS } from '../admin-content.rules.ts';
import { AdminPage } from './AdminPage.tsx';
import { confirmArchive, confirmClone } from './confirm.ts';
import classes from './AdminTable.module.css';
import { EmptyState, ErrorState, LoadingState } from './QueryState.tsx';

export interface PaketListViewProps {
  status: 'loading' | 'error' | 'ready';
  pakets: readonly AdminPaket[];
  errorMessage?: string;
  /** The id of the package being archived or restored (its button spins). */
  deletingId?: number | null;
  /** The id of the package being copied (its button spins). */
  cloningId?: number | null;
  /** Which list shows first: the packages in use or the archive. */
  initialView?: 'active' | 'archive';
  onRetry?: () => void;
  onAddPaket: () => void;
  onAddSoal: (paket: AdminPaket) => void;
  onEdit: (paket: AdminPaket) => void;
  /** Opens the package's item statistics. */
  onStats?: (paket: AdminPaket) => void;
  /** The spec's 'Hapus': archives the package after a confirmation. */
  onDelete: (paket: AdminPaket) => void;
  onRestore: (paket: AdminPaket) => void;
  /** Copies the package after a confirmation. */
  onClone?: (paket: AdminPaket) => void;
}

/** One package's counts against 50/15/25/50 and the server's sentences for what is missing. */
function CompletenessCell({ paket }: { paket: AdminPaket }) {
  const c = paket.completeness;
  return (
    <Stack gap={4}>
      <Group gap={4} wrap="wrap">
        {SECTIONS.map((s) => (
          <Badge key={s} variant="light" color={c[s] >= partQuestionCount(s) ? 'green' : 'gray'} tt="none" radius="sm">
            {`${t.admin.sections[s]} ${c[s]}/${partQuestionCount(s)}`}
          </Badge>
        ))}
      </Group>
      {c.complete ? (
        <Text size="xs" c="green.8" fw={600}>
          {t.admin.paket.complete}
        </Text>
      ) : (
        <List size="xs" spacing={0}>
          {c.missing.map((m) => (
            <List.Item key={m}>{m}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/**
 * /admin/soal-simulasi: the package table with 'Tambah Soal', 'Edit Paket' and 'Hapus' (which
 * archives), and the archive with 'Pulihkan'.
 */
export function PaketListView({
  status,
  pakets: all,
  errorMessage,
  deletingId,
  cloningId,
  initialView = 'active',
  onRetry,
  onAddPaket,
  onAddSoal,
  onEdit,
  onStats,
  onDelete,
  onRestore,
  onClone,
}: PaketListViewProps) {
  const [view, setView] = useState(initialView);
  const archived = all.filter((p) => p.archived_at !== null);
  const pakets = view === 'archive' ? archived : all.filter((p) => p.archived_at === null);
  return (
    <AdminPage title={t.admin.paket.title} actions={<Button onClick={onAddPaket}>{t.admin.paket.add}</Button>}>
      {status === 'ready' && (archived.length > 0 || view === 'archive') ? (
        <SegmentedControl
          value={view}
          onChange={(v) => setView(v)}
          data={[
            { value: 'active', label: t.admin.paket.tabActive },
            { value: 'archive', label: t.admin.paket.tabArchive(archived.length) },
          ]}
          mb="md"
        />
      ) : null}
      {status === 'loading' ? <LoadingState /> : null}
      {status === 'error' ? (
        <ErrorState title={t.admin.paket.loadFailed} message={errorMessage ?? t.admin.common.genericError} onRetry={onRetry} />
      ) : null}
      {status === 'ready' && pakets.length === 0 ? (
        <EmptyState text={view === 'archive' ? t.admin.paket.archiveEmpty : t.admin.paket.empty} />
      ) : null}
      {status === 'ready' && pakets.length > 0 ? (
        <Table.ScrollContainer minWidth={0} type="native">
          <Table striped highlightOnHover verticalSpacing="sm" className={classes.stacked}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.admin.common.no}</Table.Th>
                <Table.Th>{t.admin.paket.colNama}</Table.Th>
                <Table.Th>{t.admin.paket.colLevel}</Table.Th>
                <Table.Th>{t.admin.paket.colHarga}</Table.Th>
                <Table.Th>{t.admin.paket.colStatus}</Table.Th>
                <Table.Th>{t.admin.paket.colCompleteness}</Table.Th>
                <Table.Th>{t.admin.common.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pakets.map((p, i) => (
                <Table.Tr key={p.id}>
                  <Table.Td data-label={t.admin.common.no}>{i + 1}</Table.Td>
                  <Table.Td data-label={t.admin.paket.colNama} fw={600}>
                    {p.nama_paket}
                  </Table.Td>
                  <Table.Td data-label={t.admin.paket.colLevel}>
                    {p.level === 'itp' ? t.admin.paket.levelItp : t.admin.paket.levelPrediction}
                  </Table.Td>
                  <Table.Td data-label={t.admin.paket.colHarga} style={{ whiteSpace: 'nowrap' }}>
                    {p.harga === 0 ? t.admin.paket.free : formatRupiah(p.harga)}
                  </Table.Td>
                  <Table.Td data-label={t.admin.paket.colStatus} style={{ minWidth: 90 }}>
                    <Badge color={p.status === 'siap' ? 'green' : 'orange'} variant="filled" tt="none">
                      {p.status === 'siap' ? t.admin.paket.statusSiap : t.admin.paket.statusBelum}
                    </Badge>
                    {p.archived_at ? (
                      <Text size="xs" c="dimmed" mt={4}>
                        {t.admin.paket.archivedOn(formatShortDate(p.archived_at))}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td data-label={t.admin.paket.colCompleteness}>
                    <CompletenessCell paket={p} />
                  </Table.Td>
                  <Table.Td data-label={t.admin.common.actions}>
                    <Group gap={6} wrap="wrap">
                      {p.archived_at ? (
                        <Button
                          size="xs"
                          variant="outline"
                          loading={deletingId === p.id}
                          aria-label={`${t.admin.paket.restore} ${p.nama_paket}`}
                          onClick={() => onRestore(p)}
                        >
                          {t.admin.paket.restore}
                        </Button>
                      ) : (
                        <>
                          <Button size="xs" onClick={() => onAddSoal(p)} aria-label={`${t.admin.paket.addSoal} ${p.nama_paket}`}>
                            {t.admin.paket.addSoal}
                          </Button>
                          <Button
                            size="xs"
                            variant="outline"
                            onClick={() => onEdit(p)}
                            aria-label={`${t.admin.paket.editPaket} ${p.nama_paket}`}
                          >
                            {t.admin.paket.editPaket}
                          </Button>
                          {onClone ? (
                            <Button
                              size="xs"
                              variant="outline"
                              loading={cloningId === p.id}
                              aria-label={t.admin.paket.cloneLabel(p.nama_paket)}
                              onClick={() => confirmClone(t.admin.paket.cloneTitle(p.nama_paket), () => onClone(p))}
                            >
                              {t.admin.paket.clone}
                            </Button>
                          ) : null}
                          {onStats ? (
                            <Button size="xs" variant="outline" onClick={() => onStats(p)} aria-label={t.itemStats.openLabel(p.nama_paket)}>
                              {t.itemStats.open}
                            </Button>
                          ) : null}
                          <Button
                            size="xs"
                            color="red"
                            variant="outline"
                            loading={deletingId === p.id}
                            aria-label={`${t.admin.common.delete} ${p.nama_paket}`}
                            onClick={() => confirmArchive(t.admin.paket.confirmDeleteTitle(p.nama_paket), () => onDelete(p))}
                          >
                            {t.admin.common.delete}
                          </Button>
                        </>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </AdminPage>
  );
}
