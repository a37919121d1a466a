import { Avatar, Badge, Button, Code, CopyButton, Group, Modal, NativeSelect, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { TIME_FACTOR_PERCENTS, timeFactorLabel, type TimeFactorPercent } from '../../../../contract/accommodations.ts';
import type { ExamUser } from '../../../../contract/admin-users.ts';
import { apiAssetUrl } from '../../../api/api.ts';
import { initials } from '../../../components/AccountButton.tsx';
import { ListPagination, pageCount } from '../../../components/ListPagination.tsx';
import { t } from '../../../i18n/id.ts';
import { AdminPage } from './AdminPage.tsx';
import { EmptyState, ErrorState, LoadingState } from './QueryState.tsx';

export interface DataUserViewProps {
  status: 'loading' | 'error' | 'ready';
  users: readonly ExamUser[];
  total: number;
  page: number;
  limit: number;
  search: string;
  errorMessage?: string;
  onSearchChange: (q: string) => void;
  onPageChange: (page: number) => void;
  onRetry?: () => void;
  /** The user whose password is being reset (the button spins). */
  resettingNohp?: string | null;
  onReset: (user: ExamUser) => void;
  /** The user whose time factor is being saved (their select is disabled). */
  savingFactorNohp?: string | null;
  /** Called once the admin confirmed a new time factor. */
  onSetFactor: (user: ExamUser, percent: TimeFactorPercent) => void;
  /** The temporary password to show once, with whom it belongs to. */
  revealed: { nama: string; password: string } | null;
  onCloseRevealed: () => void;
}

/**
 * /admin/data-user (spec section 2, DESIGN section 9): the participant table with server-side
 * search and paging; the Password column resets to a temporary password shown once.
 */
export function DataUserView(props: DataUserViewProps) {
  const {
    status,
    users,
    total,
    page,
    limit,
    search,
    errorMessage,
    onSearchChange,
    onPageChange,
    onRetry,
    resettingNohp,
    onReset,
    savingFactorNohp,
    onSetFactor,
    revealed,
    onCloseRevealed,
  } = props;
  const pages = pageCount(total, limit);

  const askReset = (u: ExamUser) =>
    modals.openConfirmModal({
      title: t.admin.users.resetConfirmTitle(u.nama),
      children: t.admin.users.resetConfirmText,
      labels: { confirm: t.admin.users.reset, cancel: t.admin.common.cancel },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t.dialog.close },
      centered: true,
      onConfirm: () => onReset(u),
    });

  const askFactor = (u: ExamUser, value: string) => {
    const percent = TIME_FACTOR_PERCENTS.find((p) => String(p) === value);
    if (percent === undefined || percent === u.faktor_waktu_persen) return;
    modals.openConfirmModal({
      title: t.admin.users.factorConfirmTitle(u.nama),
      children: t.admin.users.factorConfirmText(timeFactorLabel(u.faktor_waktu_persen), timeFactorLabel(percent)),
      labels: { confirm: t.admin.users.factorConfirm, cancel: t.admin.common.cancel },
      closeButtonProps: { 'aria-label': t.dialog.close },
      centered: true,
      onConfirm: () => onSetFactor(u, percent),
    });
  };

  const factorSelect = (u: ExamUser, withLabel: boolean) => (
    <NativeSelect
      size="xs"
      label={withLabel ? t.admin.users.factor : undefined}
      aria-label={withLabel ? undefined : t.admin.users.factorLabel(u.nama)}
      value={String(u.faktor_waktu_persen)}
      disabled={savingFactorNohp === u.nohp}
      onChange={(e) => askFactor(u, e.currentTarget.value)}
      data={TIME_FACTOR_PERCENTS.map((p) => ({ value: String(p), label: t.admin.users.factorOption(timeFactorLabel(p), p) }))}
      w={withLabel ? '100%' : 130}
    />
  );

  const resetButton = (u: ExamUser) => (
    <Button
      size="xs"
      variant="outline"
      color="red"
      loading={resettingNohp === u.nohp}
      onClick={() => askReset(u)}
      aria-label={t.admin.users.resetLabel(u.nama)}
    >
      {t.admin.users.reset}
    </Button>
  );

  const statusBadge = (u: ExamUser) => (
    <Badge color={u.status_ujian === 'idle' ? 'gray' : 'orange'} variant={u.status_ujian === 'idle' ? 'light' : 'filled'} tt="none">
      {u.status_ujian === 'idle' ? t.admin.users.idle : t.admin.users.inExam}
    </Badge>
  );

  return (
    <AdminPage title={t.admin.users.title}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextInput
          label={t.admin.users.search}
          type="search"
          value={search}
          onChange={(e) => onSearchChange(e.currentTarget.value)}
          w={{ base: '100%', xs: 320 }}
        />
        {status === 'ready' ? <Text size="sm">{t.admin.users.total(total)}</Text> : null}
      </Group>
      {status === 'loading' ? <LoadingState /> : null}
      {status === 'error' ? (
        <ErrorState title={t.admin.users.failedTitle} message={errorMessage ?? t.admin.users.loadFailed} onRetry={onRetry} />
      ) : null}
      {status === 'ready' && users.length === 0 ? <EmptyState text={t.admin.users.empty} /> : null}
      {status === 'ready' && users.length > 0 ? (
        <>
          {/* Phones: one card per participant, every action on screen without sideways scrolling. */}
          <Stack gap="sm" hiddenFrom="sm" component="ul" aria-label={t.admin.users.title} p={0} m={0} style={{ listStyle: 'none' }}>
            {users.map((u) => (
              <Paper key={u.id} withBorder radius="md" p="sm" component="li" data-testid="user-card">
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                    <Group gap="sm" wrap="nowrap" miw={0}>
                      <Avatar src={apiAssetUrl(u.profilePic)} alt={t.admin.users.photoAlt(u.nama)} radius="xl" size="md" color="blue">
                        {initials(u.nama)}
                      </Avatar>
                      <Stack gap={0} miw={0}>
                        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {u.nama}
                        </Text>
                        <Text size="sm">{u.nohp}</Text>
                      </Stack>
                    </Group>
                    {statusBadge(u)}
                  </Group>
                  <Text size="sm">
                    {t.admin.users.colPaketAktif}: {u.paket_aktif ?? t.admin.users.none}
                  </Text>
                  <Text size="sm">
                    {t.admin.users.colPaketTerakhir}: {u.paket_terakhir ?? t.admin.users.none}
                  </Text>
                  <Group align="flex-end" gap="sm" wrap="nowrap">
                    <div style={{ flex: 1 }}>{factorSelect(u, true)}</div>
                    {resetButton(u)}
                  </Group>
                </Stack>
              </Paper>
            ))}
          </Stack>
          <Table.ScrollContainer minWidth={1000} visibleFrom="sm">
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.admin.users.colNo}</Table.Th>
                  <Table.Th>{t.admin.users.colNohp}</Table.Th>
                  <Table.Th>{t.admin.users.colNama}</Table.Th>
                  <Table.Th>{t.admin.users.colFoto}</Table.Th>
                  <Table.Th>{t.admin.users.colPassword}</Table.Th>
                  <Table.Th>{t.admin.users.colStatus}</Table.Th>
                  <Table.Th>{t.admin.users.colPaketAktif}</Table.Th>
                  <Table.Th>{t.admin.users.colPaketTerakhir}</Table.Th>
                  <Table.Th>{t.admin.users.colFaktor}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.map((u, i) => (
                  <Table.Tr key={u.id}>
                    <Table.Td>{(page - 1) * limit + i + 1}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{u.nohp}</Table.Td>
                    <Table.Td>{u.nama}</Table.Td>
                    <Table.Td>
                      <Avatar src={apiAssetUrl(u.profilePic)} alt={t.admin.users.photoAlt(u.nama)} radius="xl" size="md" color="blue">
                        {initials(u.nama)}
                      </Avatar>
                    </Table.Td>
                    <Table.Td>{resetButton(u)}</Table.Td>
                    <Table.Td>{statusBadge(u)}</Table.Td>
                    <Table.Td>{u.paket_aktif ?? t.admin.users.none}</Table.Td>
                    <Table.Td>{u.paket_terakhir ?? t.admin.users.none}</Table.Td>
                    <Table.Td>{factorSelect(u, false)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      ) : null}
      {status === 'ready' ? (
        <ListPagination pages={pages} page={page} onPageChange={onPageChange} label={t.admin.users.pagination} />
      ) : null}
      <Modal
        opened={revealed !== null}
        onClose={onCloseRevealed}
        title={t.admin.users.resetDoneTitle}
        centered
        closeButtonProps={{ 'aria-label': t.dialog.close }}
      >
        {revealed ? (
          <Stack gap="sm">
            <Text size="sm">{t.admin.users.resetDoneText(revealed.nama)}</Text>
            <Group gap="sm">
              <Code fz="lg" data-testid="temporary-password">
                {revealed.password}
              </Code>
              <CopyButton value={revealed.password}>
                {({ copied, copy }) => (
                  <Button size="xs" variant={copied ? 'filled' : 'light'} color={copied ? 'green' : 'blue'} onClick={copy}>
                    {copied ? t.admin.users.copied : t.admin.users.copy}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Group justify="flex-end">
              <Button onClick={onCloseRevealed}>{t.dialog.ok}</Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </AdminPage>
  );
}
