import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { adminContentHandlers } from '../src/api/mocks/admin-content.handlers.ts';
import { WrittenFormView } from '../src/features/admin/components/WrittenFormView.tsx';
import { AddWrittenScreen } from '../src/features/admin/components/WrittenFormScreen.tsx';
import { t } from '../src/i18n/id.ts';
import { AdminRoute } from './support/AdminRoute.tsx';
import { chooseSkill } from './support/skill.ts';
import { expectVisibleText } from './support/toast.ts';

const meta = {
  title: 'Admin/Written expression form',
  component: WrittenFormView,
  args: { namaPaket: 'Paket A', initialNoSoal: 17, initialPage: 69, isSaving: false, onSubmit: fn(), onCancel: fn() },
} satisfies Meta<typeof WrittenFormView>;

export default meta;
type Story = StoryObj<typeof meta>;

const EXPECTED =
  'The <span class="we-part"><u>children</u><span class="we-letter">A</span></span> <span class="we-part"><u>plays</u><span class="we-letter">B</span></span> in <span class="we-part"><u>the</u><span class="we-letter">C</span></span> <span class="we-part"><u>garden</u><span class="we-letter">D</span></span> every day.';
const words = ['The', 'children', 'plays', 'in', 'the', 'garden', 'every', 'day.'];

async function chooseJawaban(el: HTMLElement, letter: string) {
  await userEvent.click(within(el).getByRole('combobox', { name: 'Jawaban' }));
  await userEvent.click(await within(el.ownerDocument.body).findByRole('option', { name: letter }));
}

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('textbox', { name: /^Kata \d+$/ })).toHaveLength(9);
    await expect(canvas.getByText(t.admin.written.noWords)).toBeVisible();
    await expect(canvas.getByText(t.admin.written.previewEmpty)).toBeVisible();
  },
};

/** Words trimmed, empty boxes dropped, letters A-D in click order once per word, exact HTML out. */
export const AssignLetters: Story = {
  args: { initialWords: ['  The ', 'children', 'plays', '', 'in', 'the', 'garden', 'every', 'day.'] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const group = within(canvas.getByRole('group', { name: t.admin.written.assignTitle }));
    await expect(group.getAllByRole('button', { pressed: false })).toHaveLength(8);
    for (const w of ['children', 'plays', 'the', 'garden']) await userEvent.click(group.getByRole('button', { name: w }));
    // A fifth word and a second letter for the same word change nothing.
    await userEvent.click(group.getByRole('button', { name: 'every' }));
    await userEvent.click(group.getByRole('button', { name: 'children (A)' }));
    await expect(group.getByRole('button', { name: 'every' })).toHaveAttribute('aria-pressed', 'false');
    await expect(canvasElement.querySelector('[data-testid=written-preview] .we-sentence')!.innerHTML).toBe(EXPECTED);
    await chooseJawaban(canvasElement, 'B');
    await userEvent.click(canvas.getByRole('button', { name: t.admin.soal.save }));
    await expect(canvas.getByRole('alert')).toHaveTextContent(t.admin.soal.skillRequired);
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await chooseSkill(canvasElement, 'we-agreement');
    await userEvent.click(canvas.getByRole('button', { name: t.admin.soal.save }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ no_soal: 17, page: 69, soal: EXPECTED, jawaban: '2', skill: 'we-agreement' });
  },
};

export const Required: Story = {
  args: { initialWords: words },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: t.admin.soal.save }));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Lengkapi jawaban, nomor soal, dan halaman!');
    await chooseJawaban(canvasElement, 'A');
    await userEvent.click(canvas.getByRole('button', { name: t.admin.soal.save }));
    await expect(canvas.getByRole('alert')).toHaveTextContent(t.admin.written.needFour);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const ColumnsChange: Story = {
  args: { initialWords: words },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'garden' }));
    const columns = canvas.getByRole('textbox', { name: t.admin.written.wordCount });
    await userEvent.clear(columns);
    await userEvent.type(columns, '3');
    await expect(canvas.getAllByRole('textbox', { name: /^Kata \d+$/ })).toHaveLength(3);
    // 'garden' is gone with its column, and so is its letter.
    await expect(canvasElement.querySelector('[data-testid=written-preview] .we-sentence')!.innerHTML).toBe('The children plays');
    await userEvent.clear(columns);
    await userEvent.type(columns, '0');
    await expect(canvas.queryAllByRole('textbox', { name: /^Kata \d+$/ })).toHaveLength(0);
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

/** The container: numbering from /written/last (16 -> 17), and the server's refusal in a toast. */
export const ServerError: Story = {
  parameters: {
    route: { pathname: '/admin/soal-simulasi/add-soal-written/2', state: { namaPaket: 'Paket A' } },
    msw: [
      adminContentHandlers.last(),
      adminContentHandlers.createSoalFail('written', 'Soal nomor 17 (page 69) sudah ada di paket ini.', 409),
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
    // Focus and paste: keystroke by keystroke outlasts the story timeout on a busy machine.
    for (const [i, w] of words.entries()) {
      await userEvent.click(canvas.getByRole('textbox', { name: `Kata ${i + 1}` }));
      await userEvent.paste(w);
    }
    for (const w of ['children', 'plays', 'the', 'garden']) await userEvent.click(canvas.getByRole('button', { name: w }));
    await chooseJawaban(canvasElement, 'B');
    await chooseSkill(canvasElement, 'we-agreement');
    await userEvent.click(canvas.getByRole('button', { name: t.admin.soal.save }));
    await expectVisibleText(canvasElement, t.admin.soal.addFailed);
    await expectVisibleText(canvasElement, 'Soal nomor 17 (page 69) sudah ada di paket ini.');
  },
};
