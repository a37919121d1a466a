/*
 * Whether a toast has been raised since the page loaded: the toast container's code is fetched only
 * from then on (src/app/providers.tsx). A latch that never turns back off, so sharing it across
 * renders, stories and tests changes nothing but an earlier fetch. It lives apart from notify.ts so
 * the shared entry can watch it without loading @mantine/notifications.
 */
let raised = false;
const listeners = new Set<() => void>();

export function markToastRaised(): void {
  if (raised) return;
  raised = true;
  for (const listener of listeners) listener();
}

export function subscribeToastRaised(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const toastRaised = (): boolean => raised;
