import { retrying } from '../../../lib/lazy-retry.ts';
import { onDemand } from '../../../lib/on-demand.ts';

/**
 * What the exam page shows only after its start screen: the question screen with the play-once
 * player, and the finish screen (with DOMPurify, the answer controls and the score cards). The
 * start screen paints without them; they are fetched as soon as it has painted, and the machine
 * enters no state that shows them before they are in: the start asks the server to run the time
 * only once they are here, and a resumed attempt loads them with its questions (useExamRunner).
 */
export const laterViews = onDemand(
  retrying(async () => {
    const [run, finish, player] = await Promise.all([
      import('./ExamRunView.tsx'),
      import('./ExamFinishView.tsx'),
      import('../../../components/AudioOncePlayer.tsx'),
    ]);
    return { ExamRunView: run.ExamRunView, ExamFinishView: finish.ExamFinishView, AudioOncePlayer: player.AudioOncePlayer };
  }),
);
