import { Alert, Anchor, Badge, Button, Center, Container, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { PublicPaket } from '../../../../contract/paket.ts';
import type { LastScoreResponse } from '../../../../contract/payments.ts';
import { MessageDialog } from '../../../components/MessageDialog.tsx';
import { ParticipantNav } from '../../../components/ParticipantNav.tsx';
import { t } from '../../../i18n/id.ts';
import { formatRupiah } from '../../../lib/format.ts';

export interface PaketSoalViewProps {
  /** Published packages; undefined while loading or after a failure. */
  pakets: PublicPaket[] | undefined;
  isLoading: boolean;
  loadFailed: boolean;
  onRetry: () => void;
  lastScore: LastScoreResponse | undefined;
  lastScoreLoading: boolean;
  lastScoreFailed: boolean;
  /** The package whose access check is running (its button spins). */
  checkingId: number | null;
  onKerjakan: (paket: PublicPaket) => void;
  /** The 'Menunggu Verifikasi' dialog's text; the dialog is open while it is not null. */
  pendingAlasan: string | null;
  onClosePending: () => void;
  /** Packages whose payment waits for an admin: their card shows that instead of 'Kerjakan Soal'. */
  waitingIds?: ReadonlySet<number>;
}

const priceOf = (harga: number) => (harga === 0 ? t.paketPage.gratis : formatRupiah(harga));

function PaketCard({
  paket,
  checking,
  disabled,
  waiting,
  onKerjakan,
}: {
  paket: PublicPaket;
  checking: boolean;
  disabled: boolean;
  waiting: boolean;
  onKerjakan: () => void;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby={`paket-${paket.id}`}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap={6}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Title order={3} size="h4" id={`paket-${paket.id}`}>
              {paket.nama_paket}
            </Title>
            <Badge variant="light" color={paket.level === 'itp' ? 'blue' : 'orange'} style={{ flexShrink: 0 }}>
              {paket.level === 'itp' ? t.paketPage.itp : t.paketPage.prediction}
            </Badge>
          </Group>
          <Text fw={700} size="lg" c="blue.9">
            {priceOf(paket.harga)}
          </Text>
        </Stack>
        {waiting ? (
          <Stack gap={4} role="status" data-testid={`paket-waiting-${paket.id}`}>
            {/* A badge that wraps: a phone's card is narrower than the status in one line. */}
            <Badge
              color="orange"
              variant="light"
              size="lg"
              fullWidth
              h="auto"
              py={4}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center', overflow: 'visible' } }}
            >
              {t.paketPage.waitingStatus}
            </Badge>
            <Anchor component={Link} to="/paket-saya" size="sm" ta="center">
              {t.paketPage.waitingLink}
            </Anchor>
          </Stack>
        ) : (
          <Button onClick={onKerjakan} loading={checking} disabled={disabled && !checking} fullWidth>
            {t.paketPage.kerjakan}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

function LastScoreCard({
  lastScore,
  isLoading,
  failed,
}: {
  lastScore: LastScoreResponse | undefined;
  isLoading: boolean;
  failed: boolean;
}) {
  let body;
  if (isLoading) {
    body = (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t.paketPage.lastScoreLoading}</Text>
      </Group>
    );
  } else if (failed || !lastScore) {
    body = <Text size="sm">{t.paketPage.lastScoreFailed}</Text>;
  } else if (lastScore.lastScore === -1) {
    body = <Text size="sm">{t.paketPage.lastScoreNone}</Text>;
  } else {
    const parts = [
      {
        label: t.paketPage.listening,
        score: lastScore.scoreListening,
        correct: lastScore.listeningCorrect,
      },
      {
        label: t.paketPage.structure,
        score: lastScore.scoreWritten,
        correct: lastScore.writtenCorrect,
      },
      {
        label: t.paketPage.reading,
        score: lastScore.scoreReading,
        correct: lastScore.readingCorrect,
      },
    ];
    body = (
      <Stack gap="xs">
        <Group align="baseline" gap="xs">
          <Text fz={40} fw={800} lh={1} c="blue.9" data-testid="last-score">
            {lastScore.lastScore}
          </Text>
          <Text size="sm">{t.paketPage.toeflScore}</Text>
        </Group>
        {lastScore.lastPaket ? <Text size="sm">{t.paketPage.paketLabel(lastScore.lastPaket)}</Text> : null}
        <SimpleGrid cols={3} spacing="xs">
          {parts.map((p) => (
            <Paper key={p.label} bg="gray.0" p="xs" radius="sm">
              <Text size="xs" fw={600}>
                {p.label}
              </Text>
              <Text fw={700}>{p.score}</Text>
              <Text size="xs">{t.paketPage.correct(p.correct)}</Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
    );
  }
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="last-score-title">
      <Title order={2} size="h4" id="last-score-title" mb="xs">
        {t.paketPage.lastScoreTitle}
      </Title>
      {body}
    </Paper>
  );
}

/** /paketsoal (spec section 2): the packages by level with their price, and the last-score card. */
export function PaketSoalView(props: PaketSoalViewProps) {
  const { pakets, isLoading, loadFailed, onRetry, checkingId, onKerjakan, pendingAlasan, onClosePending } = props;
  const prediction = pakets?.filter((p) => p.level === 'prediction') ?? [];
  const itp = pakets?.filter((p) => p.level === 'itp') ?? [];
  const grid = (list: PublicPaket[]) => (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      {list.map((p) => (
        <PaketCard
          key={p.id}
          paket={p}
          checking={checkingId === p.id}
          disabled={checkingId !== null}
          waiting={props.waitingIds?.has(p.id) ?? false}
          onKerjakan={() => onKerjakan(p)}
        />
      ))}
    </SimpleGrid>
  );

  return (
    <Container size="lg" py="lg">
      <ParticipantNav />
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t.paketPage.title}
          </Title>
          <Text>{t.paketPage.lead}</Text>
        </Stack>
        <LastScoreCard lastScore={props.lastScore} isLoading={props.lastScoreLoading} failed={props.lastScoreFailed} />
        {isLoading ? (
          <Center py="xl" role="status">
            <Stack align="center" gap="xs">
              <Loader aria-hidden />
              <Text size="sm">{t.paketPage.loading}</Text>
            </Stack>
          </Center>
        ) : loadFailed ? (
          <Alert color="red" title={t.notification.errorTitle} role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t.paketPage.loadFailed}</Text>
              <Button size="xs" variant="outline" color="red" onClick={onRetry}>
                {t.paketPage.retry}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <>
            <section aria-labelledby="paket-prediction">
              <Title order={2} size="h3" id="paket-prediction" mb="sm">
                {t.paketPage.predictionTitle}
              </Title>
              {prediction.length > 0 ? grid(prediction) : <Text>{t.paketPage.noPrediction}</Text>}
            </section>
            <section aria-labelledby="paket-itp">
              <Title order={2} size="h3" id="paket-itp" mb="sm">
                {t.paketPage.itpTitle}
              </Title>
              {itp.length > 0 ? (
                grid(itp)
              ) : (
                <Alert color="blue" title={t.paketPage.comingSoon}>
                  {t.paketPage.comingSoonText}
                </Alert>
              )}
            </section>
          </>
        )}
      </Stack>
      <MessageDialog opened={pendingAlasan !== null} title={t.paketPage.pendingTitle} message={pendingAlasan} onClose={onClosePending} />
    </Container>
  );
}
