import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { ImportReport } from '../contract/soal-import.ts';
import { SoalImportPanel } from '../src/features/admin/components/SoalImportPanel.tsx';
import { SoalImportView } from '../src/features/admin/components/SoalImportView.tsx';
import { t } from '../src/i18n/id.ts';
import { inAdminFrame } from './support/AdminFrame.tsx';

const T = t.admin.bank;
const CLEAN: ImportReport = {
  dryRun: true,
  rows: 140,
  problems: [],
  counts: { listening: 50, structure: 15, written: 25, reading: 50, passages: 5, media: 50 },
};
const PROBLEMS: ImportReport = {
  dryRun: true,
  rows: 12,
  problems: [
    { row: 3, column: 'no_soal', message: 'Nomor soal structure harus antara 1 dan 15.' },
    { row: 7, column: 'audio', message: "Isi file 'klip-7.mp3' tidak cocok dengan ekstensinya (isinya png)." },
    {
      row: 9,
      column: 'soal',
      message: 'Soal written expression harus memiliki tepat empat bagian bergaris bawah dengan huruf A, B, C, D berurutan.',
    },
    { row: 12, column: 'passage', message: 'Pilih Question Reading pada tabel di atas' },
  ],
  counts: { listening: 2, structure: 2, written: 2, reading: 2, passages: 1, media: 2 },
};
const sheet = () =>
  new File(['section,no_soal'], 'paket-a.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

const meta = {
  title: 'Admin/Soal import & export',
  decorators: [inAdminFrame],
  component: SoalImportView,
  args: {
    state: { kind: 'idle' },
    file: null,
    media: null,
    section: null,
    onFile: fn(),
    onMedia: fn(),
    onSection: fn(),
    onCheck: fn(),
    onConfirm: fn(),
    onReset: fn(),
    onTemplate: fn(),
    onExport: fn(),
  },
} satisfies Meta<typeof SoalImportView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { name: T.title })).toBeVisible();
    await expect(c.getByRole('button', { name: T.check })).toBeDisabled();
    await userEvent.click(c.getByRole('button', { name: T.template('xlsx') }));
    await expect(args.onTemplate).toHaveBeenCalledWith('xlsx');
    await userEvent.click(c.getByRole('button', { name: T.export('csv') }));
    await expect(args.onExport).toHaveBeenCalledWith('csv');
  },
};

export const AikenAsksForSection: Story = {
  args: { file: new File(['Q\nA. a\nANSWER: A'], 'structure.txt', { type: 'text/plain' }) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByLabelText(/Bagian \(untuk file Aiken/)).toBeVisible();
    await expect(c.getByRole('button', { name: T.check })).toBeDisabled();
  },
};

export const Uploading: Story = {
  args: { state: { kind: 'uploading', step: 'check' }, file: sheet() },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(T.checking)).toBeVisible();
  },
};

export const ReportWithProblems: Story = {
  args: { state: { kind: 'report', report: PROBLEMS }, file: sheet() },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('alert')).toHaveTextContent(T.problemsTitle(4));
    const table = c.getByRole('table', { name: T.problemsCaption });
    await expect(within(table).getAllByRole('row')).toHaveLength(5);
    await expect(within(table).getByText("Isi file 'klip-7.mp3' tidak cocok dengan ekstensinya (isinya png).")).toBeVisible();
    await expect(c.queryByRole('button', { name: /^Impor \d+ soal$/ })).toBeNull();
    await userEvent.click(c.getByRole('button', { name: T.again }));
    await expect(args.onReset).toHaveBeenCalled();
  },
};

/** On a 320 px phone the report's messages wrap inside the panel: nothing to scroll sideways. */
export const ReportWithProblemsPhone: Story = {
  args: ReportWithProblems.args,
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: T.problemsCaption });
    await expect(canvasElement.ownerDocument.defaultView!.innerWidth).toBeLessThanOrEqual(390);
    // The table's scroll box (any ancestor) holds nothing wider than itself.
    for (let el: HTMLElement | null = table.parentElement; el && el !== canvasElement; el = el.parentElement) {
      await expect(el.scrollWidth).toBeLessThanOrEqual(el.clientWidth);
    }
    const doc = canvasElement.ownerDocument.documentElement;
    await expect(doc.scrollWidth).toBeLessThanOrEqual(doc.clientWidth);
  },
};

export const ReportClean: Story = {
  args: { state: { kind: 'report', report: CLEAN }, file: sheet() },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText(T.summary(CLEAN.counts))).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: T.confirm(140) }));
    await expect(args.onConfirm).toHaveBeenCalled();
  },
};

export const Done: Story = {
  args: { state: { kind: 'done', report: { ...CLEAN, dryRun: false }, message: 'Impor berhasil: 140 soal dan 5 bacaan ditambahkan.' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('status')).toHaveTextContent('Impor berhasil: 140 soal dan 5 bacaan ditambahkan.');
    await expect(c.getByRole('button', { name: T.again })).toBeVisible();
  },
};

export const Error: Story = {
  args: {
    state: {
      kind: 'error',
      message: 'Zip media berisi file dengan path di luar folder (../klip.mp3); buat ulang zip tanpa path seperti itu.',
    },
    file: sheet(),
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('alert')).toHaveTextContent(/path di luar folder/);
    await expect(c.getByRole('button', { name: T.check })).toBeEnabled();
  },
};

/** The panel against the API: check, see the clean report, confirm, see the counts. */
export const FlowCheckThenImport: StoryObj<typeof SoalImportPanel> = {
  render: () => <SoalImportPanel paketId={2} />,
  parameters: {
    msw: [
      http.post('*/api/admin/paket-soal/2/import', async ({ request }) => {
        const form = await request.formData();
        const dryRun = form.get('dryRun') === '1';
        return HttpResponse.json({
          message: dryRun ? 'Pemeriksaan selesai: 140 soal siap diimpor.' : 'Impor berhasil: 140 soal dan 5 bacaan ditambahkan.',
          data: { ...CLEAN, dryRun },
        });
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, sheet());
    await userEvent.click(c.getByRole('button', { name: T.check }));
    await userEvent.click(await c.findByRole('button', { name: T.confirm(140) }));
    await waitFor(() => expect(c.getByRole('status')).toHaveTextContent('Impor berhasil: 140 soal dan 5 bacaan ditambahkan.'));
  },
};
