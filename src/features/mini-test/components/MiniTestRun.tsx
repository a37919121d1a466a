import { Button, Group } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { useAuth } from '../../../app/auth-state.ts';
import { FullScreenLoader } from '../../../components/FullScreenLoader.tsx';
import { MessageDialog } from '../../../components/MessageDialog.tsx';
import { notifySuccess } from '../../../components/notify.ts';
import { AudioOnceClip } from '../../../components/AudioOncePlayer.tsx';
import { SafeHtml } from '../../../components/SafeHtml.tsx';
import { t } from '../../../i18n/id.ts';
import { scoreMiniTest, type MiniSection } from '../../../../machines/mini-test.machine.ts';
import { useRecordMiniResultMutation } from '../api/mini-test.api.ts';
import { MINI_ITEMS, MINI_PATHS, READING_PASSAGE } from '../data.ts';
import { clearMiniResult, loadMiniResult, miniPlayedStore, miniTestLogic, saveMiniResult } from '../storage.ts';
import { MiniFinishView } from './MiniFinishView.tsx';
import { MiniSectionView } from './MiniSectionView.tsx';
import { ReadingPassage } from './ReadingPassage.tsx';

type MiniTestActor = ActorRefFrom<ReturnType<typeof miniTestLogic>>;
const MiniTestActorContext = createContext<MiniTestActor | null>(null);

function useMiniTestActor(): MiniTestActor {
  const actor = useContext(MiniTestActorContext);
  if (!actor) throw new Error('MiniTestActorContext missing');
  return actor;
}

type Place = MiniSection | 'finished' | 'starting';

function placeOf(value: unknown): Place {
  return value === 'listening' || value === 'structure' || value === 'reading' || value === 'finished' ? value : 'starting';
}

/** Owns the one mini-test actor for /listening, /structure, /reading and /finish, and keeps the URL on its section. */
function MiniTestRunner() {
  const [logic] = useState(() => {
    // Starting (or resuming) a run: the previous result is no longer the learner's latest.
    clearMiniResult(window.localStorage);
    return miniTestLogic(window.localStorage);
  });
  const actor = useActorRef(logic, { input: { now: Date.now } });
  const place = useSelector(actor, (s) => placeOf(s.value));
  const { pathname } = useLocation();

  useEffect(() => {
    if (place === 'finished') notifySuccess(t.miniTest.finishToast, { audience: 'participant' });
  }, [place]);

  if (place === 'starting') return <FullScreenLoader message={t.miniTest.preparing} />;
  const path = MINI_PATHS[place];
  if (pathname !== path) return <Navigate to={path} replace />;
  return (
    <MiniTestActorContext.Provider value={actor}>
      <Outlet />
    </MiniTestActorContext.Provider>
  );
}

/**
 * The layout route of the mini test. Opening /finish without a test just taken (a reload after
 * scoring, a bookmark) must not start a new attempt's clock, so no actor is created then.
 */
export function MiniTestLayout() {
  const { pathname } = useLocation();
  const [openedOnFinish] = useState(pathname === MINI_PATHS.finished);
  const [kept] = useState(() => (openedOnFinish ? loadMiniResult(window.localStorage) : null));
  if (openedOnFinish) return kept ? <MiniFinishView score={scoreMiniTest(kept)} answers={kept} /> : <MiniFinishView score={null} />;
  return <MiniTestRunner />;
}

function QuestionContent({ section, index }: { section: MiniSection; index: number }) {
  const item = MINI_ITEMS[section][index];
  const [store] = useState(() => miniPlayedStore(window.localStorage));
  if (!item) return null;
  if (section === 'listening') {
    return (
      <>
        <AudioOnceClip key={index} src={item.audio ?? null} index={index} store={store} autoPlay />
        <p className="mini-question">{item.soal}</p>
      </>
    );
  }
  if (section === 'reading') {
    return (
      <>
        <ReadingPassage title={READING_PASSAGE.title} html={READING_PASSAGE.html} png={READING_PASSAGE.png} webp={READING_PASSAGE.webp} />
        <SafeHtml html={item.soal} className="mini-question" />
      </>
    );
  }
  return (
    <>
      <p style={{ margin: 0, fontWeight: 600 }}>
        {item.type === 'written' ? t.miniTest.structureType.written : t.miniTest.structureType.structure}
      </p>
      <SafeHtml html={item.soal} className="mini-question" />
    </>
  );
}

/** /listening, /structure and /reading: a thin view over the running mini-test actor. */
export function MiniSectionScreen({ section }: { section: MiniSection }) {
  const actor = useMiniTestActor();
  const ctx = useSelector(actor, (s) => s.context);
  const [confirming, setConfirming] = useState(false);
  const count = MINI_ITEMS[section].length;
  const last = ctx.index === count - 1;
  const item = MINI_ITEMS[section][ctx.index];
  return (
    <>
      <MiniSectionView
        section={section}
        secondsLeft={ctx.secondsLeft}
        index={ctx.index}
        answers={ctx.answers[section]}
        question={<QuestionContent section={section} index={ctx.index} />}
        options={item?.pilihan ?? []}
        showPrev={ctx.index > 0}
        // Listening ends only by Selesai or time; structure and reading move on from the last question.
        showNext={!last || section !== 'listening'}
        onAnswer={(option) => actor.send({ type: 'user.answer', index: ctx.index, option })}
        onPrev={() => actor.send({ type: 'user.prev' })}
        onNext={() => actor.send({ type: 'user.next' })}
        onGoto={(index) => actor.send({ type: 'user.goto', index })}
        onFinish={() => setConfirming(true)}
      />
      <MessageDialog
        opened={confirming}
        title={t.miniTest.confirmTitle}
        message={t.miniTest.confirmText}
        onClose={() => setConfirming(false)}
        actions={
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t.miniTest.confirmNo}
            </Button>
            <Button
              color="red"
              onClick={() => {
                setConfirming(false);
                actor.send({ type: 'user.finishSection' });
              }}
            >
              {t.miniTest.confirmYes}
            </Button>
          </Group>
        }
      />
    </>
  );
}

export const ListeningScreen = () => <MiniSectionScreen section="listening" />;
export const StructureScreen = () => <MiniSectionScreen section="structure" />;
export const ReadingScreen = () => <MiniSectionScreen section="reading" />;

/** /finish right after the reading section: the machine's score, kept for a reload (the run's storage is already cleared). */
export function MiniFinishScreen() {
  const actor = useMiniTestActor();
  const score = useSelector(actor, (s) => s.context.score);
  const answers = useSelector(actor, (s) => s.context.answers);
  const { user } = useAuth();
  const [recordResult] = useRecordMiniResultMutation();
  const recorded = useRef(false);
  useEffect(() => {
    // Once per finished run, for learners: the missed items come back in Buku Kesalahan. A failure
    // costs only that, so the result stays on screen without an error.
    if (score) saveMiniResult(window.localStorage, answers);
    if (!score || user?.role !== 'User' || recorded.current) return;
    recorded.current = true;
    void recordResult({ listening: [...answers.listening], structure: [...answers.structure], reading: [...answers.reading] });
  }, [score, user, answers, recordResult]);
  return <MiniFinishView score={score} answers={answers} />;
}
