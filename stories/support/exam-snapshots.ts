import { createActor, fromCallback, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import type { ExamQuestion, ScoreResult, TimerResponse } from '../../contract/exam.ts';
import { QUESTION_INDEXES, partOfIndex, questionNumberOf, type ExamSection } from '../../machines/exam-layout.ts';
import { examAudioOnce, examMachine, type ExamEvent, type SaveDraftInput, type SaveDraftOutput } from '../../machines/exam.machine.ts';

/**
 * Real exam-machine snapshots for the exam stories: the machine runs with stub actors on a fixed
 * clock and is driven by the same events the page sends, so a story shows what that state renders.
 */

export const T0 = Date.parse('2030-01-01T08:00:00.000Z');
export const DURATION: Record<ExamSection, number> = { listening: 35 * 60, written: 25 * 60, reading: 55 * 60 };

export const PAKET = {
  id: 7,
  nama_paket: 'Paket Simulasi Gratis — TOEFL ITP',
  durasi_listening: 2100,
  durasi_written: 1500,
  durasi_reading: 3300,
};

export const SCORE: ScoreResult = {
  toeflScore: 513,
  scoreListening: 52,
  scoreWritten: 51,
  scoreReading: 51,
  listeningCorrect: 31,
  writtenCorrect: 26,
  readingCorrect: 30,
  cefr: 'B1',
  cefrListening: 'B1',
  cefrWritten: 'B1',
  cefrReading: 'B1',
  nearChance: false,
  tableVersion: 'itp-2024.1',
  historyId: 12,
  certificateCode: 'A1B2C3D4E5F60718',
  namaPaket: PAKET.nama_paket,
  finishedAt: '2030-01-01T10:00:00.000Z',
};

const PASSAGE =
  '<p>Coral reefs cover less than one percent of the ocean floor, yet they shelter about a quarter of all marine species. Reef-building corals live in partnership with tiny algae that supply them with food through photosynthesis.</p><p>When the water grows too warm, corals expel these algae and turn white, a process known as <b>bleaching</b>. A bleached reef can recover if temperatures fall quickly.</p>';

function question(page: number): ExamQuestion {
  const part = partOfIndex(page)!;
  const n = questionNumberOf(page)!;
  const base = { id: 9000 + page, page, no_soal: n, section: part, audio: null, q_reading: null, readingQuestion: null };
  if (part === 'listening') {
    const head = page <= 30 || [31, 35, 39, 43, 47].includes(page);
    return {
      ...base,
      soal: '',
      audio: head ? `/api/media/demo/listening-${String(page).padStart(2, '0')}.mp3` : null,
      pilihan_satu: 'She has not started the report yet.',
      pilihan_dua: 'She needs help drawing the graphs.',
      pilihan_tiga: 'She is close to finishing the report.',
      pilihan_empat: 'She has lost her list of references.',
    };
  }
  if (part === 'structure') {
    return {
      ...base,
      soal: `The museum, ____ in 1890, attracts thousands of visitors every year. (${n})`,
      pilihan_satu: 'was founded',
      pilihan_dua: 'founded',
      pilihan_tiga: 'it was founded',
      pilihan_empat: 'founding',
    };
  }
  if (part === 'written') {
    return {
      ...base,
      soal: 'The <span class="we-part"><u>population</u><span class="we-letter">A</span></span> of many large cities <span class="we-part"><u>in Asia</u><span class="we-letter">B</span></span> <span class="we-part"><u>have grown</u><span class="we-letter">C</span></span> rapidly <span class="we-part"><u>since</u><span class="we-letter">D</span></span> 1950.',
      pilihan_satu: 'population',
      pilihan_dua: 'in Asia',
      pilihan_tiga: 'have grown',
      pilihan_empat: 'since',
    };
  }
  return {
    ...base,
    soal: `According to the passage, what happens when the water grows too warm? (${n})`,
    q_reading: 1,
    readingQuestion: { id: 1, nama: 'Passage 1 — Coral Reefs', reading: null, html: PASSAGE },
    pilihan_satu: 'Corals grow faster.',
    pilihan_dua: 'Corals expel their algae.',
    pilihan_tiga: 'Algae feed on corals.',
    pilihan_empat: 'Reefs move to deeper water.',
  };
}

export const QUESTIONS: ExamQuestion[] = QUESTION_INDEXES.map(question);

const timerAnswer = (sesi: TimerResponse['sesi'], seconds: number): TimerResponse => ({
  sesi,
  secondsRemaining: seconds,
  endsAt: new Date(T0 + seconds * 1000).toISOString(),
  serverNow: new Date(T0).toISOString(),
});

const never = <T>() => new Promise<T>(() => undefined);

export interface ExamScript {
  /** How the stub server answers. */
  load?: 'ok' | 'fail' | 'pending';
  start?: 'ok' | 'fail';
  refresh?: 'ok' | 'pending';
  submit?: 'ok' | 'fail' | 'pending';
  /**
   * How the stub server answers a save: `ok` keeps what was sent; `newer` holds a later answer to
   * question 2 from another device; `ended` refuses every sent answer (its section ended);
   * `finished` says another device finished the attempt.
   */
  save?: 'ok' | 'newer' | 'ended' | 'finished';
  /** Seconds left in each section the stub timer answers. */
  seconds?: Partial<Record<ExamSection, number>>;
}

export type ExamStoryActor = ReturnType<typeof examActor>;

function saveAnswer(mode: NonNullable<ExamScript['save']>, input: SaveDraftInput): SaveDraftOutput {
  const later = new Date(T0 + 60 * 60_000).toISOString();
  const taken = mode === 'ok' || mode === 'newer' ? input.answers.filter((a) => !(mode === 'newer' && a.id === 2)) : [];
  const held = [...taken, ...(mode === 'newer' ? [{ id: 2, answer: '4' as const, at: later }] : [])];
  return {
    answers: Object.fromEntries(held.map((a) => [String(a.id), a.answer])),
    answeredAt: Object.fromEntries(held.map((a) => [String(a.id), a.at])),
    sesi: mode === 'finished' ? 'finished' : 'listening',
    savedAt: new Date(T0).toISOString(),
    ignored:
      mode === 'ended' || mode === 'finished'
        ? input.answers.map((a) => ({ id: a.id, answer: a.answer, reason: mode }))
        : input.answers
            .filter((a) => mode === 'newer' && a.id === 2)
            .map((a) => ({ id: a.id, answer: a.answer, reason: 'newer' as const })),
  };
}

function examActor(script: ExamScript) {
  let clock = T0;
  const seconds = { ...DURATION, ...script.seconds };
  const logic = examMachine.provide({
    actors: {
      loadExam: fromPromise(() =>
        script.load === 'pending'
          ? never()
          : script.load === 'fail'
            ? Promise.reject(new Error('GET /soal gagal'))
            : Promise.resolve({ questions: QUESTIONS, hasEndTime: false, draft: null }),
      ),
      startTimer: fromPromise(() =>
        script.start === 'fail'
          ? Promise.reject(new Error('PUT /soal/timers gagal'))
          : Promise.resolve(timerAnswer('listening', seconds.listening)),
      ),
      refreshTimer: fromPromise(() =>
        script.refresh === 'pending' ? never<TimerResponse>() : Promise.resolve(timerAnswer('listening', seconds.listening)),
      ),
      endSection: fromPromise<unknown, { section: ExamSection }>(() => Promise.resolve({})),
      nextSection: fromPromise<TimerResponse, { section: ExamSection }>(({ input }) => {
        const next: Record<ExamSection, TimerResponse['sesi']> = { listening: 'written', written: 'reading', reading: 'finished' };
        const sesi = next[input.section];
        return Promise.resolve(timerAnswer(sesi, sesi === 'finished' ? 0 : seconds[sesi]));
      }),
      saveDraft: fromPromise<SaveDraftOutput, SaveDraftInput>(({ input }) => Promise.resolve(saveAnswer(script.save ?? 'ok', input))),
      submitAnswers: fromPromise(() =>
        script.submit === 'pending'
          ? never()
          : script.submit === 'fail'
            ? Promise.reject(new Error('POST /soal/jawaban gagal'))
            : Promise.resolve(SCORE),
      ),
      ticker: fromCallback(() => undefined),
      timerWatch: fromCallback(() => undefined),
      audioOnce: examAudioOnce.provide({ actors: { fetchClip: fromPromise<string, { src: string }>(() => never()) } }),
    },
  });
  const actor = createActor(logic, { input: { now: () => clock, online: true } });
  return {
    actor,
    advance(ms: number) {
      clock += ms;
    },
  };
}

export type Step =
  | ExamEvent
  /** Moves the fake clock; a following `timer.tick` sees the time. */
  | { type: 'clock'; ms: number }
  /** Waits until the machine matches the given state value. */
  | { type: 'until'; state: Parameters<SnapshotFrom<typeof examMachine>['matches']>[0] };

/** Runs the exam machine through `steps` and answers its snapshot. */
export async function examSnapshot(script: ExamScript, steps: Step[]): Promise<SnapshotFrom<typeof examMachine>> {
  const { actor, advance } = examActor(script);
  actor.start();
  for (const step of steps) {
    if (step.type === 'clock') advance(step.ms);
    else if (step.type === 'until') {
      const target = step.state;
      await waitFor(actor, (s) => s.matches(target), { timeout: 10_000 });
    } else actor.send(step);
  }
  const snapshot = actor.getSnapshot();
  actor.stop();
  return snapshot;
}

/** Steps from a fresh exam to a running section with its intro shown. */
export const STARTED: Step[] = [
  { type: 'until', state: 'ready' },
  { type: 'user.askStart' },
  { type: 'user.start' },
  { type: 'until', state: { active: { session: { listening: 'running' } } } },
];
export const TO_WRITTEN: Step[] = [
  ...STARTED,
  { type: 'user.askEnd' },
  { type: 'user.endSection' },
  { type: 'until', state: { active: { session: { listening: 'ended' } } } },
  { type: 'user.askContinue' },
  { type: 'user.continue' },
  { type: 'until', state: { active: { session: { written: 'running' } } } },
];
export const TO_READING: Step[] = [
  ...TO_WRITTEN,
  { type: 'user.askEnd' },
  { type: 'user.endSection' },
  { type: 'until', state: { active: { session: { written: 'ended' } } } },
  { type: 'user.askContinue' },
  { type: 'user.continue' },
  { type: 'until', state: { active: { session: { reading: 'running' } } } },
];
