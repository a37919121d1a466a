#!/usr/bin/env node
// Authoring tool: builds the listening audio clips from the JSON scripts.
//
//   node scripts/generate-audio.mjs            # everything
//   node scripts/generate-audio.mjs demo       # only content/demo-package/audio
//   node scripts/generate-audio.mjs mini sound # mini test + sound check
//   node scripts/generate-audio.mjs demo 7 31  # only demo clips listening-07 and listening-31
//   node scripts/generate-audio.mjs practice   # the practice bank (content/practice/audio)
//
// Needs espeak-ng, sox and ffmpeg (with libmp3lame) on PATH. Plain Node ESM, no npm deps.
// The generated MP3 files are committed, so the app, the tests and CI never need these tools.
//
// Pipeline per clip: each segment (narrator line, speaker turn, silence) is rendered to a
// 22.05 kHz mono WAV with espeak-ng (or `sox -n` for silence), the segments are joined with
// sox, loudness is normalised with ffmpeg's two-pass EBU R128 `loudnorm` (linear mode), and
// the result is encoded as mono MP3, 32 kbps, 22.05 kHz, with bit-exact flags and no metadata
// so that re-running the script on unchanged scripts gives byte-identical files.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * @typedef {{ voice: string, speed: number, pitch: number }} Voice
 * @typedef {{ speaker: string, text: string }} Line
 * @typedef {Line | { pause: number }} Segment
 * @typedef {{ key: number, out: string, segments: Segment[] }} Job
 * @typedef {{ intro: string, lines: Line[] }} Talk
 * @typedef {{ no_soal: number, part: string, audio: string | null, question: string,
 *   dialogue?: Line[], talk?: Talk }} DemoItem
 * @typedef {{ audio: string, question: string, dialogue: Line[] }} MiniItem
 * @typedef {{ audio: string, segments: Segment[] }} SoundCheck
 * @typedef {{ no_soal: number, part: string, audio: string, question: string,
 *   dialogue?: Line[], talk?: Talk }} PracticeItem
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SAMPLE_RATE = 22050;
const BITRATE = '32k';
const LOUDNESS = { I: -18, TP: -1.5, LRA: 11 };
const MIN_SECONDS = 2;
const MAX_SECONDS = 180;

// espeak-ng voices. -s is words per minute, -p pitch 0-99.
// Speakers are kept clearly apart: American male, American female, a deeper American male
// for lecturers, and a British (RP) narrator who reads numbers, intros and questions.
/** @type {Record<string, Voice>} */
export const VOICES = {
  narrator: { voice: 'en-gb-x-rp', speed: 142, pitch: 45 },
  man: { voice: 'en-us+m3', speed: 143, pitch: 42 },
  woman: { voice: 'en-us+f1', speed: 150, pitch: 62 },
  professor: { voice: 'en-us+m7', speed: 146, pitch: 30 },
  lecturer: { voice: 'en-us+f4', speed: 148, pitch: 50 },
  indonesian: { voice: 'id', speed: 140, pitch: 55 },
};
// Any other speaker label falls back to one of the above.
/** @type {Record<string, string>} */
const SPEAKER_ALIASES = { student: 'man', guide: 'lecturer', instructor: 'professor' };

// Spoken-form fixes applied only to what espeak-ng reads (the JSON keeps normal spelling).
/** @type {Array<[RegExp, string]>} */
const PRONOUNCE = [
  [/\bCharon\b/g, 'Sharon'],
  // espeak-ng's own phoneme notation in [[...]]: the noun, not the verb "resume"; the Spanish name.
  [/\bresume\b/g, "[[r'Ez@meI]]"],
  [/\bDiaz\b/g, "[[d'i:az]]"],
];

const PAUSE = {
  afterNumber: 0.7,
  betweenTurns: 0.7,
  beforeQuestion: 1.0,
  tail: 1.0,
  afterIntro: 1.2,
  afterTalk: 1.6,
  afterQuestionNumber: 0.4,
  betweenQuestions: 2.5,
};

/**
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ input?: string }} [opts]
 */
function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...opts });
  if (r.error) throw new Error(`${cmd} failed to start: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}\n${r.stderr}`);
  return r;
}

function checkTools() {
  /** @type {Array<[string, string[]]>} */
  const probes = [
    ['espeak-ng', ['--version']],
    ['sox', ['--version']],
    ['ffmpeg', ['-hide_banner', '-version']],
  ];
  for (const [cmd, args] of probes) {
    try {
      run(cmd, args);
    } catch {
      console.error(`Missing tool: ${cmd}. Install espeak-ng, sox and ffmpeg (Debian: apt-get install espeak-ng sox ffmpeg).`);
      process.exit(1);
    }
  }
  const enc = run('ffmpeg', ['-hide_banner', '-encoders']).stdout;
  if (!/libmp3lame/.test(enc)) {
    console.error('ffmpeg has no libmp3lame encoder; cannot write MP3.');
    process.exit(1);
  }
}

// ---------------------------------------------------------------- segment rendering

let work = '';
let counter = 0;
/** @param {string} ext */
const tmp = (ext) => join(work, `seg${String(++counter).padStart(5, '0')}.${ext}`);

/** @param {string} speaker @returns {Voice} */
function voiceFor(speaker) {
  const v = VOICES[speaker] ?? VOICES[SPEAKER_ALIASES[speaker] ?? ''];
  if (!v) throw new Error(`Unknown speaker "${speaker}" (known: ${Object.keys(VOICES).join(', ')})`);
  return v;
}

/** @param {string} speaker @param {string} text */
function speak(speaker, text) {
  const v = voiceFor(speaker);
  const out = tmp('wav');
  // Text goes through stdin, never through a shell, so quotes and dashes are safe.
  run('espeak-ng', ['-v', v.voice, '-s', String(v.speed), '-p', String(v.pitch), '-w', out, '--stdin'], {
    input:
      PRONOUNCE.reduce((t, [re, say]) => t.replace(re, say), text)
        .replace(/\s+/g, ' ')
        .trim() + '\n',
  });
  // espeak-ng pads each utterance with ~0.4 s of digital silence; trim it so that the
  // explicit PAUSE values below are what the listener actually hears.
  const trimmed = tmp('wav');
  run('sox', [
    '-R',
    '-D',
    out,
    trimmed,
    'silence',
    '1',
    '0.01',
    '0.1%',
    'reverse',
    'silence',
    '1',
    '0.01',
    '0.1%',
    'reverse',
    'pad',
    '0.03',
    '0.08',
  ]);
  return trimmed;
}

/** @param {number} seconds */
function silence(seconds) {
  const out = tmp('wav');
  run('sox', ['-R', '-D', '-n', '-r', String(SAMPLE_RATE), '-c', '1', '-b', '16', out, 'trim', '0', String(seconds)]);
  return out;
}

/**
 * Renders the segments, joins, normalises and encodes them to outPath; returns the duration.
 * @param {Segment[]} segments
 * @param {string} outPath
 */
function buildClip(segments, outPath) {
  const wavs = segments.map((s) => ('pause' in s ? silence(s.pause) : speak(s.speaker, s.text)));
  const joined = tmp('wav');
  // espeak-ng writes 22.05 kHz mono 16-bit; force the format anyway so sox can concatenate.
  run('sox', ['-R', '-D', ...wavs, '-r', String(SAMPLE_RATE), '-c', '1', '-b', '16', joined]);

  // Pass 1: measure loudness.
  const ln = `loudnorm=I=${LOUDNESS.I}:TP=${LOUDNESS.TP}:LRA=${LOUDNESS.LRA}`;
  const m = run('ffmpeg', ['-hide_banner', '-nostats', '-i', joined, '-af', `${ln}:print_format=json`, '-f', 'null', '-']);
  // loudnorm prints its measurements as a small JSON block at the end of stderr.
  /** @param {string} key */
  const measured = (key) => {
    const hit = new RegExp(`"${key}"\\s*:\\s*"([^"]+)"`).exec(m.stderr);
    if (!hit?.[1]) throw new Error(`loudnorm did not report ${key} for ${outPath}`);
    return hit[1];
  };
  // Pass 2: linear normalisation with the measured values, resample back, encode MP3.
  const filter =
    `${ln}:measured_I=${measured('input_i')}:measured_TP=${measured('input_tp')}` +
    `:measured_LRA=${measured('input_lra')}:measured_thresh=${measured('input_thresh')}` +
    `:offset=${measured('target_offset')}:linear=true,aresample=${SAMPLE_RATE}`;
  mkdirSync(dirname(outPath), { recursive: true });
  run('ffmpeg', [
    '-hide_banner',
    '-nostats',
    '-loglevel',
    'error',
    '-y',
    '-i',
    joined,
    '-af',
    filter,
    '-ac',
    '1',
    '-ar',
    String(SAMPLE_RATE),
    '-c:a',
    'libmp3lame',
    '-b:a',
    BITRATE,
    '-map_metadata',
    '-1',
    '-fflags',
    '+bitexact',
    '-flags:a',
    '+bitexact',
    '-id3v2_version',
    '0',
    outPath,
  ]);
  const dur = Number(run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', outPath]).stdout.trim());
  if (!(dur >= MIN_SECONDS && dur <= MAX_SECONDS)) {
    throw new Error(`${outPath}: duration ${dur.toFixed(1)} s is outside ${MIN_SECONDS}-${MAX_SECONDS} s`);
  }
  return dur;
}

// ---------------------------------------------------------------- clip layouts

/** @param {Line[]} lines @returns {Segment[]} */
const turns = (lines) => lines.flatMap((l, i) => (i ? [{ pause: PAUSE.betweenTurns }, l] : [l]));

/** Part A style: "Number N." dialogue, question. */
/** @param {number} number @param {Line[]} dialogue @param {string} question @returns {Segment[]} */
function partASegments(number, dialogue, question) {
  return [
    { speaker: 'narrator', text: `Number ${number}.` },
    { pause: PAUSE.afterNumber },
    ...turns(dialogue),
    { pause: PAUSE.beforeQuestion },
    { speaker: 'narrator', text: question },
    { pause: PAUSE.tail },
  ];
}

/** Group head: intro, whole conversation/talk, then each question numbered. */
/**
 * @param {Talk} talk
 * @param {Array<{ no: number, question: string }>} questions
 * @returns {Segment[]}
 */
function groupSegments(talk, questions) {
  /** @type {Segment[]} */
  const segs = [{ speaker: 'narrator', text: talk.intro }, { pause: PAUSE.afterIntro }, ...turns(talk.lines), { pause: PAUSE.afterTalk }];
  questions.forEach(({ no, question }, i) => {
    if (i) segs.push({ pause: PAUSE.betweenQuestions });
    segs.push({ speaker: 'narrator', text: `Question ${no}.` }, { pause: PAUSE.afterQuestionNumber });
    segs.push({ speaker: 'narrator', text: question });
  });
  segs.push({ pause: PAUSE.tail });
  return segs;
}

/** A practice drill plays one item on its own: no item number, and a talk is heard without questions. */
/** @param {Line[]} dialogue @param {string} question @returns {Segment[]} */
function practicePartASegments(dialogue, question) {
  return [...turns(dialogue), { pause: PAUSE.beforeQuestion }, { speaker: 'narrator', text: question }, { pause: PAUSE.tail }];
}

/** @param {Talk} talk @returns {Segment[]} */
function practiceTalkSegments(talk) {
  return [{ speaker: 'narrator', text: talk.intro }, { pause: PAUSE.afterIntro }, ...turns(talk.lines), { pause: PAUSE.tail }];
}

// ---------------------------------------------------------------- targets

/** @param {string} p @returns {unknown} */
const readJson = (p) => JSON.parse(readFileSync(join(ROOT, p), 'utf8'));

/** @returns {Job[]} */
function demoJobs() {
  const items = /** @type {DemoItem[]} */ (readJson('content/demo-package/listening.json'));
  const byNo = new Map(items.map((it) => [it.no_soal, it]));
  /** @type {Job[]} */
  const jobs = [];
  for (const it of items) {
    if (!it.audio) continue;
    const out = join(ROOT, 'content/demo-package/audio', it.audio);
    if (it.part === 'A') {
      if (!it.dialogue) throw new Error(`Item ${it.no_soal}: Part A needs a dialogue`);
      jobs.push({
        key: it.no_soal,
        out,
        segments: partASegments(it.no_soal, it.dialogue, it.question),
      });
    } else {
      if (!it.talk) throw new Error(`Item ${it.no_soal}: a group head needs a talk`);
      // The head's question plus every following item that shares its audio (audio: null).
      const qs = [{ no: it.no_soal, question: it.question }];
      for (let next = byNo.get(it.no_soal + 1); next && next.audio === null; next = byNo.get(next.no_soal + 1)) {
        qs.push({ no: next.no_soal, question: next.question });
      }
      jobs.push({ key: it.no_soal, out, segments: groupSegments(it.talk, qs) });
    }
  }
  return jobs;
}

/** @returns {Job[]} */
function miniJobs() {
  const items = /** @type {MiniItem[]} */ (readJson('content/mini-test/listening.json'));
  return items.map((it, i) => ({
    key: i + 1,
    out: join(ROOT, 'content/mini-test/audio', it.audio),
    segments: partASegments(i + 1, it.dialogue, it.question),
  }));
}

/**
 * The practice bank: one clip per part A item (dialogue and spoken question), one clip per
 * conversation or talk of parts B and C, shared by every item that carries it (the drill shows
 * those questions as text).
 * @returns {Job[]}
 */
function practiceJobs() {
  const items = /** @type {PracticeItem[]} */ (readJson('content/practice/listening.json'));
  /** @type {Job[]} */
  const jobs = [];
  const seen = new Set();
  for (const it of items) {
    if (seen.has(it.audio)) continue;
    seen.add(it.audio);
    const out = join(ROOT, 'content/practice/audio', it.audio);
    if (it.part === 'A') {
      if (!it.dialogue) throw new Error(`Practice item ${it.no_soal}: Part A needs a dialogue`);
      jobs.push({ key: it.no_soal, out, segments: practicePartASegments(it.dialogue, it.question) });
    } else {
      if (!it.talk) throw new Error(`Practice item ${it.no_soal}: parts B and C need a talk`);
      jobs.push({ key: it.no_soal, out, segments: practiceTalkSegments(it.talk) });
    }
  }
  return jobs;
}

/** @returns {Job[]} */
function soundJobs() {
  const sc = /** @type {SoundCheck} */ (readJson('content/sound-check/sound-check.json'));
  return [{ key: 1, out: join(ROOT, 'content/sound-check', sc.audio), segments: sc.segments }];
}

// ---------------------------------------------------------------- main

/** @type {Record<string, () => Job[]>} */
const TARGETS = { demo: demoJobs, mini: miniJobs, sound: soundJobs, practice: practiceJobs };

function main() {
  const args = process.argv.slice(2);
  const names = args.filter((a) => a in TARGETS);
  const only = new Set(args.filter((a) => /^\d+$/.test(a)).map(Number));
  const unknown = args.filter((a) => !(a in TARGETS) && !/^\d+$/.test(a));
  if (unknown.length) {
    console.error(`Unknown argument(s): ${unknown.join(' ')}. Use: demo | mini | sound | practice [numbers...]`);
    process.exit(2);
  }
  checkTools();
  work = mkdtempSync(join(tmpdir(), 'gen-audio-'));
  let total = 0;
  let bytes = 0;
  let count = 0;
  try {
    for (const name of names.length ? names : Object.keys(TARGETS)) {
      for (const job of (TARGETS[name] ?? (() => []))()) {
        if (only.size && !only.has(job.key)) continue;
        const dur = buildClip(job.segments, job.out);
        const size = statSync(job.out).size;
        total += dur;
        bytes += size;
        count++;
        console.info(
          `${job.out.slice(ROOT.length + 1).padEnd(48)} ${dur.toFixed(1).padStart(6)} s ${(size / 1024).toFixed(0).padStart(5)} KiB`,
        );
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.info(`${count} clip(s), ${(total / 60).toFixed(1)} min, ${(bytes / 1024 / 1024).toFixed(2)} MiB`);
}

main();
