import { expect, waitFor, within } from 'storybook/test';

/**
 * The toast container mounts with the first toast (src/app/providers.tsx, latched by
 * src/components/notify.ts), its code fetched then: on a loaded machine that took longer than
 * waitFor's default second (a CI run's story failed waiting for 'Soal berhasil diupdate' while the
 * same story passed alone).
 */
const TOAST_TIMEOUT_MS = 5_000;

/** Waits until a toast (or any text in a portal) is visible, transitions included. */
export async function expectVisibleText(canvasElement: HTMLElement, text: string | RegExp): Promise<void> {
  const body = within(canvasElement.ownerDocument.body);
  await waitFor(() => expect(body.getByText(text)).toBeVisible(), { timeout: TOAST_TIMEOUT_MS });
}
