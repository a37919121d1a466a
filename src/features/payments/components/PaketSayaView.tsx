import { Alert, Anchor, Button, Center, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { UserPayment } from '../../../../contract/payments.ts';
import { ParticipantNav } from '../../../components/ParticipantNav.tsx';
import { t } from '../../../i18n/id.ts';
import { formatRupiah } from '../../../lib/format.ts';
import { formatDateMinute } from '../../../lib/dates.ts';

export interface PaketSayaViewProps {
  payments: UserPayment[] | undefined;
  isLoading: boolean;
  /** The failure text (server message or the spec's fallback); null when fine. */
  error: string | null;
  onRetry: () => void;
  /** Turns a proof path into a URL the browser can load. */
  assetUrl: (path: string) => string | undefined;
}

/** The participant wording of spec section 4. */
export function paymentStatusText(p: Pick<UserPayment, 'status' | 'alasanPenolakan'>): string {
  if (p.status === 'pending') return t.paketSaya.pending;
  if (p.status === 'confirmed') return t.paketSaya.confirmed;
  return t.paketSaya.rejected(p.alasanPenolakan ?? '-');
}

const COLOR = { pending: 'orange', confirmed: 'green', rejected: 'red' } as const;

/** /paket-saya: the user's payments, newest first, with their status, date and amount. */
export function PaketSayaView({ payments, isLoading, error, onRetry, assetUrl }: PaketSayaViewProps) {
  let body;
  if (isLoading) {
    body = (
      <Center py="xl" role="status">
        <Stack align="center" gap="xs">
          <Loader aria-hidden />
          <Text size="sm">{t.paketSaya.loading}</Text>
        </Stack>
      </Center>
    );
  } else if (error !== null) {
    body = (
      <Alert color="red" title={t.notification.errorTitle} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{error}</Text>
          <Button size="xs" variant="outline" color="red" onClick={onRetry}>
            {t.paketPage.retry}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!payments || payments.length === 0) {
    body = (
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="sm">
          <Text ta="center">{t.paketSaya.empty}</Text>
          <Button component={Link} to="/paketsoal">
            {t.paketSaya.toPaket}
          </Button>
        </Stack>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {payments.map((p) => (
          <Paper key={p.id} withBorder p="md" radius="md" component="li">
            <Group justify="space-between" align="flex-start" gap="sm">
              <Stack gap={4} style={{ flex: '1 1 220px' }}>
                <Text fw={700}>{p.nama_paket}</Text>
                <Text size="sm">
                  {t.paketSaya.date}: {formatDateMinute(p.createdAt)}
                </Text>
                <Text size="sm">
                  {t.paketSaya.amount}: <b>{formatRupiah(p.amount)}</b>
                </Text>
                {/* A gateway payment has no proof. */}
                {p.buktiBayar ? (
                  <Anchor href={assetUrl(p.buktiBayar)} target="_blank" rel="noopener" size="sm">
                    {t.paketSaya.proof}
                  </Anchor>
                ) : null}
              </Stack>
              <Text
                size="sm"
                fw={600}
                c={`${COLOR[p.status]}.9`}
                bg={`${COLOR[p.status]}.0`}
                px="sm"
                py={6}
                style={{
                  borderRadius: 'var(--mantine-radius-sm)',
                  flex: '0 1 auto',
                  maxWidth: '100%',
                }}
                data-status={p.status}
              >
                {paymentStatusText(p)}
              </Text>
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Container size="md" py="lg">
      <ParticipantNav />
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t.paketSaya.title}
          </Title>
          <Text>{t.paketSaya.lead}</Text>
        </Stack>
        {body}
      </Stack>
    </Container>
  );
}
