import { Button, Container, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { extendedSeconds } from '../../../../contract/time-factor.ts';
import { MessageDialog } from '../../../components/MessageDialog.tsx';
import { t } from '../../../i18n/id.ts';
import type { ExamPaket } from '../exam-types.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import './exam.css';

const S = t.exam.start;

export interface ExamStartViewProps {
  paket: ExamPaket | null;
  /** The start confirmation is open. */
  confirming: boolean;
  /** PUT /soal/timers is on its way. */
  starting: boolean;
  /** PUT /soal/timers failed: 'Gagal' / 'Terjadi kesalahan saat mengambil data timer.' */
  startFailed: boolean;
  onAskStart: () => void;
  onConfirm: () => void;
  onCancel: () => void;
  onDismissFailure: () => void;
}

/** A package's section time: whole minutes, or seconds for the short drills an admin may set. */
const length = (seconds: number) => (seconds < 60 ? S.seconds(seconds) : S.minutes(Math.round(seconds / 60)));

/**
 * The time the learner gets for a section: with a time factor, the extended minutes and the
 * package's own ('35 menit (diperpanjang dari 25)'), computed by the rule the server applies.
 */
export function sectionDuration(seconds: number | undefined, factorPercent: number | undefined): string | null {
  if (seconds === undefined) return null;
  const extended = extendedSeconds(seconds, factorPercent ?? 100);
  if (extended === seconds) return length(seconds);
  return S.extended(Math.round(extended / 60), seconds < 60 ? length(seconds) : String(Math.round(seconds / 60)));
}

/** The exam's start screen (spec section 2): the three sections with their times, directions, the grid legend and the start button. */
export function ExamStartView(props: ExamStartViewProps) {
  const { paket } = props;
  const durations = [paket?.durasi_listening, paket?.durasi_written, paket?.durasi_reading];
  return (
    <Container size="md" py="md" data-testid="exam-start">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t.exam.title}</Title>
          {paket ? (
            <Text c="dimmed" fw={600}>
              {paket.nama_paket}
            </Text>
          ) : null}
        </Stack>
        <Text>{S.intro}</Text>
        <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {S.sections.map((section, i) => (
            <Paper key={section.title} withBorder p="md" radius="md" component="li">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2}>
                  <Text fw={700}>{section.title}</Text>
                  <Text size="sm" c="dimmed">
                    {section.range}
                  </Text>
                </Stack>
                {sectionDuration(durations[i], paket?.faktor_waktu_persen) ? (
                  <Text fw={700} c="blue.9" data-testid={`exam-duration-${i + 1}`}>
                    {sectionDuration(durations[i], paket?.faktor_waktu_persen)}
                  </Text>
                ) : null}
              </Group>
            </Paper>
          ))}
        </Stack>
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="xs">
            {S.instructionsTitle}
          </Title>
          <List spacing="xs">
            {S.instructions.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="xs">
            {S.legendTitle}
          </Title>
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            <Legend label={S.legendCurrent} current />
            <Legend label={S.legendAnswered} answered />
            <Legend label={S.legendUnanswered} />
            <Legend label={S.legendLocked} locked />
          </Stack>
        </Paper>
        <Group justify="center">
          <Button size="lg" onClick={props.onAskStart} loading={props.starting}>
            {S.button}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={props.confirming}
        title={S.confirmTitle}
        text={S.confirmText}
        yes={S.confirmYes}
        cancel={S.cancel}
        onConfirm={props.onConfirm}
        onCancel={props.onCancel}
      />
      <MessageDialog opened={props.startFailed} tone="error" title={S.failTitle} message={S.failText} onClose={props.onDismissFailure} />
    </Container>
  );
}

function Legend({ label, current, answered, locked }: { label: string; current?: boolean; answered?: boolean; locked?: boolean }) {
  return (
    <Group gap="sm" component="li" wrap="nowrap">
      <span
        className="exam-grid__cell exam-legend"
        data-current={current || undefined}
        data-answered={answered || undefined}
        aria-disabled={locked ? 'true' : undefined}
        aria-hidden="true"
      />
      <Text size="sm">{label}</Text>
    </Group>
  );
}
