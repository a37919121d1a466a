import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import type { AnswerValue } from '../../../../contract/exam.ts';
import { FullScreenLoader } from '../../../components/FullScreenLoader.tsx';
import { ParticipantNav } from '../../../components/ParticipantNav.tsx';
import { t } from '../../../i18n/id.ts';
import type { ExamScreenState } from '../exam-view-model.ts';
import type { ExamPaket } from '../exam-types.ts';
import { ExamStartView } from './ExamStartView.tsx';
import { laterViews } from './later-views.ts';

export interface ExamViewProps {
  state: ExamScreenState;
  paket: ExamPaket | null;
  /** The play-once player of the current listening item. */
  audio?: ReactNode;
  downloading?: boolean;
  downloadFailed?: boolean;
  onAskStart: () => void;
  onAskFinish: () => void;
  onAskContinue: () => void;
  onConfirm: () => void;
  onCancel: () => void;
  onDismissStartFailure: () => void;
  onRetry: () => void;
  onAnswer: (page: number, value: AnswerValue) => void;
  onMark: (page: number) => void;
  onDismissNotice: () => void;
  onPrev: () => void;
  onNext: () => void;
  onGoto: (index: number) => void;
  onDownload: () => void;
  onCloseDownloadError: () => void;
}

/** The exam page for one machine snapshot: start screen, question screen, finish screen, or a wait/error state. */
export function ExamView(props: ExamViewProps) {
  const { state } = props;
  switch (state.screen) {
    case 'loading':
      return <FullScreenLoader message={t.exam.loading} />;
    case 'error':
      return (
        <WithNav>
          <Container size="sm" py="xl">
            <Stack align="center" gap="md" ta="center" data-testid="exam-error">
              <Title order={1} size="h3" c="red.8">
                {t.exam.loadError}
              </Title>
              <Text>{t.exam.loadErrorHint}</Text>
              <Button onClick={props.onRetry}>{t.exam.retry}</Button>
            </Stack>
          </Container>
        </WithNav>
      );
    case 'start':
      return (
        <WithNav>
          <ExamStartView
            paket={props.paket}
            confirming={state.confirming}
            starting={state.starting}
            startFailed={state.startFailed}
            onAskStart={props.onAskStart}
            onConfirm={props.onConfirm}
            onCancel={props.onCancel}
            onDismissFailure={props.onDismissStartFailure}
          />
        </WithNav>
      );
    case 'exam':
      return (
        <Later
          render={({ ExamRunView }) => (
            <ExamRunView
              run={state.run}
              audio={props.audio}
              onAnswer={props.onAnswer}
              onMark={props.onMark}
              onDismissNotice={props.onDismissNotice}
              onPrev={props.onPrev}
              onNext={props.onNext}
              onGoto={props.onGoto}
              onAskFinish={props.onAskFinish}
              onAskContinue={props.onAskContinue}
              onConfirm={props.onConfirm}
              onCancel={props.onCancel}
            />
          )}
        />
      );
    default:
      return (
        <WithNav>
          <Later
            render={({ ExamFinishView }) => (
              <ExamFinishView
                status={state.screen === 'finished' ? 'scored' : state.screen === 'scoreFailed' ? 'failed' : 'submitting'}
                score={state.screen === 'finished' ? state.score : null}
                finishedElsewhere={state.finishedElsewhere}
                downloading={props.downloading ?? false}
                downloadFailed={props.downloadFailed ?? false}
                onRetry={props.onRetry}
                onDownload={props.onDownload}
                onCloseDownloadError={props.onCloseDownloadError}
              />
            )}
          />
        </WithNav>
      );
  }
}

type LaterViews = Awaited<ReturnType<typeof laterViews.load>>;

/*
 * The machine reaches the question and finish screens only once their code is in (later-views.ts),
 * so these render at once; the loader is only a safety net.
 */
function Later({ render }: { render: (views: LaterViews) => ReactNode }) {
  return (
    <Suspense fallback={<FullScreenLoader message={t.exam.loading} />}>
      <Loaded render={render} />
    </Suspense>
  );
}

function Loaded({ render }: { render: (views: LaterViews) => ReactNode }) {
  return render(laterViews.useLoaded());
}

function WithNav({ children }: { children: ReactNode }) {
  return (
    <Container size="xl" pt="md">
      <ParticipantNav />
      {children}
    </Container>
  );
}
