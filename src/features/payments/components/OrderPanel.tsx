import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { PaymentOrder } from '../../../../contract/payments.ts';
import { t } from '../../../i18n/id.ts';
import { formatRupiah } from '../../../lib/format.ts';
import { orderPhase } from '../order-phase.ts';
import { formatDateMinute } from '../../../lib/dates.ts';
import { QrFrame } from './QrFrame.tsx';

export interface OrderPanelProps {
  /** The order once created (then as last polled). */
  order: PaymentOrder | undefined;
  /** The order is being created or renewed. */
  isCreating: boolean;
  /** Why the order could not be created; null when fine. */
  error: string | null;
  onRetry: () => void;
  /** The order's QRIS drawn as a PNG data URL; undefined while drawing. */
  qrDataUrl: string | null | undefined;
  onRenew: () => void;
}

/** The exact-amount order on /bayar: its QR, the amount to the rupiah and why, its expiry, and its live status. */
export function OrderPanel({ order, isCreating, error, onRetry, qrDataUrl, onRenew }: OrderPanelProps) {
  if (error !== null && !isCreating) {
    return (
      <Alert color="red" title={t.order.failedTitle} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{error}</Text>
          <Button size="xs" variant="outline" color="red" onClick={onRetry}>
            {t.order.retry}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!order) {
    return (
      <Center h={200} role="status">
        <Stack align="center" gap="xs">
          <Loader aria-hidden />
          <Text size="sm">{t.order.loading}</Text>
        </Stack>
      </Center>
    );
  }

  const phase = orderPhase(order);
  const amount = formatRupiah(order.amount);
  if (phase === 'paid') {
    return (
      <Alert color="green" title={t.order.paidTitle} role="status">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t.order.paidText}</Text>
          {order.paket_soal_id !== null ? (
            <Button component={Link} to={`/simulasi-toefl/${order.paket_soal_id}`} color="green">
              {t.order.start}
            </Button>
          ) : null}
        </Stack>
      </Alert>
    );
  }
  if (phase === 'expired') {
    return (
      <Alert color="orange" title={t.order.expiredTitle}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t.order.expiredText}</Text>
          <Button onClick={onRenew} loading={isCreating}>
            {t.order.renew}
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack gap="sm">
      {phase === 'waiting' ? (
        <Alert color="blue" title={t.order.waitingTitle} role="status">
          {t.order.waitingText}
        </Alert>
      ) : null}
      {qrDataUrl !== null ? (
        <QrFrame src={qrDataUrl} alt={t.order.qrAlt(amount)} waitingText={t.order.qrDrawing} testId="order-qr" />
      ) : (
        <Alert color="orange" role="alert">
          {t.order.qrUnavailable}
        </Alert>
      )}
      <Stack gap={2} align="center">
        <Text size="sm" fw={600}>
          {t.order.amountLabel}
        </Text>
        <Text fw={800} fz={32} lh={1.1} c="blue.9" data-testid="order-amount">
          {amount}
        </Text>
      </Stack>
      <Text size="sm" ta="center">
        {order.uniqueCode !== null ? t.order.codeWhy(formatRupiah(order.harga), order.uniqueCode) : t.order.gatewayWhy}
      </Text>
      <Text size="sm" ta="center" fw={600} data-testid="order-expires">
        {t.order.expiresAt(formatDateMinute(order.expiresAt))}
      </Text>
      {qrDataUrl ? (
        <Stack gap={4}>
          <Button component="a" href={qrDataUrl} download={`qris-${order.amount}.png`} variant="outline" fullWidth>
            {t.order.save}
          </Button>
          <Text size="xs" ta="center">
            {t.order.saveHint}
          </Text>
        </Stack>
      ) : null}
      {order.provider !== 'qris' && phase === 'open' ? (
        <Text size="sm" ta="center" role="status" aria-live="polite">
          <Loader size="xs" mr={6} aria-hidden />
          {t.order.live}
        </Text>
      ) : null}
    </Stack>
  );
}
