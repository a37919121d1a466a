import { Alert, Badge, Button, Container, NumberInput, Paper, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Plan, PlanBody } from '../../../../contract/practice.ts';
import { skillById } from '../../../../contract/skills.ts';
import { ParticipantNav } from '../../../components/ParticipantNav.tsx';
import { t } from '../../../i18n/id.ts';
import { formatShortDate } from '../../../lib/dates.ts';
import { ErrorBlock, LoadingBlock } from '../../../components/StatusBlocks.tsx';

const P = t.practice;
const day = (d: string) => formatShortDate(`${d}T00:00:00+07:00`);

export interface PlanViewProps {
  plan: Plan | null | undefined;
  isLoading: boolean;
  loadError: string | null;
  onRetry: () => void;
  saving: boolean;
  saveError: string | null;
  onSave: (body: PlanBody) => void;
  /** Shows the form even when a plan exists (changing it). */
  editing?: boolean;
}

/** /latihan/rencana: the target and date form, and the week-by-week plan with its progress. */
export function PlanView(props: PlanViewProps) {
  const { plan, isLoading, loadError } = props;
  const [editing, setEditing] = useState(props.editing ?? false);
  return (
    <Container size="md" py="lg">
      <ParticipantNav />
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1}>{P.planFormTitle}</Title>
          <Text c="dimmed">{P.planLead}</Text>
        </Stack>
        {isLoading ? <LoadingBlock text={P.loading} /> : null}
        {loadError ? <ErrorBlock text={loadError} onRetry={props.onRetry} retryLabel={P.retry} /> : null}
        {!isLoading && !loadError && (plan === null || editing) ? (
          <PlanForm
            plan={plan ?? null}
            saving={props.saving}
            error={props.saveError}
            onSave={(b) => (props.onSave(b), setEditing(false))}
          />
        ) : null}
        {plan && !editing ? <PlanWeeks plan={plan} onChange={() => setEditing(true)} /> : null}
        <Button component={Link} to="/latihan" variant="subtle" w="fit-content">
          {P.backHome}
        </Button>
      </Stack>
    </Container>
  );
}

function PlanForm({
  plan,
  saving,
  error,
  onSave,
}: {
  plan: Plan | null;
  saving: boolean;
  error: string | null;
  onSave: (b: PlanBody) => void;
}) {
  const [target, setTarget] = useState<number | string>(plan?.targetScore ?? 500);
  const [date, setDate] = useState(plan?.examDate ?? '');
  return (
    <Paper withBorder p="md" radius="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSave({ targetScore: Number(target), examDate: date });
        }}
      >
        <Stack gap="sm">
          <NumberInput label={P.targetScore} value={target} onChange={setTarget} min={310} max={677} step={10} required />
          <TextInput label={P.examDate} type="date" value={date} onChange={(e) => setDate(e.currentTarget.value)} required />
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Button type="submit" loading={saving} w="fit-content">
            {P.savePlan}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function PlanWeeks({ plan, onChange }: { plan: Plan; onChange: () => void }) {
  const { progress } = plan;
  return (
    <Stack gap="sm">
      <Paper withBorder p="md" radius="md">
        <Stack gap={6}>
          <Text fw={600}>{P.planSummary(plan.targetScore, day(plan.examDate))}</Text>
          <Text size="sm">{P.planFrom(plan.currentScore)}</Text>
          {progress.week !== null ? (
            <>
              <Text size="sm">{P.planProgress(progress.doneThisWeek, progress.plannedThisWeek)}</Text>
              <Progress
                value={progress.plannedThisWeek ? Math.min(100, (progress.doneThisWeek / progress.plannedThisWeek) * 100) : 0}
                aria-hidden
              />
            </>
          ) : null}
          <Text size="sm">{P.progressTotal(progress.doneTotal, progress.plannedToDate)}</Text>
          <Text size="xs" c="dimmed">
            {P.formula}
          </Text>
          <Button variant="light" size="xs" onClick={onChange} w="fit-content">
            {P.changePlan}
          </Button>
        </Stack>
      </Paper>
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={P.planTitle}>
        {plan.weeks.map((w, i) => (
          <Paper key={w.week} withBorder p="sm" radius="md" component="li" bg={progress.week === i ? 'blue.0' : undefined}>
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {P.week(w.week, day(w.from), day(w.to))} {progress.week === i ? <Badge size="xs">{P.thisWeek}</Badge> : null}
              </Text>
              <Text size="sm">{P.weekLoad(w.minutes, w.items)}</Text>
              {w.focus.map((f) => {
                const skill = skillById(f.skill);
                return (
                  <Text key={f.skill} size="xs">
                    <Link to={`/latihan?skill=${f.skill}`}>{skill ? P.skillLabel(skill.no, skill.name) : f.skill}</Link>: {f.items}
                  </Text>
                );
              })}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
