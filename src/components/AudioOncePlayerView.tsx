import { Button, Group, Loader, Paper, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { t } from '../i18n/id.ts';

/** What the play-once player shows; one value per state of the audioOnce machine. */
export type AudioOnceStatus = 'restoring' | 'idle' | 'fetching' | 'ready' | 'playing' | 'played' | 'failed';

export interface AudioOncePlayerViewProps {
  status: AudioOnceStatus;
  /** Share of the clip heard, 0 to 1. */
  progress: number;
  /** Opens the lock's tooltip (after a replay attempt). */
  replayBlocked?: boolean;
  onPlay: () => void;
  onRetry: () => void;
  /** The visitor pressed the blocking layer over a played clip. */
  onReplayAttempt: () => void;
}

function PlayIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
    </svg>
  );
}

/**
 * The listening player without download or speed controls: a single play button, a progress bar
 * that cannot seek, and after the one play an invisible layer that blocks every control.
 */
export function AudioOncePlayerView({ status, progress, replayBlocked, onPlay, onRetry, onReplayAttempt }: AudioOncePlayerViewProps) {
  const loading = status === 'restoring' || status === 'fetching';
  return (
    <Paper withBorder p="md" radius="md" pos="relative" data-status={status} data-testid="audio-once">
      <Stack gap="sm">
        <Group gap="sm">
          {status === 'failed' ? (
            <Button variant="default" onClick={onRetry}>
              {t.audioOnce.retry}
            </Button>
          ) : (
            <Button
              onClick={onPlay}
              disabled={status !== 'ready'}
              leftSection={loading ? <Loader size={14} aria-hidden="true" /> : <PlayIcon />}
            >
              {t.audioOnce.play}
            </Button>
          )}
          <Text size="sm" role="status" aria-live="polite">
            {loading
              ? t.audioOnce.loading
              : status === 'playing'
                ? t.audioOnce.playing
                : status === 'played'
                  ? t.audioOnce.played
                  : status === 'failed'
                    ? t.audioOnce.failed
                    : status === 'idle'
                      ? t.audioOnce.noAudio
                      : null}
          </Text>
        </Group>
        <Progress value={Math.round(progress * 100)} size="sm" aria-label={t.audioOnce.progress} transitionDuration={200} />
      </Stack>
      {status === 'played' ? (
        <Tooltip label={t.audioOnce.onlyOnce} opened={replayBlocked || undefined} withArrow position="top">
          <button
            type="button"
            className="audio-once-lock"
            aria-label={t.audioOnce.onlyOnce}
            aria-disabled="true"
            onClick={onReplayAttempt}
          />
        </Tooltip>
      ) : null}
    </Paper>
  );
}
