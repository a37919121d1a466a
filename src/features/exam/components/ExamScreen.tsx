import { useMemo } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useAuth } from '../../../app/auth-state.ts';
import type { AudioOncePlayerProps } from '../../../components/AudioOncePlayer.tsx';
import { FullScreenLoader } from '../../../components/FullScreenLoader.tsx';
import { MessageDialog } from '../../../components/MessageDialog.tsx';
import { t } from '../../../i18n/id.ts';
import { EARLY_ANSWER_S, useExamAccessCheckQuery } from '../api/exam.api.ts';
import { examViewEvents } from '../exam-events.ts';
import { useExamRunner } from '../hooks/useExamRunner.ts';
import { ExamView } from './ExamView.tsx';
import { laterViews } from './later-views.ts';

/** /simulasi-toefl/:paketId: the access check, then the exam (redirects to /paketsoal without access). */
export function ExamScreen() {
  const { paketId } = useParams();
  const navigate = useNavigate();
  const id = Number(paketId);
  const valid = Number.isInteger(id) && id > 0;
  const nohp = useAuth().user?.nohp ?? null;
  // The route asked moments ago (askAccessEarly); an answer older than that is asked again.
  const access = useExamAccessCheckQuery(id, { skip: !valid, refetchOnMountOrArgChange: EARLY_ANSWER_S });

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

/** The exam page bound to its machine: every button sends the event the machine names. */
function ExamRunner({ paketId, nohp }: { paketId: number; nohp: string }) {
  const { state, send, audioRef, heldClip, paket, downloading, downloadFailed, downloadCertificate, closeDownloadError } = useExamRunner(
    paketId,
    nohp,
  );
  // The same element while the shown state is the same: a move to another screen renders nothing
  // until its deferred picture does (useShownScreen), so it costs no blocking render of the old one.
  return useMemo(
    () => (
      <ExamView
        state={state}
        paket={paket}
        audio={
          audioRef ? (
            <ExamAudio key={audioRef.id} actor={audioRef} autoPlay />
          ) : heldClip ? (
            <ExamAudioHeld played={heldClip === 'played'} />
          ) : undefined
        }
        downloading={downloading}
        downloadFailed={downloadFailed}
        {...examViewEvents(state, send)}
        onDownload={downloadCertificate}
        onCloseDownloadError={closeDownloadError}
      />
    ),
    [state, send, audioRef, heldClip, paket, downloading, downloadFailed, downloadCertificate, closeDownloadError],
  );
}

/** The play-once player: a clip is open only on the question screen, whose code is in by then. */
function ExamAudio(props: AudioOncePlayerProps) {
  const { AudioOncePlayer } = laterViews.useLoaded();
  return <AudioOncePlayer {...props} />;
}

function ExamAudioHeld({ played }: { played: boolean }) {
  const { AudioOnceHeldPlace } = laterViews.useLoaded();
  return <AudioOnceHeldPlace played={played} />;
}
