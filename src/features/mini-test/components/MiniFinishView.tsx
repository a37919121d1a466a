import { Badge, Button, Group, Paper, Stack, Table, Text, Title, Container } from '@mantine/core';
import { Link } from 'react-router-dom';
import {
  MINI_SECTIONS,
  MINI_TEST_KEYS,
  type MiniSection,
  type MiniTestAnswers,
  type MiniTestScore,
} from '../../../../machines/mini-test.machine.ts';
import { SafeHtml } from '../../../components/SafeHtml.tsx';
import { t } from '../../../i18n/id.ts';
import { MINI_ITEMS } from '../data.ts';
import './mini-test.css';

export interface MiniFinishViewProps {
  /** The score, or null when this page was opened without a just-finished mini test. */
  score: MiniTestScore | null;
  /** The answers behind the score (option index, -1 unanswered), for the review below it. */
  answers?: MiniTestAnswers | undefined;
}

const LETTERS = ['A', 'B', 'C', 'D'];

/** Every item of one section: the question, the learner's answer against the key, the explanation. */
function SectionReview({ section, answers, offset }: { section: MiniSection; answers: readonly number[]; offset: number }) {
  const M = t.miniTest;
  return (
    <Stack gap="sm" component="section" aria-label={M.sessionTitle[section]}>
      <Title order={3} size="h4">
        {M.sessionTitle[section]}
      </Title>
      {MINI_ITEMS[section].map((item, i) => {
        const key = MINI_TEST_KEYS[section][i]!;
        const answer = answers[i] ?? -1;
        const correct = answer === key;
        const no = offset + i + 1;
        return (
          <Paper key={no} withBorder p="sm" radius="md" component="article" aria-label={M.reviewNumber(no)} data-correct={correct}>
            <Stack gap="xs">
              <Group justify="space-between" gap="xs">
                <Text fw={700}>{M.reviewNumber(no)}</Text>
                <Badge color={correct ? 'green.9' : 'red.9'} variant="filled" tt="none">
                  {correct ? M.reviewCorrect : answer === -1 ? M.reviewUnanswered : M.reviewWrong}
                </Badge>
              </Group>
              <SafeHtml html={item.soal} className="mini-question" />
              <Stack gap={4} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
                {item.pilihan.map((text, o) => (
                  <li
                    key={o}
                    className="mini-review-option"
                    data-key={o === key || undefined}
                    data-chosen-wrong={(o === answer && o !== key) || undefined}
                  >
                    <Text fw={700} component="span">
                      {LETTERS[o]}.
                    </Text>
                    <SafeHtml component="span" html={text} style={{ flex: 1 }} />
                    {o === key ? (
                      <Badge color="green.9" variant="filled" tt="none" size="sm">
                        {M.reviewKey}
                      </Badge>
                    ) : null}
                    {o === answer ? (
                      <Badge color={o === key ? 'green.9' : 'red.9'} variant="outline" tt="none" size="sm">
                        {M.reviewYourAnswer}
                      </Badge>
                    ) : null}
                  </li>
                ))}
              </Stack>
              <Paper bg="gray.0" p="xs" radius="sm">
                <Text size="sm" fw={700}>
                  {M.reviewExplanation}
                </Text>
                <Text size="sm">{item.pembahasan}</Text>
              </Paper>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

/** /finish (spec section 2): congratulations, correct counts per session and the Total Score. */
export function MiniFinishView({ score, answers }: MiniFinishViewProps) {
  const M = t.miniTest;
  if (!score) {
    return (
      <Container size="sm" py="xl">
        <Stack gap="md" align="flex-start">
          <Title order={1}>{M.noResultTitle}</Title>
          <Text>{M.noResultText}</Text>
          <Button component={Link} to="/mini-test">
            {M.backToIntro}
          </Button>
        </Stack>
      </Container>
    );
  }
  const rows = [
    { name: M.sessionTitle.listening, correct: score.listeningCorrect, total: MINI_TEST_KEYS.listening.length },
    { name: M.sessionTitle.structure, correct: score.structureCorrect, total: MINI_TEST_KEYS.structure.length },
    { name: M.sessionTitle.reading, correct: score.readingCorrect, total: MINI_TEST_KEYS.reading.length },
  ];
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{M.finishTitle}</Title>
        <Text>{M.finishLead}</Text>
        <Paper withBorder radius="md">
          <Table striped verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{M.resultSession}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {M.resultCorrect}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.name}>
                  <Table.Th scope="row" fw={500}>
                    {r.name}
                  </Table.Th>
                  <Table.Td ta="right" data-testid="mini-correct">
                    {r.correct} / {r.total}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row">{M.totalScore}</Table.Th>
                <Table.Td ta="right" fw={800} fz="xl" data-testid="mini-total-score">
                  {score.totalScore}
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Paper>
        <Group gap="sm">
          <Button component={Link} to="/paketsoal" size="md">
            {t.landing.startSimulation}
          </Button>
          <Button component={Link} to="/mini-test" size="md" variant="default">
            {M.restart}
          </Button>
        </Group>
        {answers ? (
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={2} size="h3">
                {M.reviewTitle}
              </Title>
              <Text size="sm">{M.reviewLead}</Text>
            </Stack>
            {MINI_SECTIONS.map((section, s) => (
              <SectionReview
                key={section}
                section={section}
                answers={answers[section]}
                offset={MINI_SECTIONS.slice(0, s).reduce((n, prev) => n + MINI_TEST_KEYS[prev].length, 0)}
              />
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Container>
  );
}
