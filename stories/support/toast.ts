import { expect, waitFor, within } from 'storybook/test';

/** Waits until a toast (or any text in a portal) is visible, transitions included. */
export async function expectVisibleText(canvasElement: HTMLElement, text: string | RegExp): Promise<void> {
  const body = within(canvasElement.ownerDocument.body);
  await waitFor(() => expect(body.getByText(text)).toBeVisible());
}
