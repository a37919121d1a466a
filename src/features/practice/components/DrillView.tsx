import { Alert, Badge, Button, Container, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { AnswerResponse, PracticeItem } from '../../../../contract/practice.ts';
import { skillById } from '../../../../contract/skills.ts';
import { apiAssetUrl } from '../../../api/api.ts';
import { SafeHtml } from '../../../components/SafeHtml.tsx';
import { t } from '../../../i18n/id.ts';
import { formatLongDate } from '../../../lib/dates.ts';
import './practice.css';

const P = t.practice;
const LETTERS = ['A', 'B', 'C', 'D'] as const;

export interface DrillQuestionViewProps {
  title: string;
  item: PracticeItem;
  index: number;
  total: number;
  /** The chosen option '1'..'4', or null. */
  selected: string | null;
  /** The server's grading, once answered. */
  feedback: AnswerResponse | null;
  submitting: boolean;
  error: string | null;
  onSelect: (value: string) => void;
  onSubmit: () => void;
  onNext: () => void;
}

/** One drill or review item: the question, then instant feedback with the key and the explanation. */
export function DrillQuestionView(props: DrillQuestionViewProps) {
  const { title, item, index, total, selected, feedback, submitting, error } = props;
  const skill = skillById(item.skill);
  const last = index + 1 === total;
  return (
    <Container size="sm" py="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={1} size="h3">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {P.progress(index + 1, total)}
          </Text>
        </Group>
        {skill ? (
          <Badge variant="light" w="fit-content" style={{ whiteSpace: 'normal', height: 'auto' }}>
            {P.skillLabel(skill.no, skill.name)}
          </Badge>
        ) : null}
        {item.passage ? (
          <Paper withBorder p="sm" radius="md" mah={320} style={{ overflowY: 'auto' }}>
            <Text fw={600} size="sm" mb={4}>
              {P.passage}: {item.passage.nama}
            </Text>
            {item.passage.image ? <img src={apiAssetUrl(item.passage.image)} alt={item.passage.nama} style={{ maxWidth: '100%' }} /> : null}
            {item.passage.html ? <SafeHtml html={item.passage.html} className="practice-html" /> : null}
          </Paper>
        ) : null}
        {item.audio ? (
          // Replays are allowed here (practice, not the exam's play-once rule). No captions: the
          // transcript is shown after the answer, captions before it would give the answer away.
          // eslint-disable-next-line jsx-a11y/media-has-caption
          <audio controls preload="none" src={apiAssetUrl(item.audio)} aria-label={P.audioLabel} style={{ width: '100%' }} />
        ) : null}
        {item.section === 'listening' ? <Text fw={500}>{item.soal}</Text> : <SafeHtml html={item.soal} className="practice-html" />}
        <Radio.Group value={selected} onChange={props.onSelect} label={P.choose} name={`drill-${item.item}`}>
          <Stack gap="xs" mt="xs">
            {item.pilihan.map((text, i) => {
              const value = String(i + 1);
              const isKey = feedback?.key === value;
              const isWrongPick = feedback && !feedback.correct && selected === value;
              return (
                <Radio
                  key={value}
                  value={value}
                  disabled={feedback !== null}
                  label={`(${LETTERS[i]}) ${text}`}
                  color={isKey ? 'teal' : isWrongPick ? 'red' : undefined}
                  styles={
                    isKey
                      ? { label: { fontWeight: 700, color: 'var(--mantine-color-teal-9)' } }
                      : isWrongPick
                        ? { label: { color: 'var(--mantine-color-red-9)', textDecoration: 'line-through' } }
                        : undefined
                  }
                />
              );
            })}
          </Stack>
        </Radio.Group>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {feedback ? (
          <Feedback feedback={feedback} />
        ) : (
          <Button onClick={props.onSubmit} disabled={selected === null} loading={submitting} w="fit-content">
            {P.answer}
          </Button>
        )}
        {feedback ? (
          <Button onClick={props.onNext} w="fit-content">
            {last ? P.finish : P.next}
          </Button>
        ) : null}
      </Stack>
    </Container>
  );
}

function Feedback({ feedback }: { feedback: AnswerResponse }) {
  const letter = LETTERS[Number(feedback.key) - 1] ?? feedback.key;
  return (
    <Alert color={feedback.correct ? 'teal' : 'red'} title={feedback.correct ? P.correct : P.wrong} role="status">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {P.keyIs(letter)}
        </Text>
        {feedback.koreksi ? <Text size="sm">{P.koreksi(feedback.koreksi)}</Text> : null}
        <Text size="sm" fw={600}>
          {P.explanation}
        </Text>
        <SafeHtml html={feedback.explanation} className="practice-html" />
        {feedback.transcript ? (
          <>
            <Text size="sm" fw={600}>
              {P.transcript}
            </Text>
            <Text size="sm" className="practice-transcript">
              {feedback.transcript}
            </Text>
          </>
        ) : null}
        {feedback.due ? (
          <Text size="xs" c="dimmed">
            {P.dueAgain(formatLongDate(feedback.due))}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}

export interface DrillFinishedViewProps {
  title: string;
  correct: number;
  total: number;
  onAgain: () => void;
}

/** The end of a drill or a review round. */
export function DrillFinishedView({ title, correct, total, onAgain }: DrillFinishedViewProps) {
  return (
    <Container size="sm" py="lg">
      <Stack gap="md" align="flex-start">
        <Title order={1} size="h3">
          {P.finishedTitle}: {title}
        </Title>
        <Text size="lg" fw={600}>
          {P.finishedScore(correct, total)}
        </Text>
        {correct < total ? <Text size="sm">{P.finishedMissed}</Text> : null}
        <Group gap="xs">
          <Button onClick={onAgain}>{P.again}</Button>
          <Button component={Link} to="/latihan/buku-kesalahan" variant="light">
            {P.openNotebook}
          </Button>
          <Button component={Link} to="/latihan" variant="subtle">
            {P.backHome}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

/** No items for this drill (or no review due). */
export function DrillEmptyView({ title, text }: { title: string; text: string }) {
  return (
    <Container size="sm" py="lg">
      <Stack gap="md" align="flex-start">
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text>{text}</Text>
        <Button component={Link} to="/latihan" variant="light">
          {P.backHome}
        </Button>
      </Stack>
    </Container>
  );
}
