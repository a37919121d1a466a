import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Image,
  Loader,
  Modal,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Link } from 'react-router-dom';
import { REASON_MAX_LENGTH } from '../../../../contract/common.ts';
import type { AdminPayment, AdminPaymentList, PaymentStatus } from '../../../../contract/payments.ts';
import { ListPagination, pageCount } from '../../../components/ListPagination.tsx';
import { t } from '../../../i18n/id.ts';
import { formatRupiah } from '../../../lib/format.ts';
import { paymentActions } from '../payment-actions.ts';
import { formatDateMinute } from '../../../lib/dates.ts';

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
  /** Search by name or phone (as typed; the screen debounces the request). */
  q: string;
  onQChange: (q: string) => void;
  /** Cards instead of the table (phones and narrow windows: every action without sideways scrolling). */
  asCards: boolean;
  /** Reversal modal with its required reason. */
  reverseOf: AdminPayment | null;
  onAskReverse: (p: AdminPayment) => void;
  reverseReason: string;
  onReverseReasonChange: (reason: string) => void;
  reverseError: string | null;
  onReverse: () => void;
  onCancelReverse: () => void;
  /** Reopen confirmation. */
  reopenOf: AdminPayment | null;
  onAskReopen: (p: AdminPayment) => void;
  onReopen: () => void;
  onCancelReopen: () => void;
}

/** A badge keeps its whole word: the table gives its column the badge's width instead of cutting it to 'MENU…'. */
const WHOLE_BADGE = { flexShrink: 0, minWidth: 'max-content' } as const;

const STATUS = {
  pending: { label: t.adminPayments.statusPending, color: 'orange' },
  confirmed: { label: t.adminPayments.statusConfirmed, color: 'green' },
  rejected: { label: t.adminPayments.statusRejected, color: 'red' },
} as const;

/** /admin/payments (spec section 2): proofs to verify, with confirm and reject, a status filter and pages. */
export function AdminPaymentsView(props: AdminPaymentsViewProps) {
  const { list, status, page } = props;
  const pages = list ? pageCount(list.total, list.limit) : 1;

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
    const parts = (p: AdminPayment) => paymentParts(p, props);
    body = props.asCards ? (
      <Stack gap="sm">
        {list.data.map((p) => {
          const part = parts(p);
          return (
            <Paper
              key={p.id}
              withBorder
              p="sm"
              radius="md"
              component="article"
              aria-label={t.adminPayments.cardLabel(p.User.nama, p.nama_paket)}
              id={`payment-${p.id}`}
            >
              <Stack gap="xs">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <div style={{ minWidth: 0 }}>{part.participant}</div>
                  {part.status}
                </Group>
                <Group align="flex-start" wrap="nowrap" gap="sm">
                  {part.proof}
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    {part.paket}
                    {part.flags}
                    <Text size="xs">{formatDateMinute(p.createdAt)}</Text>
                  </Stack>
                </Group>
                {part.decisions}
                {part.actions}
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    ) : (
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
          {list.data.map((p) => {
            const part = parts(p);
            return (
              <Table.Tr key={p.id} id={`payment-${p.id}`}>
                <Table.Td>{part.participant}</Table.Td>
                <Table.Td>{part.paket}</Table.Td>
                <Table.Td>
                  <Stack gap={4}>
                    {part.proof}
                    {part.flags}
                  </Stack>
                </Table.Td>
                <Table.Td>{part.status}</Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateMinute(p.createdAt)}</Text>
                  {part.decisions}
                </Table.Td>
                <Table.Td>{part.actions}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    );
  }

  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2">
          {t.adminPayments.title}
        </Title>
        <Group gap="sm" align="flex-end">
          <TextInput
            type="search"
            label={t.adminPayments.searchLabel}
            placeholder={t.adminPayments.searchPlaceholder}
            value={props.q}
            onChange={(e) => props.onQChange(e.currentTarget.value)}
            w={{ base: '100%', xs: 240 }}
          />
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
            w={{ base: '100%', xs: 200 }}
          />
        </Group>
      </Group>
      {body}
      {list && list.total > 0 ? (
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t.adminPayments.total(list.total)}</Text>
          <ListPagination pages={pages} page={page} onPageChange={props.onPageChange} label={t.adminPayments.pageLabel} />
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

      <ReasonDialog
        payment={props.rejectOf}
        onCancel={props.onCancelReject}
        onSubmit={props.onReject}
        title={t.adminPayments.rejectTitle}
        intro={(p) => `${p.User.nama} · ${p.nama_paket}`}
        label={t.adminPayments.rejectLabel}
        placeholder={t.adminPayments.rejectPlaceholder}
        value={props.reason}
        onChange={props.onReasonChange}
        error={props.reasonError}
        submitLabel={t.adminPayments.rejectSubmit}
        busyId={props.busyId}
      />

      <ReasonDialog
        payment={props.reverseOf}
        onCancel={props.onCancelReverse}
        onSubmit={props.onReverse}
        title={t.adminPayments.reverseTitle}
        intro={(p) => t.adminPayments.reverseText(p.User.nama, p.nama_paket)}
        label={t.adminPayments.reverseLabel}
        placeholder={t.adminPayments.reversePlaceholder}
        value={props.reverseReason}
        onChange={props.onReverseReasonChange}
        error={props.reverseError}
        submitLabel={t.adminPayments.reverseSubmit}
        busyId={props.busyId}
      />

      <Modal
        opened={props.reopenOf !== null}
        onClose={props.onCancelReopen}
        title={t.adminPayments.reopenTitle}
        centered
        closeButtonProps={{ 'aria-label': t.dialog.close }}
      >
        {props.reopenOf ? (
          <Stack gap="md">
            <Text>{t.adminPayments.reopenText(props.reopenOf.User.nama, props.reopenOf.nama_paket)}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={props.onCancelReopen}>
                {t.adminPayments.cancel}
              </Button>
              <Button onClick={props.onReopen} data-autofocus>
                {t.adminPayments.reopenYes}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}

/** The pieces of one payment, laid out as a table row on wide screens and as a card on phones. */
interface ReasonDialogProps {
  /** The payment the decision is about; the dialog is open while it is set. */
  payment: AdminPayment | null;
  onCancel: () => void;
  onSubmit: () => void;
  title: string;
  intro: (payment: AdminPayment) => string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null | undefined;
  submitLabel: string;
  busyId: number | null;
}

/** A decision that needs a written reason (reject, reverse): the reason, then cancel or submit. */
function ReasonDialog(props: ReasonDialogProps) {
  return (
    <Modal
      opened={props.payment !== null}
      onClose={props.onCancel}
      title={props.title}
      centered
      closeButtonProps={{ 'aria-label': t.dialog.close }}
    >
      {props.payment ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            props.onSubmit();
          }}
        >
          <Stack gap="md">
            <Text size="sm">{props.intro(props.payment)}</Text>
            <Textarea
              label={props.label}
              placeholder={props.placeholder}
              value={props.value}
              onChange={(e) => props.onChange(e.currentTarget.value)}
              error={props.error}
              autosize
              minRows={3}
              maxLength={REASON_MAX_LENGTH}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={props.onCancel}>
                {t.adminPayments.cancel}
              </Button>
              <Button type="submit" color="red" loading={props.busyId === props.payment.id}>
                {props.submitLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}

function paymentParts(p: AdminPayment, props: AdminPaymentsViewProps) {
  const can = paymentActions(p);
  const busy = props.busyId !== null;
  const participant = (
    <>
      <Text fw={600} size="sm">
        {p.User.nama}
      </Text>
      <Text size="xs">{p.userNohp}</Text>
    </>
  );
  const paket = (
    <div>
      <Text size="sm">{p.nama_paket}</Text>
      <Text size="sm" fw={700} data-testid="payment-amount">
        {formatRupiah(p.amount)}
      </Text>
      {p.uniqueCode !== null ? <Text size="xs">{t.adminPayments.uniqueCode(p.uniqueCode)}</Text> : null}
      {p.viaGateway ? (
        <Badge size="sm" variant="light" color="blue">
          {t.adminPayments.viaGateway}
        </Badge>
      ) : null}
    </div>
  );
  const proof = p.buktiBayar ? (
    <UnstyledButton onClick={() => props.onOpenProof(p)} aria-label={t.adminPayments.openProof(p.User.nama)} style={{ flexShrink: 0 }}>
      <Image src={props.assetUrl(p.buktiBayar)} alt="" w={56} h={56} fit="cover" radius="sm" />
    </UnstyledButton>
  ) : (
    <Text size="xs" maw={120}>
      {t.adminPayments.noProof}
    </Text>
  );
  let flags = null;
  if (p.duplicateOf) {
    const dup = p.duplicateOf;
    flags = (
      <Stack gap={2} data-testid="duplicate-flag">
        <Badge color="red" variant="filled" size="sm" style={WHOLE_BADGE}>
          {t.adminPayments.duplicate}
        </Badge>
        <Anchor component={Link} to={`/admin/payments?q=${encodeURIComponent(dup.nama)}#payment-${dup.id}`} size="xs">
          {t.adminPayments.duplicateOf(dup.nama, formatDateMinute(dup.createdAt))}
        </Anchor>
      </Stack>
    );
  } else if (p.buktiBayar && !p.proofChecked) {
    flags = (
      <Badge color="gray" variant="light" size="sm" style={WHOLE_BADGE}>
        {t.adminPayments.unchecked}
      </Badge>
    );
  }
  const status = (
    <div>
      <Badge color={STATUS[p.status].color} variant="light" style={WHOLE_BADGE}>
        {STATUS[p.status].label}
      </Badge>
      {p.status === 'rejected' && p.alasanPenolakan ? (
        <Text size="xs" mt={4} maw={220}>
          {t.adminPayments.reason(p.alasanPenolakan)}
        </Text>
      ) : null}
    </div>
  );
  const decisions =
    p.decisions.length > 0 ? (
      <Stack gap={0} component="ul" aria-label={t.adminPayments.decisionsLabel} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {p.decisions.map((d, i) => (
          <Text key={i} component="li" size="xs">
            {t.adminPayments.decisionLine(
              t.adminPayments.decision[d.action],
              d.byNama ?? t.adminPayments.byGateway,
              formatDateMinute(d.at),
            )}
            {d.reason && d.action !== 'rejected' ? ` (${d.reason})` : null}
          </Text>
        ))}
      </Stack>
    ) : null;
  let actions = null;
  if (can.decide) {
    actions = (
      <Group gap="xs" wrap="nowrap">
        <Button
          size="xs"
          color="green"
          loading={props.busyId === p.id}
          disabled={busy && props.busyId !== p.id}
          onClick={() => props.onAskConfirm(p)}
        >
          {t.adminPayments.confirm}
        </Button>
        <Button size="xs" color="red" variant="outline" disabled={busy} onClick={() => props.onAskReject(p)}>
          {t.adminPayments.reject}
        </Button>
      </Group>
    );
  } else if (can.reverse) {
    actions = (
      <Button size="xs" color="red" variant="outline" disabled={busy} onClick={() => props.onAskReverse(p)}>
        {t.adminPayments.reverse}
      </Button>
    );
  } else if (can.reopen) {
    actions = (
      <Button size="xs" variant="outline" loading={props.busyId === p.id} disabled={busy} onClick={() => props.onAskReopen(p)}>
        {t.adminPayments.reopen}
      </Button>
    );
  }
  return { participant, paket, proof, flags, status, decisions, actions };
}
