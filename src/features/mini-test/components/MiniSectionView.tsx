import { Button, Container, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatMinSec, type MiniSection } from '../../../../machines/mini-test.machine.ts';
import { t } from '../../../i18n/id.ts';
import './mini-test.css';

const LETTERS = ['A', 'B', 'C', 'D'] as const;
/** Below this many seconds the countdown turns red. */
export const TIME_LOW_SECONDS = 60;

export interface MiniSectionViewProps {
  section: MiniSection;
  secondsLeft: number;
  index: number;
  /** The chosen option per question (-1: none). */
  answers: readonly number[];
  /** The current question's text, media and passage. */
  question: ReactNode;
  options: readonly string[];
  showPrev: boolean;
  showNext: boolean;
  onAnswer: (option: number) => void;
  onPrev: () => void;
  onNext: () => void;
  onGoto: (index: number) => void;
  onFinish: () => void;
}

/**
 * One mini-test section (spec section 2): Selesai, m:ss countdown, session title, the question
 * with one-choice options, Sebelumnya / Selanjutnya and a 5-column number grid.
 */
export function MiniSectionView(props: MiniSectionViewProps) {
  const { section, secondsLeft, index, answers, question, options, showPrev, showNext } = props;
  const M = t.miniTest;
  const low = secondsLeft <= TIME_LOW_SECONDS;
  const selected = answers[index] ?? -1;
  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <Paper withBorder p="sm" radius="md" className="mini-bar">
          <Button color="red" variant="outline" onClick={props.onFinish}>
            {M.finish}
          </Button>
          <Title order={1} size="h4" className="mini-bar__title">
            {M.session}: {M.sessionTitle[section].toUpperCase()}
          </Title>
          <Text
            fw={700}
            size="xl"
            ff="monospace"
            c={low ? 'red.8' : undefined}
            role="timer"
            aria-label={`${low ? M.timeLow : M.timeLeft} ${formatMinSec(secondsLeft)}`}
            data-testid="mini-countdown"
          >
            {formatMinSec(secondsLeft)}
          </Text>
        </Paper>
        <div className="mini-layout">
          <Paper withBorder p="lg" radius="md">
            <Stack gap="md">
              <Text size="sm" c="dimmed" fw={600}>
                {M.question(index + 1, answers.length)}
              </Text>
              {question}
              <Radio.Group
                key={index}
                value={selected >= 0 ? String(selected) : null}
                onChange={(v) => props.onAnswer(Number(v))}
                label={M.options}
                labelProps={{ className: 'visually-hidden-label' }}
              >
                <Stack gap="xs" mt={4}>
                  {options.map((o, i) => (
                    <Radio key={i} value={String(i)} label={`${LETTERS[i]}. ${o}`} className="mini-option" />
                  ))}
                </Stack>
              </Radio.Group>
              <Group justify="space-between" mt="sm">
                {showPrev ? (
                  <Button variant="default" onClick={props.onPrev}>
                    {M.prev}
                  </Button>
                ) : (
                  <span />
                )}
                {showNext ? <Button onClick={props.onNext}>{M.next}</Button> : null}
              </Group>
            </Stack>
          </Paper>
          <Paper withBorder p="md" radius="md" component="nav" aria-label={M.grid}>
            <Text fw={600} size="sm" mb="xs">
              {M.grid}
            </Text>
            <div className="mini-grid">
              {answers.map((a, i) => (
                <button
                  key={i}
                  type="button"
                  className="mini-grid__cell"
                  data-current={i === index || undefined}
                  data-answered={a >= 0 || undefined}
                  aria-current={i === index ? 'step' : undefined}
                  aria-label={M.gridItem(i + 1, a >= 0, i === index)}
                  onClick={() => props.onGoto(i)}
                >
                  {i + 1}
                </button>
              ))}
            </div>
          </Paper>
        </div>
      </Stack>
    </Container>
  );
}
