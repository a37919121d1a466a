import type { Meta, StoryObj } from '@storybook/react-vite';
import { textContrast } from './support/contrast.ts';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { adminContentHandlers } from '../src/api/mocks/admin-content.handlers.ts';
import { demoItemStats, itemStatsHandlers } from '../src/api/mocks/item-stats.handlers.ts';
import { ItemStatsScreen } from '../src/features/admin/components/ItemStatsScreen.tsx';
import { t } from '../src/i18n/id.ts';
import { AdminRoute } from './support/AdminRoute.tsx';
import { inAdminFrame } from './support/AdminFrame.tsx';

function Screen() {
  return (
    <AdminRoute path="/admin/soal-simulasi/statistik/:paketId">
      <ItemStatsScreen />
    </AdminRoute>
  );
}

const meta = {
  title: 'Admin/Statistik butir soal',
  decorators: [inAdminFrame],
  component: Screen,
  parameters: {
    route: { pathname: '/admin/soal-simulasi/statistik/1', state: { namaPaket: 'Paket Simulasi Gratis — TOEFL ITP' } },
    msw: [itemStatsHandlers.stats(), adminContentHandlers.paket()],
  },
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;
const T = t.itemStats;

/** The visible list of items: the table on a wide screen, the cards on a phone (the other is hidden). */
function itemList(root: HTMLElement): HTMLElement {
  const table: HTMLElement | null = within(root).queryByRole('table', { name: T.tableLabel });
  return table ?? within(root).getByRole('list', { name: T.tableLabel });
}
function visibleItems(root: HTMLElement): HTMLElement[] {
  const list = itemList(root);
  // Plain selectors: role queries over 140 rows are slow enough to time out on a busy machine.
  return [...list.querySelectorAll<HTMLElement>(list.tagName === 'TABLE' ? 'tbody > tr' : ':scope > li')];
}

export const Loading: Story = {
  parameters: { msw: [itemStatsHandlers.pending(), adminContentHandlers.paket()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(t.admin.common.loading);
  },
};

export const Flagged: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(T.lead(120))).toBeVisible();
    await expect(canvas.queryByText(T.fewTitle)).toBeNull();
    const sections = canvas.getByRole('list', { name: T.sectionsLabel });
    await expect(sections).toHaveTextContent('KR-20 0,84');
    await expect(sections).toHaveTextContent('Rata-rata benar 24,20');
    await expect(visibleItems(canvasElement)).toHaveLength(140);
    const list = within(itemList(canvasElement));
    await expect(list.getAllByText(T.flags.too_easy)[0]).toBeVisible();
    await expect(list.getAllByText(T.flags.too_hard)[0]).toBeVisible();
    await expect(list.getAllByText(T.flags.low_discrimination)[0]).toBeVisible();
    // Readable, not only present: each flag's word against its badge (the same shade on itself was 1:1).
    for (const word of [T.flags.too_easy, T.flags.too_hard, T.flags.low_discrimination, T.ok]) {
      const badge = list.getAllByText(word)[0]!.closest('.mantine-Badge-root')!;
      await expect(textContrast(badge)).toBeGreaterThanOrEqual(4.5);
    }

    const flagged = demoItemStats(120).items.filter((i) => i.flags.length > 0).length;
    await userEvent.click(canvas.getByRole('switch', { name: T.flaggedOnly(flagged) }));
    await waitFor(() => expect(visibleItems(canvasElement)).toHaveLength(flagged));
    for (const row of visibleItems(canvasElement)) await expect(row).toHaveTextContent(/Terlalu mudah|Terlalu sulit|Daya beda rendah/);

    await userEvent.selectOptions(canvas.getByRole('combobox', { name: T.part }), 'structure');
    await waitFor(() => expect(visibleItems(canvasElement).length).toBeLessThan(flagged));
    for (const row of visibleItems(canvasElement)) await expect(row).toHaveTextContent('Structure no.');
  },
};

export const FewAttempts: Story = {
  parameters: { msw: [itemStatsHandlers.stats(12), adminContentHandlers.paket()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(T.few(12, 30))).toBeVisible();
    await expect(visibleItems(canvasElement)).toHaveLength(140);
    await expect(canvas.queryByText(T.flags.too_easy)).toBeNull();
    await expect(canvas.queryByText(T.flags.low_discrimination)).toBeNull();
    await expect(canvas.getByRole('switch', { name: T.flaggedOnly(0) })).toBeDisabled();
  },
};

export const Empty: Story = {
  parameters: { msw: [itemStatsHandlers.stats(0), adminContentHandlers.paket()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(T.empty)).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(canvas.queryByRole('list', { name: T.sectionsLabel })).toBeNull();
  },
};

export const LoadError: Story = {
  parameters: { msw: [itemStatsHandlers.notFound(), adminContentHandlers.paket()] },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent(T.loadFailed);
    await expect(alert).toHaveTextContent('Paket soal tidak ditemukan.');
  },
};

/** On a 390 px phone the items are cards: every figure on screen without sideways scrolling. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(T.lead(120));
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(
      canvasElement.ownerDocument.documentElement.clientWidth,
    );
  },
};
