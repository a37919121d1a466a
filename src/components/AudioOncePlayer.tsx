import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { audioOnceMachine, type AudioOnceMachine } from '../../machines/audio-once.machine.ts';
import { AudioOncePlayerView, type AudioOnceStatus } from './AudioOncePlayerView.tsx';
import { fetchWholeClip } from './fetch-whole-clip.ts';

export type AudioOnceActor = ActorRefFrom<AudioOnceMachine>;

/** The view's status for a snapshot of the audioOnce machine. */
export function audioOnceStatus(s: SnapshotFrom<AudioOnceMachine>): AudioOnceStatus {
  if (s.matches('loading') || s.matches('route')) return 'loading';
  if (s.matches({ playing: 'askingLeave' })) return 'askingLeave';
  for (const status of ['ready', 'starting', 'playing', 'interrupted', 'resuming', 'played', 'failed'] as const) {
    if (s.matches(status)) return status;
  }
  return 'loading';
}

export interface AudioOncePlayerProps {
  actor: AudioOnceActor;
  /** Start (or resume) as soon as the clip is in (a refused autoplay is only logged; the button remains). */
  autoPlay?: boolean;
}

/**
 * The play-once player bound to one clip's audioOnce actor (which owns every rule). This component
 * only wires a hidden <audio> element (no `controls`: no download, speed or seek) to the actor:
 * element events go in, the actor's commands (play from, pause, seek back) come out.
 */
export function AudioOncePlayer({ actor, autoPlay = false }: AudioOncePlayerProps) {
  const snapshot = useSelector(actor, (s) => s);
  const audio = useRef<HTMLAudioElement>(null);
  const status = audioOnceStatus(snapshot);
  const { url, position, duration, reason, attempt } = snapshot.context;

  useEffect(() => {
    const subs = [
      actor.on('command.play', ({ from }) => {
        const el = audio.current;
        if (!el) return;
        el.currentTime = from;
        el.play().catch((error: unknown) => {
          if (error instanceof DOMException && error.name === 'NotAllowedError') actor.send({ type: 'media.blocked' });
          else if (!(error instanceof DOMException && error.name === 'AbortError')) actor.send({ type: 'media.error' });
        });
      }),
      actor.on('command.pause', () => audio.current?.pause()),
      actor.on('command.seek', ({ to }) => {
        if (audio.current) audio.current.currentTime = to;
      }),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor]);

  // A hidden tab, a locked phone or leaving the page (reload) interrupts; coming back resumes.
  useEffect(() => {
    const visibility = () => actor.send({ type: document.visibilityState === 'hidden' ? 'page.hidden' : 'page.visible' });
    const hide = () => actor.send({ type: 'page.hidden' });
    document.addEventListener('visibilitychange', visibility);
    window.addEventListener('pagehide', hide);
    return () => {
      document.removeEventListener('visibilitychange', visibility);
      window.removeEventListener('pagehide', hide);
    };
  }, [actor]);

  // Leaving the item unmounts the player: the element must not go on sounding.
  useEffect(() => {
    const el = audio.current;
    return () => el?.pause();
  }, []);

  const autoPlayed = useRef(false);
  useEffect(() => {
    if (autoPlay && status === 'ready' && !autoPlayed.current) {
      autoPlayed.current = true;
      actor.send({ type: 'user.play' });
    }
  }, [autoPlay, status, actor]);

  const progress = status === 'played' && snapshot.matches({ played: 'done' }) ? 1 : duration ? Math.min(1, position / duration) : 0;
  const time = (el: HTMLAudioElement) => ({ type: 'media.time' as const, position: el.currentTime, duration: el.duration || 0 });
  return (
    <>
      {url ? (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- a transcript beside a listening item would answer the question
        <audio
          ref={audio}
          src={url}
          preload="auto"
          data-testid="audio-once-element"
          onLoadedMetadata={(e) => actor.send(time(e.currentTarget))}
          onPlaying={() => actor.send({ type: 'media.playing' })}
          onTimeUpdate={(e) => actor.send(time(e.currentTarget))}
          onSeeking={(e) => actor.send({ type: 'media.seeking', position: e.currentTarget.currentTime })}
          onWaiting={() => actor.send({ type: 'media.stalled' })}
          onStalled={() => actor.send({ type: 'media.stalled' })}
          onPause={(e) => {
            // Our own pauses arrive after the actor left `playing`; only a foreign one counts.
            if (!e.currentTarget.ended) actor.send({ type: 'media.paused' });
          }}
          onEnded={() => actor.send({ type: 'media.ended' })}
          onError={() => actor.send({ type: 'media.error' })}
          onRateChange={(e) => {
            if (e.currentTarget.playbackRate !== 1) e.currentTarget.playbackRate = 1;
          }}
          onContextMenu={(e) => e.preventDefault()}
        />
      ) : null}
      <AudioOncePlayerView
        status={status}
        progress={progress}
        position={position}
        reason={reason}
        attempt={attempt}
        onPlay={() => actor.send({ type: 'user.play' })}
        onResume={() => actor.send({ type: 'user.resume' })}
        onRetry={() => actor.send({ type: 'user.retry' })}
        onLeaveConfirm={() => actor.send({ type: 'leave.confirm' })}
        onLeaveCancel={() => actor.send({ type: 'leave.cancel' })}
      />
    </>
  );
}

/** Where a standalone player keeps the clips heard (per user and test; in memory for the sound check). */
export interface PlayedStore {
  load(): readonly number[];
  save(played: number[]): void;
}

export interface AudioOnceClipProps {
  src: string | null;
  index: number;
  store: PlayedStore;
  autoPlay?: boolean;
}

/**
 * A player that owns its clip's actor (mini test, sound check): the played set lives in `store`.
 * Key it by the item so each clip gets its own actor.
 */
export function AudioOnceClip(props: AudioOnceClipProps) {
  if (props.src === null) return <AudioOncePlayerView status="idle" progress={0} onPlay={() => {}} onRetry={() => {}} />;
  return <OwnedClip {...props} src={props.src} />;
}

function OwnedClip({ src, index, store, autoPlay }: AudioOnceClipProps & { src: string }) {
  const [logic] = useState(() =>
    audioOnceMachine.provide({
      actors: { fetchClip: fromPromise(({ input }) => fetchWholeClip(input.src)) },
      actions: {
        notifyPlayed: (_, { index: i }) => store.save([...new Set([...store.load(), i])]),
        logBlocked: (_, { index: i }) => console.info('Autoplay diblokir browser untuk audio', i),
      },
    }),
  );
  const actor = useActorRef(logic, { input: { index, src, played: store.load().includes(index), position: 0 } });
  return <AudioOncePlayer actor={actor} autoPlay={autoPlay} />;
}

const nothing = () => undefined;

/**
 * The player's place while its question has no clip open: the exam stops the clip's actor while it
 * re-reads its timer after the page comes back, and starts a new one after. The same player, with
 * nothing to press, so the options below do not jump up and back under the learner's finger; inert,
 * so a screen reader hears no status from a player that is not there.
 */
export function AudioOnceHeldPlace({ played }: { played: boolean }) {
  return (
    <div inert>
      <AudioOncePlayerView status={played ? 'played' : 'loading'} progress={played ? 1 : 0} onPlay={nothing} onRetry={nothing} />
    </div>
  );
}
