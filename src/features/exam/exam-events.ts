import type { ExamEvent } from '../../../machines/exam.machine.ts';
import type { ExamScreenState } from './exam-view-model.ts';

/** What each control of the exam page sends to the machine (the page and the screen model test share it). */
export function examViewEvents(state: ExamScreenState, send: (event: ExamEvent) => void) {
  const run = state.screen === 'exam' ? state.run : null;
  return {
    onAskStart: () => send({ type: 'user.askStart' }),
    onAskFinish: () => send({ type: 'user.askEnd' }),
    onAskContinue: () => send({ type: 'user.askContinue' }),
    /** The confirmation the machine holds open decides what 'Ya' means. */
    onConfirm: () => {
      if (state.screen === 'start') send({ type: 'user.start' });
      else if (run?.dialog === 'endSection') send({ type: 'user.endSection' });
      else if (run?.dialog === 'continue') send({ type: 'user.continue' });
      else if (run?.dialog === 'finish') send({ type: 'user.finish' });
    },
    onCancel: () => send({ type: 'user.cancel' }),
    onDismissStartFailure: () => send({ type: 'user.dismiss' }),
    onRetry: () => send({ type: 'user.retry' }),
    onAnswer: (page: number, answer: Extract<ExamEvent, { type: 'user.answer' }>['answer']) => send({ type: 'user.answer', page, answer }),
    onMark: (page: number) => send({ type: 'user.mark', page }),
    onDismissNotice: () => send({ type: 'user.dismissNotice' }),
    onPrev: () => send({ type: 'user.prev' }),
    onNext: () => send({ type: 'user.next' }),
    onGoto: (index: number) => send({ type: 'user.goto', index }),
  };
}
