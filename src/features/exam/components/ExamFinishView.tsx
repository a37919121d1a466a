import { Alert, Badge, Button, Container, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { cefrLabel, type Cefr } from '../../../../contract/cefr.ts';
import type { ScoreResult } from '../../../../contract/exam.ts';
import { sectionQuestionCount } from '../../../../machines/exam-layout.ts';
import { CefrBadge } from '../../../components/CefrBadge.tsx';
import { MessageDialog } from '../../../components/MessageDialog.tsx';
import { t } from '../../../i18n/id.ts';
import './exam.css';

const F = t.exam.finish;

export interface ExamFinishViewProps {
  /** submitting: 'Menghitung skor...'; failed: the spec's score error with a retry; scored: the result. */
  status: 'submitting' | 'failed' | 'scored';
  score: ScoreResult | null;
  /** Another device finished the attempt; this one says so above the score. */
  finishedElsewhere?: boolean;
  downloading: boolean;
  /** 'Terjadi Kesalahan' / 'Gagal mengunduh sertifikat' is open. */
  downloadFailed: boolean;
  onRetry: () => void;
  onDownload: () => void;
  onCloseDownloadError: () => void;
}

function ScoreCard(props: { id: string; title: string; score: number; correct: number; of: number; level: Cefr }) {
  const { id, title, score, correct, of, level } = props;
  return (
    <Paper withBorder p="md" radius="md" data-testid={`exam-score-${id}`}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={600} size="sm">
            {title}
          </Text>
          <CefrBadge cefr={level} size="sm" />
        </Group>
        <Text className="exam-score" fz="1.75rem">
          {score}
        </Text>
        <Text size="sm" c="dimmed">
          {F.correct(correct, of)}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The end of the exam: scoring, a retry when the score cannot be fetched, then the four scores with the CEFR band and the certificate. */
export function ExamFinishView(props: ExamFinishViewProps) {
  const elsewhere = props.finishedElsewhere ? (
    <Alert color="blue" title={t.exam.notice.finishedElsewhere} data-testid="exam-finished-elsewhere" mb="md" />
  ) : null;
  return (
    <>
      {elsewhere ? <Container size="md">{elsewhere}</Container> : null}
      <FinishBody {...props} />
    </>
  );
}

function FinishBody(props: ExamFinishViewProps) {
  const { status, score } = props;
  if (status === 'submitting' || !score) {
    if (status === 'failed') return <ScoreError onRetry={props.onRetry} />;
    return (
      <Container size="sm" py="xl">
        <Stack align="center" gap="md" role="status" aria-live="polite">
          <Loader aria-hidden="true" />
          <Text>{F.scoring}</Text>
        </Stack>
      </Container>
    );
  }
  if (status === 'failed') return <ScoreError onRetry={props.onRetry} />;
  return (
    <Container size="md" py="md" data-testid="exam-finished">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{F.title}</Title>
          <Text>{F.congrats(score.namaPaket)}</Text>
        </Stack>
        <Paper withBorder p="lg" radius="md" bg="blue.0">
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Stack gap={2}>
              <Text fw={700}>{F.total}</Text>
              <Text className="exam-score" data-testid="exam-total-score">
                {score.toeflScore}
              </Text>
            </Stack>
            <Stack gap={2} align="flex-end">
              <Text size="sm" fw={600}>
                {F.cefr}
              </Text>
              <Badge size="xl" color="blue.9" data-testid="exam-cefr">
                {cefrLabel(score.cefr)}
              </Badge>
            </Stack>
          </Group>
        </Paper>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <ScoreCard
            id="listening"
            title={F.listening}
            score={score.scoreListening}
            correct={score.listeningCorrect}
            of={sectionQuestionCount('listening')}
            level={score.cefrListening}
          />
          <ScoreCard
            id="written"
            title={F.written}
            score={score.scoreWritten}
            correct={score.writtenCorrect}
            of={sectionQuestionCount('written')}
            level={score.cefrWritten}
          />
          <ScoreCard
            id="reading"
            title={F.reading}
            score={score.scoreReading}
            correct={score.readingCorrect}
            of={sectionQuestionCount('reading')}
            level={score.cefrReading}
          />
        </SimpleGrid>
        {score.nearChance ? (
          <Text size="sm" c="orange.9" role="note" data-testid="exam-near-chance">
            {t.results.nearChance}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {F.estimate}
        </Text>
        <Group>
          <Button component={Link} to={`/riwayat-ujian/${score.historyId}/pembahasan`} variant="light">
            {F.review}
          </Button>
          <Button component={Link} to={`/diagnosis/${score.historyId}`} variant="light">
            {F.diagnosis}
          </Button>
        </Group>
        <Group>
          <Button onClick={props.onDownload} loading={props.downloading}>
            {F.certificate}
          </Button>
          <Button component={Link} to="/paketsoal" variant="default">
            {F.back}
          </Button>
        </Group>
      </Stack>
      <MessageDialog
        opened={props.downloadFailed}
        tone="error"
        title={F.certificateErrorTitle}
        message={F.certificateError}
        onClose={props.onCloseDownloadError}
      />
    </Container>
  );
}

function ScoreError({ onRetry }: { onRetry: () => void }) {
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md" ta="center">
        <Text c="red.8" fw={600} role="alert">
          {F.scoreError}
        </Text>
        <Button onClick={onRetry}>{F.retry}</Button>
      </Stack>
    </Container>
  );
}
