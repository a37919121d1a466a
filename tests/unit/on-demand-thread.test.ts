import { describe, expect, it } from 'vitest';
import { OnDemandThread } from '../../server/threads.ts';
import { until } from '../until.ts';
import type { EchoJob } from './threads/echo-worker.ts';

const echoWorker = new URL('./threads/echo-worker.ts', import.meta.url);

describe('OnDemandThread (a thread started by its first call, ended when idle)', () => {
  it('starts on the first call, answers calls in order and ends after idleMs without a call', async () => {
    const thread = new OnDemandThread<EchoJob, string>(echoWorker, { name: 'echo', idleMs: 300 });
    expect(thread.running).toBe(false);
    const answers = await Promise.all([thread.call({ op: 'echo', text: 'a' }), thread.call({ op: 'echo', text: 'b' })]);
    expect(answers).toEqual(['A', 'B']);
    expect(thread.running).toBe(true);
    expect(thread.busy).toBe(0);
    // A call inside the idle time keeps the same thread.
    await new Promise((r) => setTimeout(r, 100));
    expect(thread.running).toBe(true);
    await until(() => !thread.running, 10_000);
    // Ended, it starts again on the next call.
    expect(await thread.call({ op: 'echo', text: 'lagi' })).toBe('LAGI');
    thread.stopIfIdle();
    expect(thread.running).toBe(false);
  }, 30_000);

  it('does not end while a call is under way, however long it takes', async () => {
    const thread = new OnDemandThread<EchoJob, string>(echoWorker, { name: 'echo', idleMs: 50 });
    await thread.call({ op: 'echo', text: 'x' });
    const slow = thread.call({ op: 'slow', ms: 400 });
    thread.stopIfIdle();
    expect(thread.running).toBe(true);
    expect(await slow).toBe('done');
    await until(() => !thread.running, 10_000);
  }, 30_000);

  it('rejects a call with what the thread threw, and goes on answering', async () => {
    const thread = new OnDemandThread<EchoJob, string>(echoWorker, { name: 'echo', idleMs: 60_000 });
    await expect(thread.call({ op: 'fail' })).rejects.toThrow('gagal di thread');
    expect(await thread.call({ op: 'echo', text: 'ok' })).toBe('OK');
    thread.stopIfIdle();
  }, 30_000);

  it('rejects the calls a lost thread held, and the next call starts another', async () => {
    const thread = new OnDemandThread<EchoJob, string>(echoWorker, { name: 'echo', idleMs: 60_000 });
    const held = thread.call({ op: 'slow', ms: 5_000 });
    await expect(Promise.all([thread.call({ op: 'exit' }), held])).rejects.toThrow('echo thread exited with code 3');
    await expect(held).rejects.toThrow('exited');
    expect(thread.running).toBe(false);
    expect(await thread.call({ op: 'echo', text: 'baru' })).toBe('BARU');
    thread.stopIfIdle();
  }, 30_000);
});
