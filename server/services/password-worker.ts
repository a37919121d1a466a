/**
 * One password hashing thread (server/services/passwords.service.ts). It lowers its own scheduling
 * priority, so under a storm of logins the exam calls' threads (HTTP and database) take a core
 * whenever they need one and the hashing gets what is left.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/argon2';

export type HashJob = { id: number; op: 'hash'; password: string } | { id: number; op: 'verify'; hash: string; password: string };
export type HashResult = { id: number; ok: true; value: string | boolean } | { id: number; ok: false; message: string };

try {
  // Linux: /proc/thread-self names this thread's id, and setpriority on a thread id changes that
  // thread alone. Elsewhere the thread keeps the process's priority.
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isSafeInteger(tid)) setPriority(tid, (workerData as { nice: number }).nice);
} catch {
  // No /proc (not Linux): nothing to lower.
}

const port = parentPort!;
port.on('message', (job: HashJob) => {
  let result: HashResult;
  try {
    if (job.op === 'hash') result = { id: job.id, ok: true, value: hashSync(job.password) };
    else {
      let same = false;
      try {
        same = verifySync(job.hash, job.password);
      } catch {
        // A malformed stored hash is a failed login, not a fault.
      }
      result = { id: job.id, ok: true, value: same };
    }
  } catch (err) {
    result = { id: job.id, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(result);
});
