import { OnDemandThread, siblingModule } from '../threads.ts';

/**
 * jsdom takes about a second to import and holds about 70 MB: it runs on a thread of its own
 * (sanitize-worker.ts), started by the first sanitise and ended after a minute without one.
 */
export const sanitizerThread = new OnDemandThread<string, string>(siblingModule(import.meta.url, 'sanitize-worker'), {
  name: 'sanitize',
});

/** Sanitises admin HTML on write; the SPA sanitises again on render (SafeHtml). */
export function sanitizeHtml(html: string): Promise<string> {
  return sanitizerThread.call(html);
}
