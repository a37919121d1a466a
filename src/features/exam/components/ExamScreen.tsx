import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { fromCallback, fromPromise } from 'xstate';
import type { TimerResponse } from '../../../../contract/exam.ts';
import type { ExamSection } from '../../../../machines/exam-layout.ts';
import { examAudioOnce, examMachine, sanitizeAnswers, sanitizeAudio, type ExamDraft, type LoadExamOutput } from '../../../../machines/exam.machine.ts';
import { apiAssetUrl } from '../../../api/api.ts';
import { useAuth } from '../../../app/auth.slice.ts';
import { useAppDispatch, type AppDispatch } from '../../../app/store.ts';
import { AudioOncePlayer, fetchWholeClip } from '../../../components/AudioOncePlayer.tsx';
import { FullScreenLoader } from '../../../components/FullScreenLoader.tsx';
import { MessageDialog } from '../../../components/MessageDialog.tsx';
import { t } from '../../../i18n/id.ts';
import { httpStatus } from '../../../lib/api-error.ts';
import { examApi, useExamAccessCheckQuery, useExamCertificateMutation } from '../api/exam.api.ts';
import { examStorage, type ExamStorage } from '../exam-storage.ts';
import type { ExamPaket } from '../exam-types.ts';
import { examScreenState } from '../exam-view-model.ts';
import type { ExamDialog } from './ExamRunView.tsx';
import { ExamView } from './ExamView.tsx';

type Dispatch = AppDispatch;

/** /simulasi-toefl/:paketId: the access check, then the exam (redirects to /paketsoal without access). */
export function ExamScreen() {
  const { paketId } = useParams();
  const navigate = useNavigate();
  const id = Number(paketId);
  const valid = Number.isInteger(id) && id > 0;
  const nohp = useAuth().user?.nohp ?? null;
  const access = useExamAccessCheckQuery(id, { skip: !valid, refetchOnMountOrArgChange: true });

  if (!valid) return <Navigate to="/paketsoal" replace />;
  if (access.isError) {
    return (
      <MessageDialog
        opened
        tone="error"
        title={t.notification.errorTitle}
        message={t.exam.accessError}
        onClose={() => void navigate('/paketsoal', { replace: true })}
      />
    );
  }
  if (!access.data || access.isFetching || !nohp) return <FullScreenLoader message={t.exam.accessChecking} />;
  if (!access.data.bolehAkses) return <Navigate to="/paketsoal" replace />;
  return <ExamRunner key={`${id}:${nohp}`} paketId={id} nohp={nohp} />;
}

/** The exam machine with every side effect bound to the RTK Query endpoints, the clock and browser storage. */
function createExamLogic(dispatch: Dispatch, paketId: number, storage: ExamStorage, onPaket: (p: ExamPaket) => void) {
  const e = examApi.endpoints;
  const clips = clipCache();
  const timer = (endpoint: typeof e.examTimer) =>
    fromPromise<TimerResponse, void>(async () => dispatch(endpoint.initiate(paketId, { track: false })).unwrap());

  return examMachine.provide({
    actors: {
      loadExam: fromPromise<LoadExamOutput, void>(async () => {
        const [soal, end] = await Promise.all([
          dispatch(e.examSoal.initiate(undefined, { subscribe: false, forceRefetch: true })).unwrap(),
          dispatch(e.examEndtime.initiate(undefined, { subscribe: false, forceRefetch: true })).unwrap(),
        ]);
        onPaket(soal.paket);
        if (!end.hasEndTime) {
          // No attempt yet: what the browser holds belongs to an earlier one (its audio state too).
          storage.clear();
          return { questions: soal.soal, hasEndTime: false, draft: null };
        }
        let draft: ExamDraft | null = null;
        try {
          const d = await dispatch(e.examDraft.initiate(undefined, { subscribe: false, forceRefetch: true })).unwrap();
          if (d.savedAt) draft = { index: d.index, answers: sanitizeAnswers(d.answers), savedAt: d.savedAt, audio: sanitizeAudio(d.audio) };
        } catch (error) {
          // 404/409: the attempt has no draft yet; anything else is a load failure.
          const status = httpStatus(error);
          if (status !== 404 && status !== 409) throw error;
        }
        return { questions: soal.soal, hasEndTime: true, draft };
      }),
      startTimer: timer(e.examTimer),
      refreshTimer: timer(e.examTimer),
      endSection: fromPromise<unknown, { section: ExamSection }>(async () =>
        dispatch(e.examTimerToZero.initiate(paketId, { track: false })).unwrap(),
      ),
      nextSection: fromPromise<TimerResponse, { section: ExamSection }>(async () =>
        dispatch(e.examTimerNext.initiate(paketId, { track: false })).unwrap(),
      ),
      saveDraft: fromPromise(async ({ input }) =>
        dispatch(
          e.examSaveDraft.initiate(
            { index: input.index, answers: { ...input.answers }, ...(input.audio ? { audio: input.audio } : {}) },
            { track: false },
          ),
        ).unwrap(),
      ),
      submitAnswers: fromPromise(async ({ input }) => dispatch(e.examSubmit.initiate(input, { track: false })).unwrap()),
      ticker: fromCallback(({ sendBack }) => {
        const id = window.setInterval(() => sendBack({ type: 'timer.tick' }), 1000);
        return () => window.clearInterval(id);
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

function ExamRunner({ paketId, nohp }: { paketId: number; nohp: string }) {
  const dispatch = useAppDispatch();
  const storage = useMemo(() => examStorage(window.localStorage, nohp), [nohp]);
  const [paket, setPaket] = useState<ExamPaket | null>(null);
  const [opened, setOpened] = useState<{ kind: Exclude<ExamDialog, null>; section: ExamSection | null } | null>(null);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const [download, certificate] = useExamCertificateMutation();
  const [logic] = useState(() => createExamLogic(dispatch, paketId, storage, setPaket));
  const [snapshot, send] = useMachine(logic, {
    input: { now: Date.now, localDraft: storage.readDraft(), online: navigator.onLine },
  });

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

  const state = examScreenState(snapshot);
  const run = state.screen === 'exam' ? state.run : null;

  // A confirmation belongs to the section and phase it was opened in; one the exam moved past is gone.
  const dialog: ExamDialog =
    opened === null || opened.section !== (run?.section ?? null)
      ? null
      : opened.kind === 'start'
        ? state.screen === 'start'
          ? 'start'
          : null
        : opened.kind === 'continue'
          ? run?.phase === 'ended'
            ? 'continue'
            : null
          : run?.phase === 'running'
            ? opened.kind
            : null;
  const ask = (kind: Exclude<ExamDialog, null>) => setOpened({ kind, section: run?.section ?? null });

  const confirm = useCallback(() => {
    if (dialog === 'start') send({ type: 'user.start' });
    else if (dialog === 'endSection') send({ type: 'user.endSection' });
    else if (dialog === 'continue') send({ type: 'user.continue' });
    else if (dialog === 'finish') send({ type: 'user.finish' });
    setOpened(null);
  }, [dialog, send]);

  const downloadCertificate = async () => {
    try {
      const file = await download().unwrap();
      const link = document.createElement('a');
      link.href = file.url;
      link.download = file.fileName;
      document.body.append(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(file.url), 60_000);
    } catch {
      setDownloadFailed(true);
    }
  };

  const audioRef = snapshot.context.audioRef;
  const audio = audioRef ? <AudioOncePlayer key={audioRef.id} actor={audioRef} autoPlay /> : undefined;

  return (
    <ExamView
      state={state}
      paket={paket}
      dialog={dialog}
      audio={audio}
      downloading={certificate.isLoading}
      downloadFailed={downloadFailed}
      onAskStart={() => ask('start')}
      onAskFinish={() => ask(run?.section === 'reading' ? 'finish' : 'endSection')}
      onAskContinue={() => ask('continue')}
      onConfirm={confirm}
      onCancel={() => setOpened(null)}
      onDismissStartFailure={() => send({ type: 'user.dismiss' })}
      onRetry={() => send({ type: 'user.retry' })}
      onAnswer={(page, answer) => send({ type: 'user.answer', page, answer })}
      onPrev={() => send({ type: 'user.prev' })}
      onNext={() => send({ type: 'user.next' })}
      onGoto={(index) => send({ type: 'user.goto', index })}
      onDownload={() => void downloadCertificate()}
      onCloseDownloadError={() => setDownloadFailed(false)}
    />
  );
}
