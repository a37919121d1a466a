/** A thread for tests/unit/on-demand-thread.test.ts: echoes, fails, or ends itself on request. */
import { parentPort } from 'node:worker_threads';
import { answerThreadCalls } from '../../../server/threads.ts';

export type EchoJob = { op: 'echo'; text: string } | { op: 'fail' } | { op: 'exit' } | { op: 'slow'; ms: number };

answerThreadCalls(parentPort, async (job: EchoJob) => {
  if (job.op === 'fail') throw new Error('gagal di thread');
  if (job.op === 'exit') process.exit(3);
  if (job.op === 'slow') await new Promise((r) => setTimeout(r, job.ms));
  return job.op === 'echo' ? job.text.toUpperCase() : 'done';
});
