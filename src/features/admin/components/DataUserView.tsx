import { Avatar, Badge, Button, Code, CopyButton, Group, Modal, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ExamUser } from '../../../../contract/admin-users.ts';
import { apiAssetUrl } from '../../../api/api.ts';
import { initials } from '../../../components/AccountMenu.tsx';
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
    revealed,
    onCloseRevealed,
  } = props;
  const pages = Math.max(1, Math.ceil(total / limit));

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
        <Table.ScrollContainer minWidth={900}>
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
                  <Table.Td>
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
                  </Table.Td>
                  <Table.Td>
                    <Badge
                      color={u.status_ujian === 'idle' ? 'gray' : 'orange'}
                      variant={u.status_ujian === 'idle' ? 'light' : 'filled'}
                      tt="none"
                    >
                      {u.status_ujian === 'idle' ? t.admin.users.idle : t.admin.users.inExam}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{u.paket_aktif ?? t.admin.users.none}</Table.Td>
                  <Table.Td>{u.paket_terakhir ?? t.admin.users.none}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {status === 'ready' && pages > 1 ? (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={onPageChange} getControlProps={(control) => ({ 'aria-label': control })} />
        </Group>
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
