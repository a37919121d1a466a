import { Button, Group, Loader, Modal, Paper, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { INTERRUPT_REASONS, type InterruptReason } from '../../machines/audio-once.machine.ts';
import { t } from '../i18n/id.ts';
import './AudioOncePlayer.css';

/** What the play-once player shows; one value per state of the audioOnce machine. */
export const AUDIO_ONCE_STATUSES = [
  'idle',
  'loading',
  'ready',
  'starting',
  'playing',
  'askingLeave',
  'interrupted',
  'resuming',
  'played',
  'failed',
] as const;
export type AudioOnceStatus = (typeof AUDIO_ONCE_STATUSES)[number];

export interface AudioOncePlayerViewProps {
  status: AudioOnceStatus;
  /** Share of the clip heard, 0 to 1. */
  progress: number;
  /** Seconds heard (shown when interrupted or resuming). */
  position?: number;
  /** Why an interrupted clip stopped. */
  reason?: InterruptReason | null;
  /** Failed downloads so far while loading. */
  attempt?: number;
  onPlay: () => void;
  onResume?: () => void;
  onRetry: () => void;
  onLeaveConfirm?: () => void;
  onLeaveCancel?: () => void;
}

function PlayIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
    </svg>
  );
}

/** m:ss of a position in seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

type StatusTextProps = Pick<AudioOncePlayerViewProps, 'status' | 'position' | 'reason' | 'attempt'>;

function statusText({ status, position = 0, reason, attempt = 0 }: StatusTextProps): string | null {
  const A = t.audioOnce;
  switch (status) {
    case 'loading':
      return attempt > 0 ? A.loadingRetry(attempt) : A.loading;
    case 'starting':
      return A.starting;
    case 'playing':
    case 'askingLeave':
      return A.playing;
    case 'resuming':
      return A.resuming(clock(position));
    case 'interrupted':
      return `${A.interrupted[reason ?? 'paused']} ${A.pausedAt(clock(position))}.`;
    case 'played':
      return A.played;
    case 'failed':
      return A.failed;
    case 'idle':
      return A.noAudio;
    case 'ready':
      return null;
  }
}

/**
 * Every text the status line can show for this clip's position and download attempts: the line
 * keeps the height of the tallest, so a stall, a pause or a resume never moves the options below
 * the player under a learner's finger.
 */
function everyStatusText(props: StatusTextProps): string[] {
  const texts = AUDIO_ONCE_STATUSES.flatMap((status) =>
    status === 'interrupted'
      ? INTERRUPT_REASONS.map((reason) => statusText({ ...props, status, reason }))
      : [statusText({ ...props, status })],
  );
  return [...new Set(texts)].filter((text): text is string => text !== null);
}

/**
 * The listening player without download, speed or seek controls: one button (play, resume or
 * retry), a progress bar that cannot seek, the question before leaving a playing clip, and after
 * the one play an invisible layer that blocks every control.
 */
export function AudioOncePlayerView(props: AudioOncePlayerViewProps) {
  const { status, progress, onPlay, onResume, onRetry, onLeaveConfirm, onLeaveCancel } = props;
  const [replayNotice, setReplayNotice] = useState(false);
  const busy = status === 'loading' || status === 'starting' || status === 'resuming';
  return (
    <Paper withBorder p="md" radius="md" pos="relative" data-status={status} data-testid="audio-once">
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap" align="center">
          {status === 'failed' ? (
            <Button variant="default" onClick={onRetry} className="audio-once-button">
              {t.audioOnce.retry}
            </Button>
          ) : status === 'interrupted' ? (
            <Button onClick={onResume} leftSection={<PlayIcon />} className="audio-once-button">
              {t.audioOnce.resume}
            </Button>
          ) : (
            <Button
              onClick={onPlay}
              disabled={status !== 'ready'}
              className="audio-once-button"
              leftSection={busy ? <Loader size={14} aria-hidden="true" /> : <PlayIcon />}
            >
              {t.audioOnce.play}
            </Button>
          )}
          <Progress
            className="audio-once-progress"
            value={Math.round(progress * 100)}
            size="sm"
            aria-label={t.audioOnce.progress}
            transitionDuration={200}
          />
        </Group>
        <div className="audio-once-status">
          <Text size="sm" role="status" aria-live="polite">
            {statusText(props)}
          </Text>
          {/* Text drawn by CSS from an attribute: it takes its room without being a second copy
              of a status for a screen reader or a search by text. */}
          {everyStatusText(props).map((text) => (
            <Text key={text} size="sm" component="span" className="audio-once-sizer" data-text={text} aria-hidden="true" />
          ))}
        </div>
      </Stack>
      {status === 'played' ? (
        <>
          <button
            type="button"
            className="audio-once-lock"
            aria-label={t.audioOnce.onlyOnce}
            aria-disabled="true"
            onClick={() => setReplayNotice(true)}
            onBlur={() => setReplayNotice(false)}
          />
          {/*
           * A plain notice rather than Mantine's Tooltip: the tooltip's positioning library
           * (floating-ui, ~19 KB gzip) would be the exam's largest download after XState.
           */}
          <div role="tooltip" className="audio-once-notice" data-open={replayNotice || undefined}>
            {t.audioOnce.onlyOnce}
          </div>
        </>
      ) : null}
      <Modal
        opened={status === 'askingLeave'}
        onClose={() => onLeaveCancel?.()}
        title={t.audioOnce.leaveTitle}
        centered
        data-testid="audio-leave-dialog"
      >
        <Stack gap="md">
          <Text size="sm">{t.audioOnce.leaveMessage}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onLeaveCancel}>
              {t.audioOnce.leaveCancel}
            </Button>
            <Button onClick={onLeaveConfirm}>{t.audioOnce.leaveConfirm}</Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
