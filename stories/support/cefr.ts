import { expect } from 'storybook/test';
import { cefrLabel, type Cefr } from '../../contract/cefr.ts';

/**
 * Viewports the badge checks run at: the 390 px phone the design targets and a 1280 px laptop
 * (Storybook's own presets are 320, 414 and 834 px wide).
 */
export const cefrViewports = {
  options: {
    phone390: { name: 'Phone 390 px', styles: { width: '390px', height: '844px' }, type: 'mobile' },
    laptop1280: { name: 'Laptop 1280 px', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
  },
} as const;

/**
 * Every CEFR badge on screen shows its whole label (Mantine's badge label ends in '…' when its box
 * is narrower than the text) and the page does not scroll sideways. Hidden layouts (the table on a
 * phone, the cards on a laptop) are skipped; at least one badge must be shown.
 */
export async function expectWholeCefrBadges(root: HTMLElement): Promise<void> {
  const shown = [...root.querySelectorAll<HTMLElement>('[data-cefr]')].filter((b) => b.checkVisibility());
  await expect(shown.length).toBeGreaterThan(0);
  for (const badge of shown) {
    const label = badge.querySelector<HTMLElement>('.mantine-Badge-label')!;
    await expect(label).toHaveTextContent(cefrLabel(badge.dataset.cefr as Cefr));
    await expect(label.scrollWidth, label.textContent ?? '').toBeLessThanOrEqual(label.clientWidth);
  }
  const doc = root.ownerDocument.documentElement;
  await expect(doc.scrollWidth).toBeLessThanOrEqual(doc.clientWidth);
}
