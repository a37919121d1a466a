import { Alert, Badge, Button, Container, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { MASTERY_WINDOW, type PracticeHome } from '../../../../contract/practice.ts';
import { SKILL_JUDGE_MIN_RESPONSES, skillById } from '../../../../contract/skills.ts';
import { ParticipantNav } from '../../../components/ParticipantNav.tsx';
import { t } from '../../../i18n/id.ts';
import { formatLongDate } from '../../../lib/dates.ts';
import { ErrorBlock, LoadingBlock } from '../../../components/StatusBlocks.tsx';

const P = t.practice;
const SECTIONS = ['listening', 'structure', 'written', 'reading'] as const;

export interface PracticeHomeViewProps {
  home: PracticeHome | undefined;
  isLoading: boolean;
  error: string | null;
  onRetry: () => void;
}

/** /latihan: reviews due today, drills per section, mastery per skill, the study plan. */
export function PracticeHomeView({ home, isLoading, error, onRetry }: PracticeHomeViewProps) {
  return (
    <Container size="md" py="lg">
      <ParticipantNav />
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{P.title}</Title>
          <Text c="dimmed">{P.lead}</Text>
        </Stack>
        {isLoading ? <LoadingBlock text={P.loading} /> : null}
        {error ? <ErrorBlock text={error} onRetry={onRetry} retryLabel={P.retry} /> : null}
        {home ? <HomeContent home={home} /> : null}
      </Stack>
    </Container>
  );
}

function HomeContent({ home }: { home: PracticeHome }) {
  return (
    <>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={2} size="h3">
              {P.reviewToday(home.reviewDue)}
            </Title>
            <Badge variant="light" size="lg">
              {P.notebookCount(home.notebookCount)}
            </Badge>
          </Group>
          {home.reviewDue === 0 ? <Text size="sm">{P.reviewNone}</Text> : null}
          <Group gap="xs">
            {home.reviewDue > 0 ? (
              <Button component={Link} to="/latihan/review">
                {P.startReview}
              </Button>
            ) : null}
            <Button component={Link} to="/latihan/buku-kesalahan" variant="light">
              {P.openNotebook}
            </Button>
          </Group>
        </Stack>
      </Paper>

      <Stack gap="xs">
        <Title order={2} size="h3">
          {P.drillBySection}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          {SECTIONS.map((s) => (
            <Button
              key={s}
              component={Link}
              to={`/latihan?section=${s}`}
              variant="light"
              h="auto"
              py="xs"
              styles={{ label: { whiteSpace: 'normal' } }}
            >
              {P.drillSection(P.sectionName[s] ?? s)}
            </Button>
          ))}
        </SimpleGrid>
      </Stack>

      <PlanSummary plan={home.plan} />

      <Stack gap="xs">
        <Title order={2} size="h3">
          {P.masteryTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {P.masteryLead(MASTERY_WINDOW, SKILL_JUDGE_MIN_RESPONSES)}
        </Text>
        {home.mastery.length === 0 ? (
          <Alert variant="light">{P.masteryEmpty}</Alert>
        ) : (
          <Table aria-label={P.masteryTitle} verticalSpacing="xs">
            <Table.Tbody>
              {weakestFirst(home.mastery).map((m) => {
                const skill = skillById(m.skill);
                const pct = m.mastery === null ? null : Math.round(m.mastery * 100);
                return (
                  <Table.Tr key={m.skill}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {skill ? P.skillLabel(skill.no, skill.name) : m.skill}
                      </Text>
                      {pct === null ? (
                        <Text size="xs" c="dimmed">
                          {P.masteryNotJudged(m.total)}
                        </Text>
                      ) : (
                        <Group gap="xs" wrap="nowrap">
                          <Progress value={pct} w={120} color={pct >= 80 ? 'teal' : pct >= 50 ? 'yellow' : 'red'} aria-hidden />
                          <Text size="xs">{P.masteryValue(pct, m.correct, m.total)}</Text>
                        </Group>
                      )}
                    </Table.Td>
                    <Table.Td w={1}>
                      <Button component={Link} to={`/latihan?skill=${m.skill}`} size="xs" variant="subtle">
                        {P.drillSkill}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </>
  );
}

/** Judged skills from the weakest up, then the ones with too few answers yet (by skill number). */
function weakestFirst(mastery: PracticeHome['mastery']): PracticeHome['mastery'] {
  return [...mastery].sort((a, b) => (a.mastery ?? 2) - (b.mastery ?? 2) || (skillById(a.skill)?.no ?? 0) - (skillById(b.skill)?.no ?? 0));
}

function PlanSummary({ plan }: { plan: PracticeHome['plan'] }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h3">
          {P.planTitle}
        </Title>
        {plan ? (
          <>
            <Text size="sm">{P.planSummary(plan.targetScore, formatLongDate(`${plan.examDate}T00:00:00+07:00`))}</Text>
            {plan.progress.week !== null ? (
              <>
                <Text size="sm">{P.planProgress(plan.progress.doneThisWeek, plan.progress.plannedThisWeek)}</Text>
                <Progress
                  value={
                    plan.progress.plannedThisWeek ? Math.min(100, (plan.progress.doneThisWeek / plan.progress.plannedThisWeek) * 100) : 0
                  }
                  aria-hidden
                />
              </>
            ) : null}
            <Button component={Link} to="/latihan/rencana" variant="light" size="sm" w="fit-content">
              {P.openPlan}
            </Button>
          </>
        ) : (
          <>
            <Text size="sm">{P.planNone}</Text>
            <Button component={Link} to="/latihan/rencana" size="sm" w="fit-content">
              {P.makePlan}
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
