import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import type { TimerResponse } from '../../../../contract/exam.ts';
import type { ExamSection } from '../../../../machines/exam-layout.ts';
import {
  examAudioOnce,
  examMachine,
  sanitizeAudio,
  TIMER_CHECK_MS,
  serverAnswers,
  type ExamDraft,
  type LoadExamOutput,
  type SaveDraftInput,
  type SaveDraftOutput,
} from '../../../../machines/exam.machine.ts';
import { apiAssetUrl } from '../../../api/api.ts';
import { useAppDispatch, type AppDispatch } from '../../../app/store.ts';
import { fetchWholeClip } from '../../../components/fetch-whole-clip.ts';
import { httpStatus } from '../../../lib/api-error.ts';
import { saveDownloadedFile } from '../../../lib/download.ts';
import { preloadAfterPaint } from '../../../lib/lazy-retry.ts';
import { EARLY_ANSWER_S, examApi, useExamCertificateMutation } from '../api/exam.api.ts';
import { laterViews } from '../components/later-views.ts';
import { examStorage, type ExamStorage } from '../exam-storage.ts';
import type { ExamPaket } from '../exam-types.ts';
import { heldClipOf, useShownScreen } from '../exam-view-model.ts';

/** Each clip is fetched whole once per exam; a failed fetch is forgotten so a retry fetches again. */
function clipCache() {
  const cache = new Map<string, Promise<string>>();
  return {
    get(src: string): Promise<string> {
      let url = cache.get(src);
      if (!url) {
        url = fetchWholeClip(apiAssetUrl(src) ?? src);
        cache.set(src, url);
        url.catch(() => cache.delete(src));
      }
      return url;
    },
  };
}

/** The exam machine with every side effect bound to the RTK Query endpoints, the clock and browser storage. */
function createExamLogic(dispatch: AppDispatch, paketId: number, storage: ExamStorage, onPaket: (p: ExamPaket) => void) {
  const e = examApi.endpoints;
  const clips = clipCache();
  const timer = (endpoint: typeof e.examTimer) =>
    fromPromise<TimerResponse, void>(async () => dispatch(endpoint.initiate(paketId, { track: false })).unwrap());

  return examMachine.provide({
    actors: {
      loadExam: fromPromise<LoadExamOutput, void>(async () => {
        // Answers the exam route asked moments ago (askAccessEarly, decision 030) are taken; older ones are asked again.
        const [soal, end] = await Promise.all([
          dispatch(e.examSoal.initiate(undefined, { subscribe: false, forceRefetch: EARLY_ANSWER_S })).unwrap(),
          dispatch(e.examEndtime.initiate(undefined, { subscribe: false, forceRefetch: EARLY_ANSWER_S })).unwrap(),
        ]);
        onPaket(soal.paket);
        if (!end.hasEndTime) {
          // No attempt yet: what the browser holds belongs to an earlier one (its clip state too).
          storage.clear();
          return { questions: soal.soal, hasEndTime: false, draft: null };
        }
        const serverDraft = async (): Promise<ExamDraft | null> => {
          try {
            const d = await dispatch(e.examDraft.initiate(undefined, { subscribe: false, forceRefetch: true })).unwrap();
            if (!d.savedAt) return null;
            return {
              index: d.index,
              answers: serverAnswers(d.answers, d.answeredAt, d.savedAt),
              savedAt: d.savedAt,
              audio: sanitizeAudio(d.audio),
            };
          } catch (error) {
            // 404/409: the attempt has no draft yet; anything else is a load failure.
            const status = httpStatus(error);
            if (status !== 404 && status !== 409) throw error;
            return null;
          }
        };
        // The attempt resumes on its question or finish screen: their code comes with the draft.
        const [draft] = await Promise.all([serverDraft(), laterViews.load()]);
        return { questions: soal.soal, hasEndTime: true, draft };
      }),
      // The section's time starts only once the question screen can show (a failure is a failed start).
      startTimer: fromPromise<TimerResponse, void>(async () => {
        await laterViews.load();
        return dispatch(e.examTimer.initiate(paketId, { track: false })).unwrap();
      }),
      refreshTimer: timer(e.examTimer),
      endSection: fromPromise<unknown, { section: ExamSection }>(async () =>
        dispatch(e.examTimerToZero.initiate(paketId, { track: false })).unwrap(),
      ),
      nextSection: fromPromise<TimerResponse, { section: ExamSection }>(async ({ input }) =>
        dispatch(e.examTimerNext.initiate({ paketId, sesi: input.section }, { track: false })).unwrap(),
      ),
      saveDraft: fromPromise<SaveDraftOutput, SaveDraftInput>(async ({ input }) =>
        dispatch(e.examSaveDraft.initiate({ index: input.index, answers: input.answers, audio: input.audio }, { track: false })).unwrap(),
      ),
      submitAnswers: fromPromise(async ({ input }) => dispatch(e.examSubmit.initiate(input, { track: false })).unwrap()),
      ticker: fromCallback(({ sendBack }) => {
        const id = window.setInterval(() => sendBack({ type: 'timer.tick' }), 1000);
        return () => window.clearInterval(id);
      }),
      timerWatch: fromCallback(({ sendBack }) => {
        let stopped = false;
        const id = window.setInterval(() => {
          // Offline the check cannot answer; the next one after reconnecting will.
          if (!navigator.onLine) return;
          dispatch(e.examTimerCheck.initiate(undefined, { subscribe: false, forceRefetch: true }))
            .unwrap()
            .then((timer) => {
              if (!stopped) sendBack({ type: 'timer.checked', timer });
            })
            .catch(() => undefined);
        }, TIMER_CHECK_MS);
        return () => {
          stopped = true;
          window.clearInterval(id);
        };
      }),
      audioOnce: examAudioOnce.provide({
        actors: { fetchClip: fromPromise(({ input }) => clips.get(input.src)) },
        actions: { logBlocked: (_, { index }) => console.info('Autoplay diblokir browser untuk audio', index) },
      }),
    },
    actions: {
      persistLocal: (_, draft) => storage.writeDraft(draft),
      clearLocal: () => storage.clear(),
      logError: (_, { operation }) => console.warn(`Ujian: ${operation} gagal`),
    },
  });
}

/**
 * Runs one exam: the machine bound to the server and browser storage, the page's online/visibility
 * events, and the certificate download. The view only renders `state` and calls `send`.
 */
export function useExamRunner(paketId: number, nohp: string) {
  const dispatch = useAppDispatch();
  const storage = useMemo(() => examStorage(window.localStorage, nohp), [nohp]);
  const [paket, setPaket] = useState<ExamPaket | null>(null);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const [download, certificate] = useExamCertificateMutation();
  const [logic] = useState(() => createExamLogic(dispatch, paketId, storage, setPaket));
  const [snapshot, send] = useMachine(logic, {
    input: { now: Date.now, localDraft: storage.readDraft(), online: navigator.onLine },
  });

  const { shown, state } = useShownScreen(snapshot);
  // Fetched while the learner reads the start screen, so 'Ya, Mulai' does not wait for it.
  const atStart = state.screen === 'start';
  useEffect(() => (atStart ? preloadAfterPaint([laterViews.load]) : undefined), [atStart]);

  useEffect(() => {
    const online = () => send({ type: 'network.online' });
    const offline = () => send({ type: 'network.offline' });
    const visible = () => {
      if (document.visibilityState === 'visible') send({ type: 'page.visible' });
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    document.addEventListener('visibilitychange', visible);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      document.removeEventListener('visibilitychange', visible);
    };
  }, [send]);

  const downloadCertificate = useCallback(() => {
    download()
      .unwrap()
      .then((file) => saveDownloadedFile(file))
      .catch(() => setDownloadFailed(true));
  }, [download]);
  const closeDownloadError = useCallback(() => setDownloadFailed(false), []);

  return {
    state,
    send,
    /** The open listening clip's actor, which the player binds to (null without one). */
    audioRef: shown.context.audioRef,
    heldClip: heldClipOf(shown),
    paket,
    storage,
    downloading: certificate.isLoading,
    downloadFailed,
    downloadCertificate,
    closeDownloadError,
  };
}
