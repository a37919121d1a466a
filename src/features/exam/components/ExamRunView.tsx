import { Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatHms, introPartOf } from '../../../../machines/exam-layout.ts';
import type { AnswerValue } from '../../../../contract/exam.ts';
import type { SyncStatus } from '../../../../machines/exam.machine.ts';
import { MessageDialog } from '../../../components/MessageDialog.tsx';
import { t } from '../../../i18n/id.ts';
import type { ExamRunState } from '../exam-view-model.ts';
import { useExamKeys } from '../hooks/useExamKeys.ts';
import { ExamGrid } from './ExamGrid.tsx';
import { ExamIntroView } from './ExamIntroView.tsx';
import { ExamQuestion } from './ExamQuestion.tsx';
import './exam.css';

/** The confirmation open over the exam, if any. */
export type ExamDialog = 'start' | 'endSection' | 'continue' | 'finish' | null;

const H = t.exam.header;
const S = t.exam.section;
const N = t.exam.nav;

/** The countdown turns red from here on. */
export const TIME_LOW_SECONDS = 5 * 60;

/** What the live region says: only at 5 and at 1 minute left, never every second. */
export function timeAnnouncement(secondsLeft: number): string {
  if (secondsLeft <= 0) return '';
  if (secondsLeft <= 60) return H.announceMinutes(1);
  if (secondsLeft <= 300) return H.announceMinutes(5);
  return '';
}

const SYNC_TEXT: Record<SyncStatus, string> = { saved: H.saved, saving: H.saving, offline: H.offline, error: H.saveError };
const SYNC_COLOR: Record<SyncStatus, string> = { saved: 'green.9', saving: 'gray.7', offline: 'orange.9', error: 'red.8' };

export interface ExamRunViewProps {
  run: ExamRunState;
  dialog: ExamDialog;
  /** The play-once player for a listening item. */
  audio?: ReactNode;
  onAnswer: (page: number, value: AnswerValue) => void;
  onPrev: () => void;
  onNext: () => void;
  onGoto: (index: number) => void;
  /** Selesai in the header: asks to end the section (listening, written) or the exam (reading). */
  onAskFinish: () => void;
  onAskContinue: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The question screen (spec section 2): header, the item (intro or question), navigation, grid and the confirmations. */
export function ExamRunView(props: ExamRunViewProps) {
  const { run, dialog } = props;
  const { phase, section, index, entry } = run;
  const running = phase === 'running';
  const ended = phase === 'ended' || phase === 'advancing';
  const low = run.secondsLeft > 0 && run.secondsLeft <= TIME_LOW_SECONDS;

  useExamKeys(running && dialog === null, {
    onChoose: (value, focusedPage) => {
      const pages = run.shown.map((q) => q.page);
      const page = focusedPage !== null && pages.includes(focusedPage) ? focusedPage : pages[0];
      if (page !== undefined) props.onAnswer(page, value);
    },
    onPrev: () => run.canPrev && props.onPrev(),
    onNext: () => run.canNext && props.onNext(),
  });

  return (
    <Container size="xl" py="md" data-testid="exam-run" data-section={section} data-phase={phase} data-index={index}>
      <Stack gap="md">
        <Paper withBorder p="sm" radius="md" className="exam-bar" shadow="xs">
          <Button color="red.8" variant="outline" onClick={props.onAskFinish} disabled={!running}>
            {H.finish}
          </Button>
          <Title order={1} size="h5" className="exam-bar__session">
            {H.session}
            {run.sectionName}
          </Title>
          <div className="exam-bar__right">
            <Text size="sm" c={SYNC_COLOR[run.syncStatus]} role="status" data-testid="exam-sync">
              {SYNC_TEXT[run.syncStatus]}
            </Text>
            <span
              className="exam-timer"
              data-low={low || undefined}
              role="timer"
              aria-label={`${H.timeLeft} ${formatHms(run.secondsLeft)}`}
              data-testid="exam-timer"
            >
              {formatHms(run.secondsLeft)}
            </span>
          </div>
          <span className="exam-hidden-label" aria-live="assertive" aria-atomic="true">
            {timeAnnouncement(run.secondsLeft)}
          </span>
        </Paper>

        <div className="exam-layout">
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-live="off">
            {ended ? (
              <Stack gap="md" align="center" py="xl" ta="center">
                <Title order={2} size="h3">
                  {S.ended(run.sectionName)}
                </Title>
                <Text maw={520}>{S.endedHint}</Text>
                <Button size="md" onClick={props.onAskContinue} loading={phase === 'advancing'}>
                  {S.continue}
                </Button>
              </Stack>
            ) : (
              <Stack gap="lg">
                {entry.kind === 'instruction' ? (
                  <ExamIntroView kind={introPartOf(entry.index) ?? 'listening'} />
                ) : (
                  <ExamQuestion
                    entry={entry}
                    shown={run.shown}
                    answers={run.answers}
                    disabled={!running}
                    audio={props.audio}
                    onAnswer={props.onAnswer}
                  />
                )}
                <Group justify="space-between">
                  {run.canPrev ? (
                    <Button variant="default" onClick={props.onPrev} disabled={!running}>
                      {N.prev}
                    </Button>
                  ) : (
                    <span />
                  )}
                  {run.canNext ? (
                    <Button onClick={props.onNext} disabled={!running}>
                      {N.next}
                    </Button>
                  ) : null}
                </Group>
              </Stack>
            )}
          </Paper>
          {ended ? null : <ExamGrid section={section} index={index} answers={run.answers} enabled={running} onGoto={props.onGoto} />}
        </div>
      </Stack>

      <ConfirmDialog
        opened={dialog === 'endSection'}
        title={S.endTitle}
        text={S.endText}
        yes={S.endYes}
        onConfirm={props.onConfirm}
        onCancel={props.onCancel}
      />
      <ConfirmDialog
        opened={dialog === 'continue'}
        title={S.continueTitle}
        text={S.continueText}
        yes={S.continueYes}
        onConfirm={props.onConfirm}
        onCancel={props.onCancel}
      />
      <ConfirmDialog
        opened={dialog === 'finish'}
        title={S.finishTitle}
        text={S.finishText}
        yes={S.finishYes}
        onConfirm={props.onConfirm}
        onCancel={props.onCancel}
      />
      <MessageDialog
        opened={phase === 'refreshing' || phase === 'ending'}
        title={phase === 'refreshing' ? S.refreshing : S.working}
        message={
          <Group gap="sm" component="span">
            <Loader size="sm" aria-hidden="true" />
            <span>{phase === 'refreshing' ? S.refreshing : S.working}</span>
          </Group>
        }
      />
    </Container>
  );
}

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  text: string;
  yes: string;
  cancel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/cancel confirmation over the exam (Batal keeps focus safe: it is the first button). */
export function ConfirmDialog({ opened, title, text, yes, cancel = S.cancel, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <MessageDialog
      opened={opened}
      title={title}
      message={text}
      onClose={onCancel}
      actions={
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {cancel}
          </Button>
          <Button onClick={onConfirm} data-autofocus>
            {yes}
          </Button>
        </Group>
      }
    />
  );
}
