import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { audioOnceMachine } from '../../machines/audio-once.machine.ts';
import { AudioOncePlayerView, type AudioOnceStatus } from './AudioOncePlayerView.tsx';
import './AudioOncePlayer.css';

/** Where the played item indexes are kept (per user and test; in memory for the audio check). */
export interface PlayedStore {
  load(): readonly number[];
  save(played: number[]): void;
}

export interface AudioOncePlayerProps {
  /** The clip of the current item, or null for an item without audio. */
  src: string | null;
  /** The current item's index; a change reloads the player for that item. */
  index: number | null;
  store: PlayedStore;
  /** Start as soon as the clip can play (a refused autoplay is only logged; the button remains). */
  autoPlay?: boolean;
}

const REPLAY_NOTICE_MS = 2500;

/**
 * The play-once audio player (spec sections 2 and 4): a view over the audioOnce machine, which
 * owns the rule; this component only wires a hidden <audio> element (no `controls`, so no
 * download, speed or seek) to the machine's events and effects.
 */
export function AudioOncePlayer({ src, index, store, autoPlay = false }: AudioOncePlayerProps) {
  const [progress, setProgress] = useState(0);
  const audio = useRef<HTMLAudioElement>(null);
  // Each replay attempt bumps `count`; an effect then stops the element (refs belong in effects).
  const [replay, setReplay] = useState({ count: 0, notice: false });
  const [logic] = useState(() =>
    audioOnceMachine.provide({
      actors: { loadPlayed: fromPromise(async () => store.load()) },
      actions: {
        persistPlayed: (_, { played }) => store.save(played),
        reportReplayBlocked: () => setReplay((r) => ({ count: r.count + 1, notice: true })),
        logAutoplayBlocked: (_, { index: i }) => console.info('Autoplay diblokir browser untuk audio', i),
      },
    }),
  );
  const [snapshot, send] = useMachine(logic, { input: { index } });

  useEffect(() => {
    send({ type: 'audio.select', index });
  }, [index, send]);

  useEffect(() => {
    if (replay.count === 0) return;
    const el = audio.current;
    if (el) {
      el.pause();
      el.currentTime = 0;
    }
    const id = window.setTimeout(() => setReplay((r) => ({ ...r, notice: false })), REPLAY_NOTICE_MS);
    return () => window.clearTimeout(id);
  }, [replay.count]);

  const status: AudioOnceStatus = snapshot.matches({ loading: 'fetching' })
    ? 'fetching'
    : snapshot.matches({ loading: 'ready' })
      ? 'ready'
      : ((['restoring', 'idle', 'playing', 'played', 'failed'] as const).find((s) => snapshot.matches(s)) ?? 'restoring');

  // Entering `loading` (a new item, or a retry) loads the element again from the start.
  const inLoading = snapshot.matches('loading');
  useEffect(() => {
    if (inLoading) audio.current?.load();
  }, [inLoading, src]);

  const play = useCallback(() => {
    audio.current?.play().catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'NotAllowedError') send({ type: 'audio.autoplayBlocked' });
      else console.warn('Audio tidak dapat diputar', error);
    });
  }, [send]);

  const autoPlayed = useRef<number | null>(null);
  useEffect(() => {
    if (autoPlay && status === 'ready' && autoPlayed.current !== index) {
      autoPlayed.current = index;
      play();
    }
  }, [autoPlay, status, index, play]);

  const playedLocked = status === 'played';
  return (
    <>
      {src ? (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- see the note on the context menu below
        <audio
          ref={audio}
          src={src}
          preload="auto"
          data-testid="audio-once-element"
          onCanPlay={() => send({ type: 'audio.loaded' })}
          onPlay={() => send({ type: 'audio.playing' })}
          onEnded={() => send({ type: 'audio.ended' })}
          onError={() => send({ type: 'audio.failed' })}
          // A new source (another item, a retry) starts the bar from zero.
          onEmptied={() => setProgress(0)}
          onTimeUpdate={(e) => {
            const el = e.currentTarget;
            if (el.duration > 0) setProgress(el.currentTime / el.duration);
          }}
          // Belt and braces: no context menu (save audio as...) on the element. No captions track:
          // a transcript beside a listening item would answer the question.
          onContextMenu={(e) => e.preventDefault()}
        />
      ) : null}
      <AudioOncePlayerView
        status={src ? status : 'idle'}
        progress={playedLocked ? 1 : progress}
        replayBlocked={replay.notice}
        onPlay={play}
        onRetry={() => send({ type: 'audio.retry' })}
        onReplayAttempt={() => send({ type: 'audio.replay' })}
      />
    </>
  );
}
