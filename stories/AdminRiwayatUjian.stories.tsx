import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { resultsHandlers } from '../src/api/mocks/results.handlers.ts';
import { AdminHistoryScreen } from '../src/features/admin-history/components/AdminHistoryScreen.tsx';
import { t } from '../src/i18n/id.ts';

const meta = {
  title: 'Admin/Riwayat Ujian',
  component: AdminHistoryScreen,
  parameters: {
    route: '/admin/riwayat-ujian',
    msw: [resultsHandlers.adminHistory(), resultsHandlers.adminCsv(), resultsHandlers.certificate()],
  },
} satisfies Meta<typeof AdminHistoryScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
const T = t.adminHistory;

export const Loading: Story = {
  parameters: { msw: [resultsHandlers.adminHistoryPending()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(T.loading);
  },
};

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: T.title });
    await expect(within(table).getAllByRole('row')).toHaveLength(21);
    await expect(canvas.getByText(T.total(45))).toBeVisible();
    await expect(within(table).getAllByRole('row')[1]).toHaveTextContent("Siti Nur'aini");
    await expect(within(table).getAllByRole('row')[1]).toHaveTextContent('6281200000000');
    await userEvent.click(canvas.getByRole('button', { name: '3' }));
    await waitFor(() => expect(within(canvas.getByRole('table', { name: T.title })).getAllByRole('row')).toHaveLength(6));
    await expect(canvas.getByRole('table', { name: T.title })).toHaveTextContent('41');
  },
};

export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: T.title });
    await userEvent.type(canvas.getByRole('searchbox', { name: T.search }), 'josé');
    await userEvent.click(canvas.getByRole('button', { name: T.apply }));
    await waitFor(() => expect(canvas.getByText(T.total(9))).toBeVisible());
    for (const row of within(canvas.getByRole('table', { name: T.title }))
      .getAllByRole('row')
      .slice(1)) {
      await expect(row).toHaveTextContent('José Ñúñez');
    }
  },
};

export const Empty: Story = {
  parameters: { msw: [resultsHandlers.adminHistory([])] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(T.empty)).toBeVisible();
    await expect(canvas.getByRole('button', { name: T.exportCsv })).toBeDisabled();
  },
};

export const LoadError: Story = {
  parameters: { msw: [resultsHandlers.adminHistoryFails()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(T.loadFailed);
  },
};

export const ExportCsv: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: T.title });
    const saved: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    try {
      await userEvent.click(canvas.getByRole('button', { name: T.exportCsv }));
      await waitFor(() => expect(saved).toEqual(['riwayat-ujian-2026-11-22.csv']));
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
  },
};
