import { Alert, Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { formatHms, introPartOf } from '../../../../machines/exam-layout.ts';
import type { AnswerValue } from '../../../../contract/exam.ts';
import type { SyncStatus } from '../../../../machines/exam.machine.ts';
import { MessageDialog } from '../../../components/MessageDialog.tsx';
import { t } from '../../../i18n/id.ts';
import { formatNumbers, type ExamRunState } from '../exam-view-model.ts';
import { useExamKeys } from '../hooks/useExamKeys.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { ExamGrid } from './ExamGrid.tsx';
import { ExamIntroView } from './ExamIntroView.tsx';
import { ExamQuestion } from './ExamQuestion.tsx';
import './exam.css';

const H = t.exam.header;
const S = t.exam.section;
const N = t.exam.nav;
const NOTICE = t.exam.notice;

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
  /** The play-once player for a listening item. */
  audio?: ReactNode;
  onAnswer: (page: number, value: AnswerValue) => void;
  /** Toggles 'ragu-ragu' on a question. */
  onMark: (page: number) => void;
  onDismissNotice: () => void;
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
  const { run } = props;
  const { phase, section, index, entry, dialog } = run;
  const running = phase === 'running';
  const ended = phase === 'ended' || phase === 'advancing';
  const low = run.secondsLeft > 0 && run.secondsLeft <= TIME_LOW_SECONDS;

  useExamKeys(running && !run.refreshing && dialog === null, {
    onChoose: (value, focusedPage) => {
      const pages = run.shown.map((q) => q.page);
      const page = focusedPage !== null && pages.includes(focusedPage) ? focusedPage : pages[0];
      if (page !== undefined) props.onAnswer(page, value);
    },
    onPrev: () => run.canPrev && props.onPrev(),
    onNext: () => run.canNext && props.onNext(),
  });

  // Every new item, section or phase opens at its top (with its audio in view), not part-way down.
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [index, section, phase]);

  const sectionLists = (
    <>
      <Text component="span" display="block" data-testid="exam-dialog-unanswered">
        {run.unansweredNumbers.length > 0 ? S.unanswered(formatNumbers(run.unansweredNumbers)) : S.allAnswered}
      </Text>
      {run.markedNumbers.length > 0 ? (
        <Text component="span" display="block" data-testid="exam-dialog-marked">
          {S.marked(formatNumbers(run.markedNumbers))}
        </Text>
      ) : null}
    </>
  );

  return (
    <Container size="xl" py="md" data-testid="exam-run" data-section={section} data-phase={phase} data-index={index}>
      <Stack gap="md">
        <Paper withBorder p="xs" radius="md" className="exam-bar" shadow="xs" data-testid="exam-bar">
          <Button
            color="red.8"
            variant="outline"
            size="compact-md"
            className="exam-bar__finish"
            onClick={props.onAskFinish}
            disabled={!run.canAskEnd}
          >
            {H.finish}
          </Button>
          <div className="exam-bar__session">
            <Title order={1} size="h6" className="exam-bar__title">
              {H.session}
              {run.sectionName}
            </Title>
            <Text size="xs" c="dimmed" data-testid="exam-answered">
              {H.answered(run.answeredCount, run.questionCount)}
            </Text>
          </div>
          <div className="exam-bar__right">
            <Text size="xs" c={SYNC_COLOR[run.syncStatus]} role="status" data-testid="exam-sync" className="exam-bar__sync">
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

        {run.newerNumbers.length > 0 || run.notCounted.length > 0 ? (
          <Alert
            color={run.notCounted.length > 0 ? 'orange' : 'blue'}
            title={run.notCounted.length > 0 ? NOTICE.notCountedTitle : NOTICE.newerTitle}
            withCloseButton
            closeButtonLabel={NOTICE.dismiss}
            onClose={props.onDismissNotice}
            data-testid="exam-notice"
          >
            <Stack gap={4}>
              {run.newerNumbers.length > 0 ? <Text size="sm">{NOTICE.newer(formatNumbers(run.newerNumbers))}</Text> : null}
              {run.notCounted.length > 0 ? (
                <>
                  <Text size="sm">{NOTICE.notCountedIntro}</Text>
                  <ul className="exam-notice__list" data-testid="exam-not-counted">
                    {run.notCounted.map((n) => (
                      <li key={`${n.sectionName}:${n.number}`}>
                        {NOTICE.notCountedItem(n.sectionName, n.number, NOTICE.reasons[n.reason] ?? n.reason)}
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </Stack>
          </Alert>
        ) : null}

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
                    marked={run.marked}
                    disabled={!run.canAnswer}
                    audio={props.audio}
                    onAnswer={props.onAnswer}
                    onMark={props.onMark}
                  />
                )}
                <Group justify="space-between" className="exam-nav">
                  {run.canPrev ? (
                    <Button variant="default" onClick={props.onPrev}>
                      {N.prev}
                    </Button>
                  ) : (
                    <span />
                  )}
                  {run.canNext ? <Button onClick={props.onNext}>{N.next}</Button> : null}
                </Group>
              </Stack>
            )}
          </Paper>
          {ended ? null : (
            <ExamGrid
              section={section}
              index={index}
              answers={run.answers}
              marked={run.marked}
              enabled={run.canGoto}
              onGoto={props.onGoto}
            />
          )}
        </div>
      </Stack>

      <ConfirmDialog
        opened={dialog === 'endSection'}
        title={S.endTitle}
        text={
          <>
            {S.endText}
            {sectionLists}
          </>
        }
        yes={S.endYes}
        onConfirm={props.onConfirm}
        onCancel={props.onCancel}
      />
      <ConfirmDialog
        opened={dialog === 'continue'}
        title={S.continueTitle}
        text={
          <>
            {S.continueText}
            {sectionLists}
          </>
        }
        yes={S.continueYes}
        onConfirm={props.onConfirm}
        onCancel={props.onCancel}
      />
      <ConfirmDialog
        opened={dialog === 'finish'}
        title={S.finishTitle}
        text={
          <>
            {S.finishText}
            {sectionLists}
          </>
        }
        yes={S.finishYes}
        onConfirm={props.onConfirm}
        onCancel={props.onCancel}
      />
      <MessageDialog
        opened={run.refreshing || phase === 'ending'}
        title={run.refreshing ? S.refreshing : S.working}
        message={
          <Group gap="sm" component="span">
            <Loader size="sm" aria-hidden="true" />
            <span>{run.refreshing ? S.refreshing : S.working}</span>
          </Group>
        }
      />
    </Container>
  );
}
