import { Alert, Anchor, Button, Container, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { Link } from 'react-router-dom';
import { ParticipantNav } from '../../../components/ParticipantNav.tsx';
import { t } from '../../../i18n/id.ts';
import { formatRupiah } from '../../../lib/format.ts';
import { orderPhase } from '../order-phase.ts';
import { OrderPanel, type OrderPanelProps } from './OrderPanel.tsx';
import { QrFrame } from './QrFrame.tsx';

/** What the payment page accepts: the server's image types plus HEIC, which the browser re-encodes as JPEG. */
export const PROOF_ACCEPT = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'];
/** Before downscaling; the server's limit (5 MB) applies to what is sent. */
export const PROOF_MAX_PICK_BYTES = 25 * 1024 * 1024;

export interface BayarViewProps {
  /** Package name and price (from the server, or the navigation state while it loads). */
  paket: { nama_paket: string; harga: number } | undefined;
  paketLoading: boolean;
  paketFailed: boolean;
  /** undefined while loading; null when no QR image is configured. */
  qrUrl: string | null | undefined;
  qrLoading: boolean;
  /** The last rejection's text, if the previous proof was refused. */
  rejectedAlasan?: string | null | undefined;
  previewUrl: string | undefined;
  fileName: string | undefined;
  onPick: (file: File) => void;
  onReject: () => void;
  /** Inline message under the upload (missing file, wrong type). */
  fieldError: string | null;
  isPreparing: boolean;
  isSubmitting: boolean;
  onSubmit: () => void;
  /**
   * The exact-amount order, when the admin set up a QRIS payload or a gateway: it replaces the
   * static QR. Absent: the static QR image and the proof, as before.
   */
  order?: OrderPanelProps | undefined;
  /** Orders settle through the payment gateway (no proof to upload). */
  gateway?: boolean;
}

/** A proof is asked for without an order (static QR) or beside an open manual order. */
export function takesProof(order: OrderPanelProps | undefined): boolean {
  if (!order) return true;
  return order.order?.provider === 'qris' && orderPhase(order.order) === 'open';
}

/** /bayar/{paketId} (spec section 2): the QR image, the package and its price, and the proof upload with preview. */
export function BayarView(props: BayarViewProps) {
  const { paket, qrUrl, previewUrl } = props;
  const busy = props.isPreparing || props.isSubmitting;
  const withProof = takesProof(props.order);
  const exactAmount = props.order?.order?.amount;
  let lead: string = t.bayar.lead;
  if (props.order) lead = props.gateway ? t.order.gatewayLead : t.order.manualLead;

  let qr;
  if (props.qrLoading || qrUrl) {
    qr = <QrFrame src={qrUrl ?? undefined} alt={t.bayar.qrAlt} />;
  } else {
    qr = (
      <Alert color="orange" title={t.bayar.qrMissingTitle}>
        {t.bayar.qrMissingText}
      </Alert>
    );
  }

  return (
    <Container size="lg" py="lg">
      <ParticipantNav />
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t.bayar.title}
          </Title>
          <Text>{lead}</Text>
        </Stack>
        {props.paketFailed ? (
          <Alert color="red" title={t.notification.errorTitle} role="alert">
            {t.bayar.loadFailed}
          </Alert>
        ) : null}
        {props.rejectedAlasan ? (
          <Alert color="red" title={t.bayar.rejectedBefore}>
            {props.rejectedAlasan}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Paper withBorder p="md" radius="md">
            <Stack gap="md">
              {props.order ? <OrderPanel {...props.order} /> : qr}
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <div>
                  <Text size="sm" fw={600}>
                    {t.bayar.paket}
                  </Text>
                  <Text fw={700} data-testid="bayar-paket">
                    {paket?.nama_paket ?? (props.paketLoading ? '…' : '-')}
                  </Text>
                </div>
                <div style={{ textAlign: 'right' }}>
                  <Text size="sm" fw={600}>
                    {t.bayar.harga}
                  </Text>
                  <Text fw={800} size="xl" c="blue.9" data-testid="bayar-harga">
                    {paket ? formatRupiah(paket.harga) : '…'}
                  </Text>
                </div>
              </Group>
            </Stack>
          </Paper>
          {withProof ? (
            <Paper withBorder p="md" radius="md">
              <form
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  props.onSubmit();
                }}
              >
                <Stack gap="md">
                  <Text fw={600} id="proof-label">
                    {t.bayar.proofLabel}
                  </Text>
                  {exactAmount !== undefined ? (
                    <Text size="sm" data-testid="proof-amount">
                      {t.order.proofFor(formatRupiah(exactAmount))}
                    </Text>
                  ) : null}
                  <Dropzone
                    onDrop={(files) => files[0] && props.onPick(files[0])}
                    onReject={props.onReject}
                    accept={PROOF_ACCEPT}
                    maxSize={PROOF_MAX_PICK_BYTES}
                    multiple={false}
                    disabled={busy}
                    aria-labelledby="proof-label"
                    p="md"
                  >
                    {previewUrl ? (
                      <Stack align="center" gap="xs" style={{ pointerEvents: 'none' }}>
                        <Image src={previewUrl} alt={t.bayar.previewAlt} mah={280} w="auto" fit="contain" radius="sm" />
                        <Text size="sm">{props.fileName}</Text>
                        <Text size="sm" c="blue.9" fw={600}>
                          {t.bayar.changeFile}
                        </Text>
                      </Stack>
                    ) : (
                      <Stack align="center" gap={4} py="lg" style={{ pointerEvents: 'none' }}>
                        <Text fw={600} ta="center">
                          {t.bayar.dropTitle}
                        </Text>
                        <Text size="sm" ta="center">
                          {t.bayar.dropHint}
                        </Text>
                      </Stack>
                    )}
                  </Dropzone>
                  {props.fieldError ? (
                    <Text c="red.8" size="sm" role="alert">
                      {props.fieldError}
                    </Text>
                  ) : null}
                  <Button type="submit" loading={busy} fullWidth>
                    {t.bayar.submit}
                  </Button>
                  <Anchor component={Link} to="/paketsoal" size="sm" ta="center">
                    {t.bayar.back}
                  </Anchor>
                </Stack>
              </form>
            </Paper>
          ) : (
            <Anchor component={Link} to="/paketsoal" size="sm" ta="center">
              {t.bayar.back}
            </Anchor>
          )}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
