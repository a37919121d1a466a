/**
 * Waits until `what` holds, checking every 10 ms, and fails after `ms`: for a state another thread,
 * process or connection reaches on its own (a thread ending, a connection lost and back).
 */
export async function until(what: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > deadline) throw new Error(`not reached within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
