import { nextTask, retrying } from '../../../lib/lazy-retry.ts';
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
    // Asked for one a task: each adds preload links for the chunks it imports, together about
    // 20 ms on a phone, a task long enough to hold up a tap on the start screen.
    const run = import('./ExamRunView.tsx');
    run.catch(() => undefined); // handled below; not an unhandled rejection while the others are asked
    await nextTask();
    const finish = import('./ExamFinishView.tsx');
    finish.catch(() => undefined);
    await nextTask();
    const [r, f, player] = await Promise.all([run, finish, import('../../../components/AudioOncePlayer.tsx')]);
    return {
      ExamRunView: r.ExamRunView,
      ExamFinishView: f.ExamFinishView,
      AudioOncePlayer: player.AudioOncePlayer,
      AudioOnceHeldPlace: player.AudioOnceHeldPlace,
    };
  }),
);
