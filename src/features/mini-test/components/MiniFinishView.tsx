import { Button, Container, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { MINI_TEST_KEYS, type MiniTestScore } from '../../../../machines/mini-test.machine.ts';
import { t } from '../../../i18n/id.ts';

export interface MiniFinishViewProps {
  /** The score, or null when this page was opened without a just-finished mini test. */
  score: MiniTestScore | null;
}

/** /finish (spec section 2): congratulations, correct counts per session and the Total Score. */
export function MiniFinishView({ score }: MiniFinishViewProps) {
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
        <Button component={Link} to="/paketsoal" size="md" style={{ alignSelf: 'flex-start' }}>
          {t.landing.startSimulation}
        </Button>
      </Stack>
    </Container>
  );
}
