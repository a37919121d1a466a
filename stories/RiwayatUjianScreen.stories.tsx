import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { HistoryItem } from '../contract/results.ts';
import { demoHistory, resultsHandlers } from '../src/api/mocks/results.handlers.ts';
import { RiwayatScreen } from '../src/features/results/components/RiwayatScreen.tsx';
import { t } from '../src/i18n/id.ts';
import { cefrViewports, expectWholeCefrBadges } from './support/cefr.ts';
import { expectVisibleText } from './support/toast.ts';

const meta = {
  title: 'Screens/Riwayat Ujian',
  component: RiwayatScreen,
  parameters: { route: '/riwayat-ujian', msw: [resultsHandlers.history(), resultsHandlers.certificate()] },
} satisfies Meta<typeof RiwayatScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  parameters: { msw: [resultsHandlers.historyPending()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(t.results.history.loading);
  },
};

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: t.results.history.title });
    const rows = within(table).getAllByRole('row');
    await expect(rows).toHaveLength(3);
    await expect(rows[1]).toHaveTextContent('22 November 2026');
    await expect(rows[1]).toHaveTextContent('533');
    await expect(rows[1]).toHaveTextContent('B1');
    await expect(rows[1]).toHaveTextContent('36 / 28 / 39');
    await expect(within(rows[1]!).getByRole('link', { name: /Pembahasan/ })).toHaveAttribute('href', '/riwayat-ujian/12/pembahasan');
    await expect(canvas.getByRole('link', { name: t.results.history.progress })).toHaveAttribute('href', '/riwayat-ujian/progres');
    await expect(canvas.getByText(t.results.estimate)).toBeVisible();
    await expect(canvas.getByRole('link', { name: t.participantNav.riwayat })).toHaveAttribute('aria-current', 'page');
  },
};

/** Below the sm breakpoint the same attempts are cards with full-width buttons (shown at 360 px in the e2e). */
export const PhoneCards: Story = {
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('table', { name: t.results.history.title });
    const list = canvasElement.querySelector<HTMLElement>(`ul[aria-label="${t.results.history.title}"]`)!;
    const items = [...list.querySelectorAll<HTMLElement>(':scope > li')];
    await expect(items).toHaveLength(2);
    await expect(items[0]).toHaveTextContent('533');
    await expect(within(items[1]!).getByRole('button', { name: /Unduh sertifikat Paket A Prediction/, hidden: true })).toBeDefined();
  },
};

/** The longest band label, 'Di bawah A2', beside the longest package name. */
const belowA2: HistoryItem = {
  ...demoHistory[0]!,
  id: 31,
  listeningScore: 33,
  structureScore: 34,
  readingScore: 32,
  totalScore: 330,
  listening_correct: 9,
  written_correct: 8,
  reading_correct: 7,
  cefr: 'BELOW_A2',
  cefrListening: 'BELOW_A2',
  cefrWritten: 'BELOW_A2',
  cefrReading: 'BELOW_A2',
  tanggal: '2026-11-29T03:15:00.000Z',
  certificateCode: '9A8B7C6D5E4F3021',
};

/** On a 390 px phone a card's band badge reads whole, not 'Di…'. */
export const BadgeWholePhone: Story = {
  parameters: { msw: [resultsHandlers.history([belowA2, ...demoHistory])], viewport: cefrViewports },
  globals: { viewport: { value: 'phone390', isRotated: false } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('list', { name: t.results.history.title });
    await expectWholeCefrBadges(canvasElement);
  },
};

/** On a 1280 px screen the band column is as wide as its longest badge and the table still fits, actions included. */
export const BadgeWholeLaptop: Story = {
  parameters: { msw: [resultsHandlers.history([belowA2, ...demoHistory])], viewport: cefrViewports },
  globals: { viewport: { value: 'laptop1280', isRotated: false } },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: t.results.history.title });
    await expectWholeCefrBadges(canvasElement);
    const box = table.closest<HTMLElement>('.mantine-ScrollArea-viewport')!;
    await expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
  },
};

export const DownloadCertificate: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const saved: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    // The save flow is the browser's; here we only see which file it was given.
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    try {
      const button = await canvas.findByRole('button', {
        name: t.results.history.certificateLabel('Paket A Prediction', '5 Oktober 2026'),
      });
      await userEvent.click(button);
      await waitFor(() => expect(saved).toEqual(['sertifikat-siti-nurhaliza-2026-11-22.pdf']));
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
  },
};

export const DownloadWithoutFileName: Story = {
  parameters: { msw: [resultsHandlers.history(), resultsHandlers.certificateNoName()] },
  play: async ({ canvasElement }) => {
    const saved: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    try {
      const [first] = await within(canvasElement).findAllByRole('button', { name: /Unduh sertifikat/ });
      await userEvent.click(first!);
      await waitFor(() => expect(saved).toEqual([t.results.history.fallbackFileName]));
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
  },
};

export const DownloadFails: Story = {
  parameters: { msw: [resultsHandlers.history(), resultsHandlers.certificateFails()] },
  play: async ({ canvasElement }) => {
    const [first] = await within(canvasElement).findAllByRole('button', { name: /Unduh sertifikat/ });
    await userEvent.click(first!);
    await expectVisibleText(canvasElement, t.results.history.downloadError);
    await expectVisibleText(canvasElement, t.results.history.downloadErrorTitle);
  },
};

export const Empty: Story = {
  parameters: { msw: [resultsHandlers.history([])] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(t.results.history.empty)).toBeVisible();
    await expect(canvas.getByRole('link', { name: t.results.history.toPaket })).toHaveAttribute('href', '/paketsoal');
  },
};

export const LoadError: Story = {
  parameters: { msw: [resultsHandlers.historyFails()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(t.results.history.loadFailed);
  },
};
