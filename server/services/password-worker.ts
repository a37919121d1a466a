/**
 * One password hashing thread (server/services/passwords.service.ts). It lowers its own scheduling
 * priority, so under a storm of logins the exam calls' threads (HTTP and database) take a core
 * whenever they need one and the hashing gets what is left.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/argon2';
import { answerThreadCalls } from '../threads.ts';

export type HashJob = { op: 'hash'; password: string } | { op: 'verify'; hash: string; password: string };

try {
  // Linux: /proc/thread-self names this thread's id, and setpriority on a thread id changes that
  // thread alone. Elsewhere the thread keeps the process's priority.
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isSafeInteger(tid)) setPriority(tid, (workerData as { nice: number }).nice);
} catch {
  // No /proc (not Linux): nothing to lower.
}

answerThreadCalls(parentPort, (job: HashJob): string | boolean => {
  if (job.op === 'hash') return hashSync(job.password);
  try {
    return verifySync(job.hash, job.password);
  } catch {
    // A malformed stored hash is a failed login, not a fault.
    return false;
  }
});
