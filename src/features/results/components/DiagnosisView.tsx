import { Anchor, Badge, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { DiagnosisResponse, SkillResult, WeakSkill } from '../../../../contract/diagnosis.ts';
import { skillById } from '../../../../contract/skills.ts';
import { CefrSummary } from '../../../components/CefrSummary.tsx';
import { t } from '../../../i18n/id.ts';
import { formatLongDate } from '../../../lib/dates.ts';
import { ErrorBlock, LoadingBlock } from '../../../components/StatusBlocks.tsx';
import { ResultsPage } from './ResultsPage.tsx';

export interface DiagnosisViewProps {
  status: 'loading' | 'error' | 'notFound' | 'ready';
  diagnosis: DiagnosisResponse | undefined;
  onRetry: () => void;
}

const T = t.results.diagnosis;
const SECTIONS = ['listening', 'structure', 'written', 'reading'] as const;

const percent = (s: SkillResult) => Math.round((s.correct / s.total) * 100);
const barColor = (p: number) => (p >= 70 ? 'green.8' : p >= 50 ? 'yellow.7' : 'red.8');
const skillName = (id: string) => skillById(id)?.name ?? id;

function WeakSkillCard({ w, rank }: { w: WeakSkill; rank: number }) {
  const skill = skillById(w.skill);
  const name = skillName(w.skill);
  return (
    <Paper component="li" withBorder p="sm" radius="md" bg="orange.0" data-testid="weak-skill" data-skill={w.skill}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              {rank}. {skill ? T.skillNo(skill.no) : ''} · {t.results.sections[w.section]}
            </Text>
            <Text fw={700}>{name}</Text>
          </Stack>
          <Text fw={700} c="red.9" style={{ whiteSpace: 'nowrap' }}>
            {percent(w)}%
          </Text>
        </Group>
        {skill ? <Text size="sm">{skill.description}</Text> : null}
        <Text size="sm">{T.correctOf(w.correct, w.total)}</Text>
        <Group gap="xs" grow>
          {w.reviewUrl ? (
            <Button component={Link} to={w.reviewUrl} variant="default" size="sm" aria-label={T.reviewLabel(name)}>
              {T.review}
            </Button>
          ) : null}
          <Button component={Link} to={w.drillUrl} size="sm" aria-label={T.drillLabel(name)}>
            {T.drill}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function SkillRow({ s, weak, minResponses }: { s: SkillResult; weak: boolean; minResponses: number }) {
  const name = skillName(s.skill);
  const p = percent(s);
  return (
    <Stack component="li" gap={4} data-testid="skill-row" data-skill={s.skill} data-weakest={weak || undefined}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={weak ? 700 : 500} style={{ minWidth: 0 }}>
          {name}
        </Text>
        <Group gap={6} wrap="nowrap">
          {weak ? (
            <Badge color="red.9" size="sm" style={{ flexShrink: 0 }}>
              {T.weakBadge}
            </Badge>
          ) : null}
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {s.correct}/{s.total}
          </Text>
        </Group>
      </Group>
      {s.judged ? (
        <Progress value={p} color={barColor(p)} aria-label={`${name} ${p}%`} />
      ) : (
        <Text size="xs" c="dimmed">
          {T.notJudged(minResponses)}
        </Text>
      )}
    </Stack>
  );
}

/** /diagnosis and /diagnosis/:historyId: per-skill results, the three weakest with review and drill links, CEFR per section. */
export function DiagnosisView({ status, diagnosis, onRetry }: DiagnosisViewProps) {
  let body;
  if (status === 'loading') body = <LoadingBlock text={T.loading} />;
  else if (status === 'notFound') body = <ErrorBlock text={T.notFound} retryLabel={T.retry} />;
  else if (status === 'error' || !diagnosis) body = <ErrorBlock text={T.loadFailed} onRetry={onRetry} retryLabel={T.retry} />;
  else if (diagnosis.attempts === 0 || !diagnosis.history) {
    body = (
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="sm">
          <Text ta="center">{T.empty}</Text>
          <Button component={Link} to="/paketsoal">
            {T.toPaket}
          </Button>
        </Stack>
      </Paper>
    );
  } else {
    const d = diagnosis;
    const h = d.history!;
    const weak = new Set(d.weakest.map((w) => w.skill));
    body = (
      <Stack gap="lg">
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {d.historyId !== null ? T.ofAttempt(h.nama_paket, formatLongDate(h.tanggal)) : T.ofAll(d.attempts)}
          </Text>
          {d.historyId !== null ? (
            <Anchor component={Link} to="/diagnosis" size="sm">
              {T.showAll}
            </Anchor>
          ) : null}
        </Stack>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {T.weakestTitle}
            </Title>
            {d.weakest.length === 0 ? (
              <Text size="sm">{T.noWeakest}</Text>
            ) : (
              <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
                {d.weakest.map((w, i) => (
                  <WeakSkillCard key={w.skill} w={w} rank={i + 1} />
                ))}
              </Stack>
            )}
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t.results.cefrSections}
            </Title>
            <CefrSummary
              levels={h}
              scores={{ listening: h.listeningScore, written: h.structureScore, reading: h.readingScore, total: h.totalScore }}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack gap="md">
            <Stack gap={2}>
              <Title order={2} size="h4">
                {T.skillsTitle}
              </Title>
              <Text size="xs" c="dimmed">
                {T.judgedFrom(d.minResponses)}
              </Text>
            </Stack>
            {SECTIONS.map((section) => {
              const rows = d.skills.filter((s) => s.section === section);
              if (rows.length === 0) return null;
              return (
                <Stack key={section} gap="xs" component="section" aria-label={t.results.sections[section]}>
                  <Title order={3} size="h5">
                    {t.results.sections[section]}
                  </Title>
                  <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
                    {rows.map((s) => (
                      <SkillRow key={s.skill} s={s} weak={weak.has(s.skill)} minResponses={d.minResponses} />
                    ))}
                  </Stack>
                </Stack>
              );
            })}
          </Stack>
        </Paper>
        <Text size="sm" c="dimmed">
          {t.results.estimate}
        </Text>
      </Stack>
    );
  }
  return (
    <ResultsPage title={T.title} lead={T.lead} size="sm">
      {body}
    </ResultsPage>
  );
}
