import { beforeEach } from 'vitest';
import { explainOpenPages } from './harness.ts';

/** Setup file of the browser journeys: a failed journey says what its pages showed (harness.ts). */
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    const explained = await explainOpenPages(task.name);
    if (explained) console.error(`\n${task.name} failed; its open pages:\n${explained}`);
  });
});
