import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Image,
  Loader,
  Modal,
  NativeSelect,
  Pagination,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Link } from 'react-router-dom';
import type { AdminPayment, AdminPaymentList, PaymentStatus } from '../../../../contract/payments.ts';
import { t } from '../../../i18n/id.ts';
import { formatRupiah } from '../../../lib/format.ts';

export type StatusFilter = PaymentStatus | '';

export interface AdminPaymentsViewProps {
  list: AdminPaymentList | undefined;
  isLoading: boolean;
  /** Load failure text; null when fine. */
  error: string | null;
  onRetry: () => void;
  status: StatusFilter;
  onStatusChange: (status: StatusFilter) => void;
  page: number;
  onPageChange: (page: number) => void;
  /** The payment whose decision is being sent. */
  busyId: number | null;
  assetUrl: (path: string) => string | undefined;
  /** Full-size proof modal. */
  proofOf: AdminPayment | null;
  onOpenProof: (p: AdminPayment) => void;
  onCloseProof: () => void;
  /** Confirmation modal. */
  confirmOf: AdminPayment | null;
  onAskConfirm: (p: AdminPayment) => void;
  onConfirm: () => void;
  onCancelConfirm: () => void;
  /** Rejection modal with its reason. */
  rejectOf: AdminPayment | null;
  onAskReject: (p: AdminPayment) => void;
  reason: string;
  onReasonChange: (reason: string) => void;
  reasonError: string | null;
  onReject: () => void;
  onCancelReject: () => void;
}

const dateFormat = new Intl.DateTimeFormat('id-ID', { dateStyle: 'medium', timeStyle: 'short' });
const STATUS = {
  pending: { label: t.adminPayments.statusPending, color: 'orange' },
  confirmed: { label: t.adminPayments.statusConfirmed, color: 'green' },
  rejected: { label: t.adminPayments.statusRejected, color: 'red' },
} as const;

/** /admin/payments (spec section 2): proofs to verify, with confirm and reject, a status filter and pages. */
export function AdminPaymentsView(props: AdminPaymentsViewProps) {
  const { list, status, page } = props;
  const pages = list ? Math.max(1, Math.ceil(list.total / list.limit)) : 1;

  let body;
  if (props.isLoading) {
    body = (
      <Center py="xl" role="status">
        <Stack align="center" gap="xs">
          <Loader aria-hidden />
          <Text size="sm">{t.adminPayments.loading}</Text>
        </Stack>
      </Center>
    );
  } else if (props.error !== null) {
    body = (
      <Alert color="red" title={t.adminPayments.loadFailed} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{props.error}</Text>
          <Button size="xs" variant="outline" color="red" onClick={props.onRetry}>
            {t.adminPayments.retry}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!list || list.data.length === 0) {
    body = (
      <Text ta="center" py="xl">
        {t.adminPayments.empty}
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={820}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.adminPayments.participant}</Table.Th>
              <Table.Th>{t.adminPayments.paket}</Table.Th>
              <Table.Th>{t.adminPayments.proof}</Table.Th>
              <Table.Th>{t.adminPayments.status}</Table.Th>
              <Table.Th>{t.adminPayments.date}</Table.Th>
              <Table.Th>{t.adminPayments.actions}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {p.User.nama}
                  </Text>
                  <Text size="xs">{p.userNohp}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{p.nama_paket}</Text>
                  <Text size="xs">{formatRupiah(p.amount)}</Text>
                </Table.Td>
                <Table.Td>
                  <UnstyledButton onClick={() => props.onOpenProof(p)} aria-label={t.adminPayments.openProof(p.User.nama)}>
                    <Image src={props.assetUrl(p.buktiBayar)} alt="" w={56} h={56} fit="cover" radius="sm" />
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>
                  <Badge color={STATUS[p.status].color} variant="light">
                    {STATUS[p.status].label}
                  </Badge>
                  {p.status === 'rejected' && p.alasanPenolakan ? (
                    <Text size="xs" mt={4} maw={220}>
                      {t.adminPayments.reason(p.alasanPenolakan)}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{dateFormat.format(new Date(p.createdAt))}</Text>
                </Table.Td>
                <Table.Td>
                  {p.status === 'pending' ? (
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        color="green"
                        loading={props.busyId === p.id}
                        disabled={props.busyId !== null && props.busyId !== p.id}
                        onClick={() => props.onAskConfirm(p)}
                      >
                        {t.adminPayments.confirm}
                      </Button>
                      <Button size="xs" color="red" variant="outline" disabled={props.busyId !== null} onClick={() => props.onAskReject(p)}>
                        {t.adminPayments.reject}
                      </Button>
                    </Group>
                  ) : (
                    <Text size="xs">{p.decidedAt ? dateFormat.format(new Date(p.decidedAt)) : '-'}</Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2">
          {t.adminPayments.title}
        </Title>
        <Group gap="sm" align="flex-end">
          <Button component={Link} to="/admin/settings" variant="outline">
            {t.adminPayments.qrSettings}
          </Button>
          <NativeSelect
            label={t.adminPayments.filterLabel}
            value={status}
            onChange={(e) => props.onStatusChange(e.currentTarget.value as StatusFilter)}
            data={[
              { value: '', label: t.adminPayments.filterAll },
              { value: 'pending', label: t.adminPayments.statusPending },
              { value: 'confirmed', label: t.adminPayments.statusConfirmed },
              { value: 'rejected', label: t.adminPayments.statusRejected },
            ]}
            w={200}
          />
        </Group>
      </Group>
      {body}
      {list && list.total > 0 ? (
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t.adminPayments.total(list.total)}</Text>
          {pages > 1 ? (
            <Pagination total={pages} value={page} onChange={props.onPageChange} aria-label={t.adminPayments.pageLabel} />
          ) : null}
        </Group>
      ) : null}

      <Modal
        opened={props.proofOf !== null}
        onClose={props.onCloseProof}
        title={t.adminPayments.proofTitle}
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': t.dialog.close }}
      >
        {props.proofOf ? (
          <Stack gap="xs">
            <Text size="sm">
              {props.proofOf.User.nama} · {props.proofOf.nama_paket} · {formatRupiah(props.proofOf.amount)}
            </Text>
            <Image
              src={props.assetUrl(props.proofOf.buktiBayar)}
              alt={t.adminPayments.proofAlt(props.proofOf.User.nama)}
              fit="contain"
              mah="70vh"
            />
          </Stack>
        ) : null}
      </Modal>

      <Modal
        opened={props.confirmOf !== null}
        onClose={props.onCancelConfirm}
        title={t.adminPayments.confirmTitle}
        centered
        closeButtonProps={{ 'aria-label': t.dialog.close }}
      >
        {props.confirmOf ? (
          <Stack gap="md">
            <Text>{t.adminPayments.confirmText(props.confirmOf.User.nama, props.confirmOf.nama_paket)}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={props.onCancelConfirm}>
                {t.adminPayments.cancel}
              </Button>
              <Button color="green" onClick={props.onConfirm} data-autofocus>
                {t.adminPayments.confirmYes}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>

      <Modal
        opened={props.rejectOf !== null}
        onClose={props.onCancelReject}
        title={t.adminPayments.rejectTitle}
        centered
        closeButtonProps={{ 'aria-label': t.dialog.close }}
      >
        {props.rejectOf ? (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              props.onReject();
            }}
          >
            <Stack gap="md">
              <Text size="sm">
                {props.rejectOf.User.nama} · {props.rejectOf.nama_paket}
              </Text>
              <Textarea
                label={t.adminPayments.rejectLabel}
                placeholder={t.adminPayments.rejectPlaceholder}
                value={props.reason}
                onChange={(e) => props.onReasonChange(e.currentTarget.value)}
                error={props.reasonError}
                autosize
                minRows={3}
                maxLength={500}
                data-autofocus
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={props.onCancelReject}>
                  {t.adminPayments.cancel}
                </Button>
                <Button type="submit" color="red" loading={props.busyId === props.rejectOf.id}>
                  {t.adminPayments.rejectSubmit}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Modal>
    </Stack>
  );
}
