/**
 * Generates docs/statecharts.md from the machine definitions: one Mermaid stateDiagram-v2 per
 * machine (walked from `machine.root`) and a table of every event with who sends it.
 * Run `npx tsx scripts/statecharts.ts`; tests/machines/statecharts.test.ts fails when stale.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { audioOnceMachine } from '../machines/audio-once.machine.ts';
import { examMachine } from '../machines/exam.machine.ts';
import { miniTestMachine } from '../machines/mini-test.machine.ts';

export const STATECHARTS_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'statecharts.md');

/** Design notes printed under a chart: what the drawing alone does not say. */
const AUDIO_NOTES = [
  'One actor per listening clip. The exam machine spawns it (id `audio-<index>`, held in',
  '`context.audioRef`) when `listening.running` opens an item with audio and stops it when the item',
  'or the running section is left; the player (`src/components/AudioOncePlayer.tsx`) binds its',
  '`<audio>` element to that actor and nothing else. The exam machine keeps the clip state that',
  'outlives an actor in `context.audio` (`played` indexes, `positions` in seconds), updated only from',
  "the actor's `audio.position` and `audio.played` events, saved with every draft (browser storage",
  'and `PUT /soal/jawaban/draft` `audio`), merged from every draft on load (heard by any device is',
  'heard; each clip resumes from the furthest point any device reached), and handed to the next',
  'actor of that clip as its input (`played`, `position`).',
  '',
  '- A clip counts as played when heard to its end or past `PLAYED_THRESHOLD` (90 %), never when it',
  '  starts; `played` has no way out.',
  '- `loading` fetches the whole clip (an object URL) before its first play, `FETCH_ATTEMPTS` tries',
  '  with a growing wait, then `failed` (Indonesian message, Coba lagi).',
  '- A stall, a hidden tab or locked phone (`page.hidden`, `pagehide` on reload), a foreign pause or',
  '  leaving the item lead to `interrupted`, which pauses the element and reports the position;',
  '  `resuming` plays from that position, never from the start (a stall resumes by itself after',
  '  `STALL_RESUME_MS`, a hidden page when it is visible again, a reload or a return when the new',
  '  actor autoplays).',
  "- Leaving a playing clip asks first: the exam machine's navigation guard `audioAsksToLeave` asks",
  "  the actor `snapshot.can({ type: 'leave.request' })`, keeps the move in `pendingLeave` and sends",
  '  `leave.request`; `leave.confirm` interrupts the clip and sends `audio.leaveConfirmed`, upon',
  '  which the exam machine replays the move.',
  '- The element has no controls (no download or speed); a seek is undone by `command.seek` back to',
  '  the position; the chart never touches the element, it emits `command.*` for the player.',
];

const MACHINES: { title: string; file: string; machine: AnyStateMachine; notes?: string[] }[] = [
  { title: 'Exam', file: 'machines/exam.machine.ts', machine: examMachine },
  { title: 'Audio once', file: 'machines/audio-once.machine.ts', machine: audioOnceMachine, notes: AUDIO_NOTES },
  { title: 'Mini test', file: 'machines/mini-test.machine.ts', machine: miniTestMachine },
];

/** Who sends each event; an event missing here stops the generator, so the table stays whole. */
const SENDERS: Record<string, string> = {
  'user.askStart': 'UI: Mulai Simulasi TOEFL (opens the start confirmation)',
  'user.start': 'UI: Ya, Mulai in the start dialog; retry in the Gagal dialog',
  'user.cancel': 'UI: Batal in a confirmation',
  'user.askEnd': 'UI: Selesai in the exam bar (opens the section or exam confirmation)',
  'user.askContinue': 'UI: Lanjut ke Sesi Berikutnya (opens its confirmation)',
  'user.mark': "UI: the 'Ragu-ragu' toggle of a question",
  'user.dismissNotice': 'UI: closing the newer-answer / not-counted notice',
  'user.dismiss': 'UI: closing the Gagal dialog',
  'user.retry': 'UI: retry after a load error or a score failure; Coba lagi after a failed clip download',
  'user.answer': 'UI: choosing an option (A-D -> 1-4, -1 clears) / a radio option (0-3)',
  'user.goto': 'UI: a grid cell',
  'user.next': 'UI: Selanjutnya',
  'user.prev': 'UI: Sebelumnya',
  'user.endSection': 'UI: Selesai confirmed (Selesaikan Sesi Ini?) in listening/written',
  'user.continue': 'UI: Lanjut ke Sesi Berikutnya confirmed (Yakin ingin lanjut?)',
  'user.finish': 'UI: Selesai confirmed in reading (Yakin ingin menyelesaikan?)',
  'user.finishSection': 'UI: Selesai in a mini test section',
  'timer.tick': 'ticker (provided callback actor, every 1000 ms)',
  'timer.checked': 'timerWatch (provided callback actor: GET /soal/timers every TIMER_CHECK_MS while a section runs)',
  'page.visible': 'UI: document visibilitychange to visible (the exam refreshes its timer; an interrupted clip resumes)',
  'network.online': 'network: window online event',
  'network.offline': 'network: window offline event',
  'draft.changed': 'the exam machine itself (raised after each answer or index change)',
  'audio.position': "the open clip's audioOnce actor (every 5 s of playback and on each interruption)",
  'audio.played': "the open clip's audioOnce actor (heard to the end or past PLAYED_THRESHOLD)",
  'audio.leaveConfirmed': "the open clip's audioOnce actor (Ya, pindah in the leave dialog)",
  'user.play': 'UI: autoplay when the clip is in, or the Putar audio button',
  'user.resume': 'UI: Lanjutkan audio',
  'media.playing': 'UI: media playing',
  'media.time': 'UI: media timeupdate / loadedmetadata',
  'media.seeking': 'UI: media seeking',
  'media.stalled': 'UI: media waiting / stalled',
  'media.paused': 'UI: media pause not ordered by the actor (lock screen, headset)',
  'media.ended': 'UI: media ended',
  'media.error': 'UI: media error, or play() failing for another reason than autoplay',
  'media.blocked': 'UI: play() rejected by autoplay policy',
  'page.hidden': 'UI: document visibilitychange to hidden, pagehide (reload, leaving the page)',
  'leave.request': 'the exam machine (Selanjutnya, Sebelumnya or a grid cell while the clip plays)',
  'leave.confirm': 'UI: Ya, pindah in the leave dialog',
  'leave.cancel': 'UI: Tetap di sini (or closing) in the leave dialog',
};

function sender(eventType: string): string {
  const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (done) return `server answer / storage: ${done[1] === 'done' ? 'success' : 'failure'} of actor \`${done[2]}\``;
  if (eventType.startsWith('xstate.after.')) return 'clock: delayed transition';
  const who = SENDERS[eventType];
  if (!who) throw new Error(`scripts/statecharts.ts: say who sends "${eventType}"`);
  return who;
}

const mermaidId = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9_]/g, '_');

function eventLabel(eventType: string): string {
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) return `${actor[1]}: ${actor[2]}`;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after ${after[1]}`;
  return eventType === '' ? 'always' : eventType;
}

function guardLabel(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return ` [${guard}]`;
  const g = guard as { type?: string; guards?: unknown[] };
  if (g.type === 'xstate.not' && g.guards?.length === 1) return ` [not ${guardLabel(g.guards[0]).slice(2, -1)}]`;
  if (typeof g.type === 'string') return ` [${g.type}]`;
  return ' [condition]';
}

interface Transition {
  eventType: string;
  guard?: unknown;
  target?: readonly AnyStateNode[];
}

function transitionsOf(node: AnyStateNode): Transition[] {
  const list: Transition[] = [];
  for (const defs of node.transitions.values()) list.push(...(defs as Transition[]));
  list.push(...((node.always ?? []) as Transition[]));
  return list;
}

function renderNode(node: AnyStateNode, indent: string, lines: string[]) {
  const children = Object.values(node.states) as AnyStateNode[];
  if (children.length === 0) {
    lines.push(`${indent}state "${node.key}" as ${mermaidId(node)}`);
    return;
  }
  lines.push(`${indent}state "${node.key}" as ${mermaidId(node)} {`);
  if (node.type === 'parallel') {
    children.forEach((child, i) => {
      if (i > 0) lines.push(`${indent}  --`);
      renderNode(child, `${indent}  `, lines);
    });
  } else {
    const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
    if (initial) lines.push(`${indent}  [*] --> ${mermaidId(initial)}`);
    for (const child of children) renderNode(child, `${indent}  `, lines);
  }
  lines.push(`${indent}}`);
}

function collect(node: AnyStateNode, out: AnyStateNode[] = []): AnyStateNode[] {
  out.push(node);
  for (const child of Object.values(node.states) as AnyStateNode[]) collect(child, out);
  return out;
}

export function renderMachine(machine: AnyStateMachine): string {
  const root = machine.root;
  const lines = ['stateDiagram-v2'];
  const children = Object.values(root.states) as AnyStateNode[];
  const initial = root.initial?.target?.[0] as AnyStateNode | undefined;
  if (initial) lines.push(`  [*] --> ${mermaidId(initial)}`);
  for (const child of children) renderNode(child, '  ', lines);
  for (const node of collect(root)) {
    for (const t of transitionsOf(node)) {
      // Targetless transitions (assignments, logging) are listed in the event table only.
      for (const target of t.target ?? []) {
        lines.push(`  ${mermaidId(node)} --> ${mermaidId(target)} : ${eventLabel(t.eventType)}${guardLabel(t.guard)}`);
      }
    }
    if (node.type === 'final') lines.push(`  ${mermaidId(node)} --> [*]`);
  }
  return lines.join('\n');
}

export function renderStatecharts(): string {
  const parts = [
    '# Statecharts',
    '',
    '<!-- Generated by `npx tsx scripts/statecharts.ts` from the machine definitions. Do not edit. -->',
    '',
    'Transitions that only update context (ticks, answers, navigation, network flags) are not drawn;',
    'they are listed in the event table with the states that handle them.',
    '',
  ];
  const events = new Map<string, { machines: Set<string>; states: Set<string> }>();
  for (const { title, file, machine, notes } of MACHINES) {
    parts.push(`## ${title} (\`${file}\`)`, '', ...(notes ? [...notes, ''] : []), '```mermaid', renderMachine(machine), '```', '');
    for (const node of collect(machine.root)) {
      for (const t of transitionsOf(node)) {
        if (t.eventType === '') continue;
        const entry = events.get(t.eventType) ?? { machines: new Set<string>(), states: new Set<string>() };
        entry.machines.add(machine.id);
        entry.states.add(node.path.length ? node.path.join('.') : '(root)');
        events.set(t.eventType, entry);
      }
    }
  }
  parts.push('## Events', '', '| Event | Machine | Handled in | Sent by |', '|---|---|---|---|');
  for (const [type, { machines, states }] of [...events].sort(([a], [b]) => a.localeCompare(b))) {
    parts.push(`| \`${type}\` | ${[...machines].join(', ')} | ${[...states].join(', ')} | ${sender(type)} |`);
  }
  parts.push('');
  return parts.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(STATECHARTS_PATH, renderStatecharts());
  console.log(`wrote ${path.relative(process.cwd(), STATECHARTS_PATH)}`);
}
