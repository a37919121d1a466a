import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { adminAttemptsHandlers } from '../src/api/mocks/admin-attempts.handlers.ts';
import { resultsHandlers } from '../src/api/mocks/results.handlers.ts';
import { AdminHistoryScreen } from '../src/features/admin-history/components/AdminHistoryScreen.tsx';
import { t } from '../src/i18n/id.ts';
import { inAdminFrame } from './support/AdminFrame.tsx';
import { expectVisibleText } from './support/toast.ts';

const meta = {
  title: 'Admin/Riwayat Ujian',
  decorators: [inAdminFrame],
  component: AdminHistoryScreen,
  parameters: {
    route: '/admin/riwayat-ujian',
    msw: [resultsHandlers.adminHistory(), resultsHandlers.adminCsv(), resultsHandlers.certificate(), adminAttemptsHandlers.running()],
  },
} satisfies Meta<typeof AdminHistoryScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
const T = t.adminHistory;
const A = t.adminAttempts;
const body = (el: HTMLElement) => within(el.ownerDocument.body);
const running = async (el: HTMLElement) => within(await within(el).findByRole('list', { name: A.title }));

export const Loading: Story = {
  parameters: { msw: [resultsHandlers.adminHistoryPending(), adminAttemptsHandlers.running()] },
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
    await userEvent.click(canvas.getByRole('button', { name: t.pagination.page(3) }));
    await waitFor(() => expect(within(canvas.getByRole('table', { name: T.title })).getAllByRole('row')).toHaveLength(6));
    await expect(canvas.getByRole('table', { name: T.title })).toHaveTextContent('41');
  },
};

export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: T.title });
    await userEvent.type(canvas.getByRole('searchbox', { name: T.search }), 'josé');
    await userEvent.click(canvas.getByRole('button', { name: t.dateFilter.apply }));
    await waitFor(() => expect(canvas.getByText(T.total(9))).toBeVisible());
    for (const row of within(canvas.getByRole('table', { name: T.title }))
      .getAllByRole('row')
      .slice(1)) {
      await expect(row).toHaveTextContent('José Ñúñez');
    }
  },
};

export const Empty: Story = {
  parameters: { msw: [resultsHandlers.adminHistory([]), adminAttemptsHandlers.running()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(T.empty)).toBeVisible();
    await expect(canvas.getByRole('button', { name: T.exportCsv })).toBeDisabled();
  },
};

export const LoadError: Story = {
  parameters: { msw: [resultsHandlers.adminHistoryFails(), adminAttemptsHandlers.running()] },
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

/** Open attempts as cards: the section, until when, the factor; an ended section cannot be extended, a reopened attempt not reopened again. */
export const RunningAttempts: Story = {
  play: async ({ canvasElement }) => {
    const list = await running(canvasElement);
    await expect(list.getAllByRole('listitem')).toHaveLength(3);
    const [rina, budi, jose] = list.getAllByRole('listitem');
    await expect(rina).toHaveTextContent('Listening');
    await expect(rina).toHaveTextContent(`${A.factor}: 1,5×`);
    await expect(within(rina!).getByTestId('running-attempt-end')).toHaveTextContent(new RegExp(`^${A.endsAt} \\d{2}\\.\\d{2}\\.\\d{2}$`));
    await expect(within(rina!).getByRole('button', { name: A.extendLabel('Rina Wulandari') })).toBeEnabled();
    await expect(within(budi!).getByTestId('running-attempt-end')).toHaveTextContent(A.timeOver);
    await expect(within(budi!).getByRole('button', { name: A.extendLabel('Budi Santoso') })).toBeDisabled();
    await expect(within(budi!).getByRole('button', { name: A.reopenLabel('Budi Santoso') })).toBeEnabled();
    await expect(jose).toHaveTextContent(A.reopenedNote('Listrik padam di lokasi peserta'));
    await expect(within(jose!).getByRole('button', { name: A.reopenLabel('José Ñúñez') })).toBeDisabled();
  },
};

export const RunningEmpty: Story = {
  parameters: { msw: [resultsHandlers.adminHistory(), adminAttemptsHandlers.running(() => [])] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(A.empty)).toBeVisible();
  },
};

export const RunningLoading: Story = {
  parameters: { msw: [resultsHandlers.adminHistory(), adminAttemptsHandlers.runningPending()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(A.loading)).toBeVisible();
  },
};

export const RunningError: Story = {
  parameters: { msw: [resultsHandlers.adminHistory(), adminAttemptsHandlers.runningFails()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(A.loadFailed);
  },
};

const extended: unknown[] = [];
/** Extend asks for minutes and a reason (checked by the contract's schema), then says what the server did. */
export const Extend: Story = {
  parameters: { msw: [resultsHandlers.adminHistory(), adminAttemptsHandlers.running(), adminAttemptsHandlers.extend(extended)] },
  play: async ({ canvasElement }) => {
    extended.length = 0;
    const list = await running(canvasElement);
    await userEvent.click(list.getByRole('button', { name: A.extendLabel('Rina Wulandari') }));
    const dialog = await body(canvasElement).findByRole('dialog', { name: A.extendTitle('Rina Wulandari') });
    await expect(dialog).toHaveTextContent('Sesi Listening saat ini berakhir pukul');
    const minutes = within(dialog).getByRole('textbox', { name: A.minutes });
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '15');
    await userEvent.click(within(dialog).getByRole('button', { name: A.extendSubmit }));
    await waitFor(() => expect(within(dialog).getByText('Alasan wajib diisi (minimal 5 karakter).')).toBeVisible());
    await expect(extended).toEqual([]);
    await userEvent.type(within(dialog).getByRole('textbox', { name: A.reason }), 'Koneksi peserta terputus');
    await userEvent.click(within(dialog).getByRole('button', { name: A.extendSubmit }));
    await expectVisibleText(canvasElement, 'Sesi diperpanjang 15 menit.');
    await expect(extended).toEqual([{ menit: 15, alasan: 'Koneksi peserta terputus' }]);
  },
};

/** The minutes field holds the contract's limit: more than 60 becomes 60 when the field is left. */
export const ExtendLimit: Story = {
  play: async ({ canvasElement }) => {
    const list = await running(canvasElement);
    await userEvent.click(list.getByRole('button', { name: A.extendLabel('Rina Wulandari') }));
    const dialog = await body(canvasElement).findByRole('dialog', { name: A.extendTitle('Rina Wulandari') });
    const minutes = within(dialog).getByRole('textbox', { name: A.minutes });
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '90');
    await userEvent.tab();
    await waitFor(() => expect(minutes).toHaveValue('60'));
  },
};

/** The server's refusal stays in the dialog, in its own words. */
export const ExtendRefused: Story = {
  parameters: { msw: [resultsHandlers.adminHistory(), adminAttemptsHandlers.running(), adminAttemptsHandlers.extendRefused()] },
  play: async ({ canvasElement }) => {
    const list = await running(canvasElement);
    await userEvent.click(list.getByRole('button', { name: A.extendLabel('Rina Wulandari') }));
    const dialog = await body(canvasElement).findByRole('dialog', { name: A.extendTitle('Rina Wulandari') });
    await userEvent.type(within(dialog).getByRole('textbox', { name: A.reason }), 'Koneksi peserta terputus');
    await userEvent.click(within(dialog).getByRole('button', { name: A.extendSubmit }));
    const alert = await within(dialog).findByRole('alert');
    await expect(alert).toHaveTextContent(A.failedTitle);
    await expect(alert).toHaveTextContent('Waktu sesi ini sudah habis, sehingga tidak dapat diperpanjang.');
  },
};

const reopened: unknown[] = [];
/** Reopen from a result: the dialog says what happens (once, answers kept, result withdrawn) and asks for a reason. */
export const Reopen: Story = {
  parameters: { msw: [resultsHandlers.adminHistory(), adminAttemptsHandlers.running(), adminAttemptsHandlers.reopen(reopened)] },
  play: async ({ canvasElement }) => {
    reopened.length = 0;
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: T.title });
    await userEvent.click(within(table).getAllByRole('button', { name: T.reopenLabel("Siti Nur'aini") })[0]!);
    const dialog = await body(canvasElement).findByRole('dialog', { name: A.reopenTitle("Siti Nur'aini") });
    await expect(dialog).toHaveTextContent('Buka ulang hanya dapat dilakukan satu kali per ujian.');
    await userEvent.type(within(dialog).getByRole('textbox', { name: A.reason }), 'Server gangguan saat reading');
    await userEvent.click(within(dialog).getByRole('button', { name: A.reopenSubmit }));
    await expectVisibleText(canvasElement, 'Ujian dibuka ulang. Peserta dapat melanjutkan dari sesi terakhirnya.');
    await expect(reopened).toEqual([{ alasan: 'Server gangguan saat reading' }]);
  },
};

export const ReopenRefused: Story = {
  parameters: { msw: [resultsHandlers.adminHistory(), adminAttemptsHandlers.running(), adminAttemptsHandlers.reopenRefused()] },
  play: async ({ canvasElement }) => {
    const list = await running(canvasElement);
    await userEvent.click(list.getByRole('button', { name: A.reopenLabel('Budi Santoso') }));
    const dialog = await body(canvasElement).findByRole('dialog', { name: A.reopenTitle('Budi Santoso') });
    await userEvent.type(within(dialog).getByRole('textbox', { name: A.reason }), 'Ponsel peserta mati');
    await userEvent.click(within(dialog).getByRole('button', { name: A.reopenSubmit }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('Buka ulang hanya dapat dilakukan satu kali.');
  },
};

/** Every result opens its review inside the admin area. */
export const ReviewLink: Story = {
  play: async ({ canvasElement }) => {
    const table = within(await within(canvasElement).findByRole('table', { name: T.title }));
    const [first] = table.getAllByRole('link', { name: T.reviewLabel("Siti Nur'aini") });
    await expect(first).toHaveAttribute('href', '/admin/riwayat-ujian/100/pembahasan');
  },
};

/** On a 320 px phone the results are cards with every action; nothing scrolls sideways. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cards = within(await canvas.findByRole('list', { name: T.title }));
    await expect(cards.getAllByRole('listitem')).toHaveLength(20);
    await expect(cards.getAllByRole('link', { name: T.reviewLabel("Siti Nur'aini") }).length).toBeGreaterThan(0);
    await expect(cards.getAllByRole('button', { name: /^Buka ulang ujian / })).toHaveLength(20);
    await expect(cards.getAllByRole('button', { name: /^Unduh sertifikat / })).toHaveLength(20);
    await expect((await running(canvasElement)).getAllByRole('button', { name: /^Perpanjang sesi / })).toHaveLength(3);
    const doc = canvasElement.ownerDocument.documentElement;
    await expect(doc.scrollWidth).toBeLessThanOrEqual(doc.clientWidth);
  },
};
