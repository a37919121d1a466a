import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { adminContentHandlers, demoSoal } from '../src/api/mocks/admin-content.handlers.ts';
import { WrittenFormView } from '../src/features/admin/components/WrittenFormView.tsx';
import { AddWrittenScreen, EditWrittenScreen } from '../src/features/admin/components/WrittenFormScreen.tsx';
import { t } from '../src/i18n/id.ts';
import { inAdminFrame } from './support/AdminFrame.tsx';
import { mediaHandlers } from './support/media.ts';
import { AdminRoute } from './support/AdminRoute.tsx';
import { chooseSkill } from './support/skill.ts';
import { expectVisibleText } from './support/toast.ts';

const meta = {
  title: 'Admin/Written expression form',
  decorators: [inAdminFrame],
  component: WrittenFormView,
  args: { namaPaket: 'Paket A', initialNoSoal: 17, initialPage: 69, isSaving: false, onSubmit: fn(), onCancel: fn() },
} satisfies Meta<typeof WrittenFormView>;

export default meta;
type Story = StoryObj<typeof meta>;

const EXPECTED =
  'The <span class="we-part"><u>children</u><span class="we-letter">A</span></span> <span class="we-part"><u>plays</u><span class="we-letter">B</span></span> in <span class="we-part"><u>the</u><span class="we-letter">C</span></span> <span class="we-part"><u>garden</u><span class="we-letter">D</span></span> every day.';
const SENTENCE = 'The children plays in the garden every day.';

async function chooseJawaban(el: HTMLElement, letter: string) {
  await userEvent.click(within(el).getByRole('combobox', { name: 'Jawaban' }));
  await userEvent.click(await within(el.ownerDocument.body).findByRole('option', { name: letter }));
}

async function pasteSentence(el: HTMLElement, text: string) {
  await userEvent.click(within(el).getByRole('textbox', { name: t.admin.written.sentence }));
  await userEvent.paste(text);
}
const preview = (el: HTMLElement) => el.querySelector('[data-testid=written-preview] .we-sentence')?.innerHTML;

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: t.admin.written.sentence })).toHaveValue('');
    await expect(canvas.queryAllByRole('textbox', { name: /^Kata \d+$/ })).toHaveLength(0);
    await expect(canvas.getByText(t.admin.written.noWords)).toBeVisible();
    await expect(canvas.getByText(t.admin.written.previewEmpty)).toBeVisible();
  },
};

/** Paste the sentence, click four words: letters A-D in click order once per word, exact HTML out. */
export const AssignLetters: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await pasteSentence(canvasElement, SENTENCE);
    const group = within(canvas.getByRole('group', { name: t.admin.written.assignTitle }));
    // Words only: the full stop is no button.
    await expect(group.getAllByRole('button', { pressed: false })).toHaveLength(8);
    await userEvent.click(group.getByRole('button', { name: 'children' }));
    await userEvent.click(group.getByRole('button', { name: 'plays' }));
    await userEvent.click(group.getAllByRole('button', { name: 'the' })[0]!);
    await userEvent.click(group.getByRole('button', { name: 'garden' }));
    // A fifth word and a second letter for the same word change nothing.
    await userEvent.click(group.getByRole('button', { name: 'every' }));
    await userEvent.click(group.getByRole('button', { name: 'children (A)' }));
    await expect(group.getByRole('button', { name: 'every' })).toHaveAttribute('aria-pressed', 'false');
    await expect(preview(canvasElement)).toBe(EXPECTED);
    await chooseJawaban(canvasElement, 'B');
    await userEvent.click(canvas.getByRole('button', { name: t.admin.soal.save }));
    await expect(canvas.getByRole('alert')).toHaveTextContent(t.admin.soal.skillRequired);
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await chooseSkill(canvasElement, 'we-agreement');
    await userEvent.click(canvas.getByRole('button', { name: t.admin.soal.save }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ no_soal: 17, page: 69, soal: EXPECTED, jawaban: '2', skill: 'we-agreement' }, false);
  },
};

/** A part of several words grows with 'Perpanjang'; punctuation stays where it was typed. */
export const LongerPart: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pasteSentence(canvasElement, 'Bamboo grows more quick than almost any other plant.');
    const group = within(canvas.getByRole('group', { name: t.admin.written.assignTitle }));
    await userEvent.click(group.getByRole('button', { name: 'more' }));
    await userEvent.click(canvas.getByRole('button', { name: t.admin.written.grow('A') }));
    for (const w of ['than', 'almost', 'other']) await userEvent.click(group.getByRole('button', { name: w }));
    await userEvent.click(canvas.getByRole('button', { name: t.admin.written.grow('D') }));
    await expect(canvas.getByRole('button', { name: t.admin.written.grow('D') })).toBeDisabled();
    await expect(preview(canvasElement)).toBe(
      'Bamboo grows <span class="we-part"><u>more quick</u><span class="we-letter">A</span></span> <span class="we-part"><u>than</u><span class="we-letter">B</span></span> <span class="we-part"><u>almost</u><span class="we-letter">C</span></span> any <span class="we-part"><u>other plant</u><span class="we-letter">D</span></span>.',
    );
  },
};

export const Required: Story = {
  args: { initialSentence: SENTENCE },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: t.admin.soal.save }));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Lengkapi jawaban, nomor soal, dan halaman!');
    await chooseJawaban(canvasElement, 'A');
    await userEvent.click(canvas.getByRole('button', { name: t.admin.soal.save }));
    await expect(canvas.getByRole('alert')).toHaveTextContent(t.admin.written.needFour);
    await expect(args.onSubmit).not.toHaveBeenCalled();
    // Marking a word answers the complaint: it is not left on screen while the admin fixes it.
    await userEvent.click(canvas.getByRole('button', { name: 'garden' }));
    await expect(canvas.queryByText(t.admin.written.needFour)).toBeNull();
  },
};

/** Editing the sentence clears the marks (they would point at other words). */
export const SentenceChange: Story = {
  args: { initialSentence: SENTENCE },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'garden' }));
    await expect(canvas.getByRole('button', { name: 'garden (A)' })).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: t.admin.written.sentence }), ' Yes');
    await expect(canvas.getByRole('button', { name: 'garden' })).toHaveAttribute('aria-pressed', 'false');
    await expect(preview(canvasElement)).toBe('The children plays in the garden every day. Yes');
  },
};

/** Edit: the stored sentence comes back marked; saving unchanged sends the same markup. */
export const Edit: Story = {
  args: {
    mode: 'edit',
    initialNoSoal: 16,
    initialPage: 68,
    initial: {
      sentence: SENTENCE,
      parts: [
        { start: 1, end: 1 },
        { start: 2, end: 2 },
        { start: 4, end: 4 },
        { start: 5, end: 5 },
      ],
      jawaban: '2',
      skill: 'we-agreement',
      pembahasan: '',
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Edit Soal Written Expression — Paket A' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t.admin.soal.saveAndAdd })).toBeNull();
    await expect(preview(canvasElement)).toBe(EXPECTED);
    await userEvent.click(canvas.getByRole('button', { name: t.admin.soal.save }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ no_soal: 16, page: 68, soal: EXPECTED, jawaban: '2', skill: 'we-agreement' }, false);
  },
};

export const Full: Story = {
  args: { status: 'full' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(t.admin.soal.sectionFull('Written Expression', 25));
  },
};

export const Saving: Story = {
  args: { isSaving: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: t.admin.soal.saving })).toBeDisabled();
  },
};

export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(t.admin.common.loading);
  },
};

/** The container: the first free number (16 taken -> 17), and the server's refusal in a toast. */
export const ServerError: Story = {
  parameters: {
    route: { pathname: '/admin/soal-simulasi/add-soal-written/2', state: { namaPaket: 'Paket A' } },
    msw: [
      adminContentHandlers.soalList('written'),
      adminContentHandlers.createSoalFail('written', 'Soal nomor 17 (page 69) sudah ada di paket ini.', 409),
      ...adminContentHandlers.destinations(),
      ...mediaHandlers,
    ],
  },
  render: () => (
    <AdminRoute path="/admin/soal-simulasi/add-soal-written/:paketId">
      <AddWrittenScreen />
    </AdminRoute>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'No. Soal' })).toHaveValue('17'));
    await expect(canvas.getByRole('textbox', { name: 'Page' })).toHaveValue('69');
    await pasteSentence(canvasElement, SENTENCE);
    for (const w of ['children', 'plays', 'in', 'garden']) await userEvent.click(canvas.getByRole('button', { name: w }));
    await chooseJawaban(canvasElement, 'B');
    await chooseSkill(canvasElement, 'we-agreement');
    await userEvent.click(canvas.getByRole('button', { name: t.admin.soal.save }));
    await expectVisibleText(canvasElement, t.admin.soal.addFailed);
    await expectVisibleText(canvasElement, 'Soal nomor 17 (page 69) sudah ada di paket ini.');
  },
};

/** 'Simpan & Tambah Lagi': saved, the form stays open on the next free number with an empty sentence. */
export const SaveAndAddAgain: Story = {
  parameters: {
    route: { pathname: '/admin/soal-simulasi/add-soal-written/2', state: { namaPaket: 'Paket A' } },
    msw: [
      adminContentHandlers.soalList('written'),
      adminContentHandlers.createSoal('written'),
      ...adminContentHandlers.destinations(),
      ...mediaHandlers,
    ],
  },
  render: () => (
    <AdminRoute path="/admin/soal-simulasi/add-soal-written/:paketId">
      <AddWrittenScreen />
    </AdminRoute>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'No. Soal' })).toHaveValue('17'));
    await pasteSentence(canvasElement, SENTENCE);
    for (const w of ['children', 'plays', 'in', 'garden']) await userEvent.click(canvas.getByRole('button', { name: w }));
    await chooseJawaban(canvasElement, 'B');
    await chooseSkill(canvasElement, 'we-agreement');
    await userEvent.click(canvas.getByRole('button', { name: t.admin.soal.saveAndAdd }));
    await expectVisibleText(canvasElement, `Soal berhasil ditambahkan. ${t.admin.soal.savedAndNext(18)}`);
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'No. Soal' })).toHaveValue('18'));
    await expect(canvas.getByRole('textbox', { name: 'Page' })).toHaveValue('70');
    await expect(canvas.getByRole('textbox', { name: t.admin.written.sentence })).toHaveValue('');
    await expect(canvas.queryByTestId('probe-path')).toBeNull();
  },
};

/** The edit screen reads the stored markup back into the marker. */
export const EditScreen: Story = {
  parameters: {
    route: '/admin/soal-simulasi/edit-soal-written/301',
    msw: [
      adminContentHandlers.soal(demoSoal.written[0]!),
      adminContentHandlers.paket(),
      adminContentHandlers.updateSoal('written'),
      ...adminContentHandlers.destinations(),
      ...mediaHandlers,
    ],
  },
  render: () => (
    <AdminRoute path="/admin/soal-simulasi/edit-soal-written/:soalId">
      <EditWrittenScreen />
    </AdminRoute>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Edit Soal Written Expression — Paket A Prediction' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: t.admin.written.sentence })).toHaveValue(SENTENCE);
    await expect(canvas.getByRole('button', { name: 'garden (D)' })).toHaveAttribute('aria-pressed', 'true');
    await expect(preview(canvasElement)).toBe(EXPECTED);
    await userEvent.click(canvas.getByRole('button', { name: t.admin.soal.save }));
    await expectVisibleText(canvasElement, 'Soal berhasil diupdate');
    await waitFor(() => expect(canvas.getByTestId('probe-path')).toHaveTextContent('/admin/soal-simulasi/soal-written/2'));
  },
};
