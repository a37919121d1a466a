import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { QuestionReading } from '../contract/soal.ts';
import { Route, Routes } from 'react-router-dom';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { adminContentHandlers, demoPassages, demoSoal } from '../src/api/mocks/admin-content.handlers.ts';
import {
  AddListeningScreen,
  AddReadingScreen,
  AddStructureScreen,
  EditListeningScreen,
  EditReadingScreen,
  EditStructureScreen,
} from '../src/features/admin/components/QuestionFormScreen.tsx';
import { PassagePanelView } from '../src/features/admin/components/PassagePanelView.tsx';
import { QuestionFormView } from '../src/features/admin/components/QuestionFormView.tsx';
import { t } from '../src/i18n/id.ts';
import { inAdminFrame } from './support/AdminFrame.tsx';
import { mediaHandlers } from './support/media.ts';
import { AdminDestination } from './support/AdminDestination.tsx';
import { chooseSkill } from './support/skill.ts';
import { expectVisibleText } from './support/toast.ts';

/** Every add and edit route of the three forms, with a probe for where a save leads. */
function Forms() {
  return (
    <Routes>
      <Route path="/admin/soal-simulasi/add-soal-listening/:paketId" element={<AddListeningScreen />} />
      <Route path="/admin/soal-simulasi/add-soal-structure/:paketId" element={<AddStructureScreen />} />
      <Route path="/admin/soal-simulasi/add-soal-reading/:paketId" element={<AddReadingScreen />} />
      <Route path="/admin/soal-simulasi/edit-soal-listening/:soalId" element={<EditListeningScreen />} />
      <Route path="/admin/soal-simulasi/edit-soal-structure/:soalId" element={<EditStructureScreen />} />
      <Route path="/admin/soal-simulasi/edit-soal-reading/:soalId" element={<EditReadingScreen />} />
      <Route path="*" element={<AdminDestination />} />
    </Routes>
  );
}

const meta = {
  title: 'Admin/Question forms',
  decorators: [inAdminFrame],
  component: Forms,
  parameters: {
    route: { pathname: '/admin/soal-simulasi/add-soal-listening/2', state: { namaPaket: 'Paket A' } },
    msw: [
      adminContentHandlers.soalList('listening'),
      adminContentHandlers.createSoal('listening'),
      ...adminContentHandlers.destinations(),
      ...mediaHandlers,
    ],
  },
} satisfies Meta<typeof Forms>;

export default meta;
type Story = StoryObj<typeof meta>;

const field = (el: HTMLElement, name: string) => within(el).getByRole('textbox', { name });
/** Focus and paste: keystroke by keystroke outlasts the story timeout on a busy machine. */
async function enter(el: HTMLElement, name: string, text: string) {
  // findBy: the rich-text question field loads on demand.
  await userEvent.click(await within(el).findByRole('textbox', { name }, { timeout: 10_000 }));
  await userEvent.paste(text);
}
async function fillOptions(el: HTMLElement, jawaban: string) {
  for (const n of [1, 2, 3, 4]) await enter(el, `Pilihan ${n}`, `pilihan ${n}`);
  await userEvent.click(within(el).getByRole('combobox', { name: 'Jawaban' }));
  await userEvent.click(await within(el.ownerDocument.body).findByRole('option', { name: jawaban }));
}
/** The edit screens load the question, then the package name and, for text, the editor: slow on a busy machine. */
const SLOW = { timeout: 10_000 };
const save = (el: HTMLElement) => userEvent.click(within(el).getByRole('button', { name: t.admin.soal.save }));

export const ListeningLoading: Story = {
  parameters: { msw: [adminContentHandlers.soalListPending('listening'), ...adminContentHandlers.destinations(), ...mediaHandlers] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(t.admin.common.loading);
  },
};

/** No. Soal and Page start at last + 1; audio is required for a clip of its own. */
export const ListeningValidation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Tambah Soal Listening — Paket A' })).toBeVisible();
    await waitFor(() => expect(field(canvasElement, 'No. Soal')).toHaveValue('2'));
    await expect(field(canvasElement, 'Page')).toHaveValue('2');
    await fillOptions(canvasElement, '3');
    await save(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Semua field wajib diisi!');
  },
};

export const ListeningGroupMember: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const no = await waitFor(() => field(canvasElement, 'No. Soal'));
    await userEvent.clear(no);
    await userEvent.type(no, '33');
    await expect(field(canvasElement, 'Page')).toHaveValue('33');
    await expect(canvas.getByText(t.admin.soal.audioGroupNote(31))).toBeVisible();
    await fillOptions(canvasElement, '1');
    await save(canvasElement);
    // The group's audio note is an alert too.
    await expect(canvas.getByText(t.admin.soal.skillRequired)).toBeVisible();
    await chooseSkill(canvasElement, 'lb-detail');
    await save(canvasElement);
    await expectVisibleText(canvasElement, 'Soal berhasil ditambahkan.');
    await waitFor(() => expect(canvas.getByTestId('probe-path')).toHaveTextContent('/admin/soal-simulasi/soal-listening/2'));
  },
};

export const ListeningAudioPreview: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => field(canvasElement, 'No. Soal'));
    const input = canvasElement.querySelector<HTMLInputElement>('input[type=file]')!;
    await userEvent.upload(input, new File([new Uint8Array([0xff, 0xfb, 0x90, 0x00])], 'klip.mp3', { type: 'audio/mpeg' }));
    await expect(canvas.getByLabelText(t.admin.soal.audioPreview)).toHaveAttribute('src', expect.stringMatching(/^blob:/));
  },
};

let listeningPosts = 0;

/** A 30 MB clip is refused when picked, with the limit in the message, and nothing is sent. */
export const ListeningAudioTooBig: Story = {
  parameters: {
    msw: [
      adminContentHandlers.soalList('listening'),
      http.post('*/api/admin/paket-soal/:paketId/soal-listening', () => {
        listeningPosts += 1;
        return HttpResponse.json({ message: 'tidak boleh terkirim' }, { status: 500 });
      }),
      ...adminContentHandlers.destinations(),
      ...mediaHandlers,
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    listeningPosts = 0;
    await waitFor(() => field(canvasElement, 'No. Soal'));
    const input = canvasElement.querySelector<HTMLInputElement>('input[type=file]')!;
    await userEvent.upload(input, new File([new Uint8Array(30 * 1024 * 1024)], 'kuliah-panjang.mp3', { type: 'audio/mpeg' }));
    await expect(await canvas.findByText('Ukuran file terlalu besar (maksimal 20 MB).')).toBeVisible();
    await expect(canvas.queryByLabelText(t.admin.soal.audioPreview)).toBeNull();
    await fillOptions(canvasElement, '1');
    await chooseSkill(canvasElement, 'lb-detail');
    await save(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(t.admin.soal.allRequired);
    await expect(listeningPosts).toBe(0);
  },
};

export const ListeningServerError: Story = {
  parameters: {
    msw: [
      adminContentHandlers.soalList('listening'),
      adminContentHandlers.createSoalFail('listening', 'Soal nomor 2 (page 2) sudah ada di paket ini.', 409),
      ...adminContentHandlers.destinations(),
      ...mediaHandlers,
    ],
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => field(canvasElement, 'No. Soal'));
    await userEvent.upload(
      canvasElement.querySelector<HTMLInputElement>('input[type=file]')!,
      new File(['x'], 'klip.mp3', { type: 'audio/mpeg' }),
    );
    await fillOptions(canvasElement, '2');
    await chooseSkill(canvasElement, 'la-inference');
    await save(canvasElement);
    await expectVisibleText(canvasElement, t.admin.soal.addFailed);
    await expectVisibleText(canvasElement, 'Soal nomor 2 (page 2) sudah ada di paket ini.');
  },
};

export const Saving: Story = {
  render: () => <QuestionFormView section="structure" mode="add" isSaving onSubmit={fn()} onCancel={fn()} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: t.admin.soal.saving })).toBeDisabled();
  },
};

export const ListeningEdit: Story = {
  parameters: {
    route: '/admin/soal-simulasi/edit-soal-listening/101',
    msw: [
      adminContentHandlers.soal(demoSoal.listening[0]!),
      adminContentHandlers.paket(),
      adminContentHandlers.updateSoal('listening'),
      ...adminContentHandlers.destinations(),
      ...mediaHandlers,
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Edit Soal Listening — Paket A Prediction' }, SLOW)).toBeVisible();
    await expect(canvas.getByLabelText(t.admin.soal.audioPreview)).toHaveAttribute('src', '/api/media/demo-clip.mp3');
    await expect(canvas.getByText(t.admin.soal.audioEditHint)).toBeVisible();
    await save(canvasElement);
    await expectVisibleText(canvasElement, 'Soal berhasil diupdate');
    await waitFor(() => expect(canvas.getByTestId('probe-path')).toHaveTextContent('/admin/soal-simulasi/soal-listening/2'));
  },
};

let sentListening: FormData | null = null;

/** The spoken question and transcript load with the question and travel with a save. */
export const ListeningTranscriptFields: Story = {
  parameters: {
    route: '/admin/soal-simulasi/edit-soal-listening/101',
    msw: [
      adminContentHandlers.soal(demoSoal.listening[0]!),
      adminContentHandlers.paket(),
      http.put('*/api/admin/paket-soal/:soalId/soal-listening', async ({ request }) => {
        sentListening = await request.formData();
        return HttpResponse.json({ message: 'Soal berhasil diupdate', data: demoSoal.listening[0] });
      }),
      ...adminContentHandlers.destinations(),
      ...mediaHandlers,
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    sentListening = null;
    const spoken = await canvas.findByRole('textbox', { name: t.admin.soal.spokenQuestion });
    const transcript = canvas.getByRole('textbox', { name: t.admin.soal.transcript });
    await waitFor(() => expect(spoken).toHaveValue('Why was the man late?'));
    await expect(transcript).toHaveValue('Woman: You are late again.\nMan: The bus never came this morning.');
    await userEvent.clear(spoken);
    await userEvent.click(spoken);
    await userEvent.paste('What does the man say about the bus?');
    await save(canvasElement);
    await expectVisibleText(canvasElement, 'Soal berhasil diupdate');
    // The handler stores the body it read; wait for it rather than assume the order of the two.
    await waitFor(() => expect(sentListening).not.toBeNull());
    await expect(sentListening!.get('spoken_question')).toBe('What does the man say about the bus?');
    // Multipart encoding sends line breaks as CRLF.
    await expect(sentListening!.get('transcript')).toBe('Woman: You are late again.\r\nMan: The bus never came this morning.');
  },
};

export const StructureAdd: Story = {
  parameters: {
    route: '/admin/soal-simulasi/add-soal-structure/2',
    msw: [
      adminContentHandlers.soalList('structure'),
      adminContentHandlers.paket(),
      adminContentHandlers.createSoal('structure'),
      ...adminContentHandlers.destinations(),
      ...mediaHandlers,
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(field(canvasElement, 'Page')).toHaveValue('53'));
    await fillOptions(canvasElement, '2');
    await save(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Semua field wajib diisi!');
    await enter(canvasElement, 'Soal', 'The sun ____ in the east.');
    await enter(canvasElement, 'Pembahasan', 'Subjek tunggal.');
    await save(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(t.admin.soal.skillRequired);
    await chooseSkill(canvasElement, 'st-verb-form');
    await save(canvasElement);
    await waitFor(() => expect(canvas.getByTestId('probe-path')).toHaveTextContent('/admin/soal-simulasi/soal-structure/2'));
  },
};

export const StructureEditLoadError: Story = {
  parameters: {
    route: '/admin/soal-simulasi/edit-soal-structure/999',
    msw: [adminContentHandlers.soalNotFound(), ...adminContentHandlers.destinations(), ...mediaHandlers],
  },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent(t.admin.soal.loadOneFailed);
    await expect(alert).toHaveTextContent('Soal tidak ditemukan.');
  },
};

/** The edit screen of structure question 201, its save answered by `update`. */
const structureEdit = (update: RequestHandler) => ({
  route: '/admin/soal-simulasi/edit-soal-structure/201',
  msw: [
    adminContentHandlers.soal(demoSoal.structure[0]!),
    adminContentHandlers.paket(),
    update,
    ...adminContentHandlers.destinations(),
    ...mediaHandlers,
  ],
});

export const StructureEdit: Story = {
  parameters: structureEdit(adminContentHandlers.updateSoal('structure')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('textbox', { name: 'Soal' }, SLOW)).toHaveTextContent('The sun ____ in the east.');
    await expect(field(canvasElement, 'Pembahasan')).toHaveValue('Subjek tunggal.');
    await save(canvasElement);
    await expectVisibleText(canvasElement, 'Soal berhasil diupdate');
    // Opened directly, so 'back' is the section's list.
    await waitFor(() => expect(canvas.getByTestId('probe-path')).toHaveTextContent('/admin/soal-simulasi/soal-structure/2'));
  },
};

/** Learners are sitting the package: the edit is refused with why and the way out, and the form stays. */
export const StructureEditRefusedWhileSat: Story = {
  parameters: structureEdit(adminContentHandlers.updateSoalFail('structure', 409, adminContentHandlers.runningAttemptMessage)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('textbox', { name: 'Soal' }, SLOW)).toHaveTextContent('The sun ____ in the east.');
    await save(canvasElement);
    await expectVisibleText(canvasElement, /sedang dikerjakan oleh 2 peserta.*salin paket ini/);
    // Still on the form, with the question as it was.
    await expect(canvas.getByRole('textbox', { name: 'Soal' })).toHaveTextContent('The sun ____ in the east.');
  },
};

const readingHandlers = [
  adminContentHandlers.soalList('reading'),
  adminContentHandlers.paket(),
  adminContentHandlers.passages(),
  adminContentHandlers.createSoal('reading'),
];

export const ReadingNeedsPassage: Story = {
  parameters: { route: '/admin/soal-simulasi/add-soal-reading/2', msw: readingHandlers },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(field(canvasElement, 'Page')).toHaveValue('95'));
    await enter(canvasElement, 'Soal', 'What is the main idea?');
    await fillOptions(canvasElement, '4');
    await chooseSkill(canvasElement, 'rd-main-idea');
    await save(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Pilih Question Reading pada tabel di atas');
    await userEvent.click(await canvas.findByRole('cell', { name: 'Bacaan 2 — Teks' }));
    await expect(field(canvasElement, 'Question Reading')).toHaveValue('Bacaan 2 — Teks');
    await save(canvasElement);
    await waitFor(() => expect(canvas.getByTestId('probe-path')).toHaveTextContent('/admin/soal-simulasi/soal-reading/2'));
  },
};

export const ReadingUploadChecks: Story = {
  parameters: {
    route: '/admin/soal-simulasi/add-soal-reading/2',
    msw: [...readingHandlers, adminContentHandlers.createPassage(), ...adminContentHandlers.destinations(), ...mediaHandlers],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = within(await canvas.findByRole('form', { name: t.admin.passage.uploadTitle }));
    await userEvent.click(form.getByRole('button', { name: t.admin.passage.upload }));
    await expect(form.getByRole('alert')).toHaveTextContent('Nama soal wajib diisi');
    await userEvent.type(form.getByRole('textbox', { name: t.admin.passage.nama }), 'Bacaan 3');
    const input = canvasElement.querySelector<HTMLInputElement>('form[aria-label="Tambah bacaan"] input[type=file]')!;
    // Refused when picked, before anything is sent.
    await userEvent.upload(input, new File(['x'], 'bacaan.gif', { type: 'image/gif' }), { applyAccept: false });
    await expect(await form.findByText('File harus berupa gambar (jpg, jpeg, png).')).toBeVisible();
    await userEvent.upload(input, new File([new Uint8Array(6 * 1024 * 1024)], 'besar.png', { type: 'image/png' }));
    await expect(await form.findByText('Ukuran file terlalu besar (maksimal 5 MB).')).toBeVisible();
    await userEvent.upload(input, new File(['x'], 'bacaan.png', { type: 'image/png' }));
    await userEvent.click(form.getByRole('button', { name: t.admin.passage.upload }));
    await expectVisibleText(canvasElement, 'Bacaan berhasil ditambahkan.');
    await waitFor(() => expect(field(canvasElement, 'Question Reading')).toHaveValue('Bacaan 1 — Coral Reefs'));
  },
};

let uploaded: { form: FormData; passage: QuestionReading } | null = null;

/**
 * A new text passage is typed in the same rich-text editor as the edit modal; '<' and '&' travel as
 * entities and come back as typed when the passage is opened again. The editor is empty for the next one.
 */
export const ReadingUploadText: Story = {
  parameters: {
    route: '/admin/soal-simulasi/add-soal-reading/2',
    msw: [
      adminContentHandlers.soalList('reading'),
      adminContentHandlers.paket(),
      adminContentHandlers.createSoal('reading'),
      http.get('*/api/admin/paket-soal/question-reading/:paketId', () =>
        HttpResponse.json({ data: uploaded ? [...demoPassages, uploaded.passage] : demoPassages }),
      ),
      http.post('*/api/admin/paket-soal/:paketId/question-reading', async ({ request }) => {
        const form = await request.formData();
        const passage = { id: 9, paket_soal_id: 2, nama: form.get('nama') as string, reading: null, html: form.get('html') as string };
        uploaded = { form, passage };
        return HttpResponse.json({ message: 'Bacaan berhasil ditambahkan.', data: passage }, { status: 201 });
      }),
      ...adminContentHandlers.destinations(),
      ...mediaHandlers,
    ],
  },
  play: async ({ canvasElement }) => {
    uploaded = null;
    const canvas = within(canvasElement);
    const form = within(await canvas.findByRole('form', { name: t.admin.passage.uploadTitle }));
    await userEvent.type(form.getByRole('textbox', { name: t.admin.passage.nama }), 'Bacaan 3');
    const text = await form.findByRole('textbox', { name: t.admin.passage.html }, SLOW);
    await userEvent.click(text);
    await userEvent.paste('If a < b & b < c');
    await userEvent.click(form.getByRole('button', { name: t.admin.passage.upload }));
    // The upload itself, not the message: an earlier story's identical toast may still be showing.
    await waitFor(() => expect(uploaded).not.toBeNull());
    await expectVisibleText(canvasElement, 'Bacaan berhasil ditambahkan.');
    await expect(uploaded!.form.get('html')).toBe('<p>If a &lt; b &amp; b &lt; c</p>');
    await expect(uploaded!.form.get('soal-reading')).toBeNull();
    await waitFor(() => expect(field(canvasElement, 'Question Reading')).toHaveValue('Bacaan 3'));
    // The form is ready for the next passage: name and text are empty again.
    await expect(form.getByRole('textbox', { name: t.admin.passage.nama })).toHaveValue('');
    await waitFor(() => expect(form.getByRole('textbox', { name: t.admin.passage.html })).toHaveTextContent(/^$/));
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit Bacaan 3' }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: t.admin.passage.editTitle }));
    const again = await dialog.findByRole('textbox', { name: t.admin.passage.text }, SLOW);
    await waitFor(() => expect(again.textContent).toBe('If a < b & b < c'));
  },
};

export const ReadingEditPassageModal: Story = {
  parameters: {
    route: '/admin/soal-simulasi/add-soal-reading/2',
    msw: [...readingHandlers, adminContentHandlers.updatePassage(), ...adminContentHandlers.destinations(), ...mediaHandlers],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit Bacaan 1 — Coral Reefs' }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: t.admin.passage.editTitle }));
    await waitFor(() => expect(dialog.getByRole('img', { name: t.admin.passage.preview })).toHaveAttribute('src', '/landing/og.png'));
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Batal' })).toBeVisible());
    const nama = dialog.getByRole('textbox', { name: t.admin.passage.nama });
    await userEvent.clear(nama);
    await userEvent.click(dialog.getByRole('button', { name: 'Update' }));
    await expect(dialog.getByRole('alert')).toHaveTextContent('Nama soal wajib diisi');
    await userEvent.type(nama, 'Bacaan Satu');
    await userEvent.click(dialog.getByRole('button', { name: 'Update' }));
    await expectVisibleText(canvasElement, 'Soal berhasil diupdate');
    await waitFor(() => expect(within(canvasElement.ownerDocument.body).queryByRole('dialog')).toBeNull());
  },
};

let sentPassage: FormData | null = null;

/** A text passage's text opens in the rich-text editor and travels with 'Update'. */
export const ReadingEditPassageText: Story = {
  parameters: {
    route: '/admin/soal-simulasi/add-soal-reading/2',
    msw: [
      ...readingHandlers,
      http.put('*/api/admin/paket-soal/question-reading/:id', async ({ request }) => {
        sentPassage = await request.formData();
        return HttpResponse.json({ message: 'Soal berhasil diupdate', data: demoPassages[1] });
      }),
      ...adminContentHandlers.destinations(),
      ...mediaHandlers,
    ],
  },
  play: async ({ canvasElement }) => {
    sentPassage = null;
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit Bacaan 2 — Teks' }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: t.admin.passage.editTitle }));
    const text = await dialog.findByRole('textbox', { name: t.admin.passage.text }, SLOW);
    await waitFor(() => expect(text).toHaveTextContent('The history of the bicycle...'));
    await userEvent.click(text);
    await userEvent.paste(' It began in 1817.');
    await userEvent.click(dialog.getByRole('button', { name: 'Update' }));
    await expectVisibleText(canvasElement, 'Soal berhasil diupdate');
    await waitFor(() => expect(sentPassage).not.toBeNull());
    await expect(sentPassage!.get('html')).toContain('It began in 1817.');
  },
};

/** The edit modal of a text passage, open: full screen on a phone, the text in the rich-text editor. */
export const PassageTextModalOpen: Story = {
  render: () => (
    <PassagePanelView
      status="ready"
      passages={demoPassages}
      selectedId={null}
      onSelect={fn()}
      isUploading={false}
      onUpload={fn()}
      isUpdating={false}
      onUpdate={fn()}
      onDelete={fn()}
      initialEditId={8}
    />
  ),
  play: async ({ canvasElement }) => {
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: t.admin.passage.editTitle }));
    await expect(await dialog.findByRole('textbox', { name: t.admin.passage.text }, SLOW)).toHaveTextContent(
      'The history of the bicycle...',
    );
  },
};

export const ReadingEditPassageFails: Story = {
  parameters: {
    route: '/admin/soal-simulasi/add-soal-reading/2',
    msw: [...readingHandlers, adminContentHandlers.updatePassageFail(), ...adminContentHandlers.destinations(), ...mediaHandlers],
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Edit Bacaan 2 — Teks' }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: t.admin.passage.editTitle }));
    await userEvent.click(dialog.getByRole('button', { name: 'Update' }));
    await expectVisibleText(canvasElement, 'Terjadi kesalahan saat mengupdate soal.');
  },
};

export const ReadingEdit: Story = {
  parameters: {
    route: '/admin/soal-simulasi/edit-soal-reading/401',
    msw: [
      adminContentHandlers.soal(demoSoal.reading[0]!),
      adminContentHandlers.paket(),
      adminContentHandlers.passages(),
      adminContentHandlers.updateSoal('reading'),
      ...adminContentHandlers.destinations(),
      ...mediaHandlers,
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Edit Soal Reading — Paket A Prediction' }, SLOW)).toBeVisible();
    await waitFor(() => expect(field(canvasElement, 'Question Reading')).toHaveValue('Bacaan 1 — Coral Reefs'));
    await expect(field(canvasElement, 'No. Soal')).toHaveValue('1');
    await expect(field(canvasElement, 'Page')).toHaveValue('94');
    await expect(canvas.getByRole('button', { name: 'Batal' })).toBeVisible();
    await save(canvasElement);
    await expectVisibleText(canvasElement, 'Soal berhasil diedit!');
  },
};

const structureNumbered = (numbers: number[]) =>
  numbers.map((n, i) => ({ ...demoSoal.structure[0]!, id: 900 + i, no_soal: n, page: 51 + n }));

/** The first gap (3 of 1, 2, 4); 'Simpan & Tambah Lagi' stays on the form and moves to the next gap (5). */
export const StructureSaveAndAddAgain: Story = {
  parameters: {
    route: '/admin/soal-simulasi/add-soal-structure/2',
    msw: [
      adminContentHandlers.soalList('structure', structureNumbered([1, 2, 4])),
      adminContentHandlers.paket(),
      adminContentHandlers.createSoal('structure'),
      ...adminContentHandlers.destinations(),
      ...mediaHandlers,
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(field(canvasElement, 'No. Soal')).toHaveValue('3'));
    await expect(field(canvasElement, 'Page')).toHaveValue('54');
    await enter(canvasElement, 'Soal', 'The sun ____ in the east.');
    await fillOptions(canvasElement, '2');
    await chooseSkill(canvasElement, 'st-verb-form');
    await userEvent.click(canvas.getByRole('button', { name: t.admin.soal.saveAndAdd }));
    await expectVisibleText(canvasElement, `Soal berhasil ditambahkan. ${t.admin.soal.savedAndNext(5)}`);
    await waitFor(() => expect(field(canvasElement, 'No. Soal')).toHaveValue('5'));
    await expect(field(canvasElement, 'Page')).toHaveValue('56');
    await expect(field(canvasElement, 'Pilihan 1')).toHaveValue('');
    await expect(await canvas.findByRole('textbox', { name: 'Soal' }, SLOW)).toHaveTextContent('');
    await expect(canvas.queryByTestId('probe-path')).toBeNull();
  },
};

/** Every number taken: no form, the reason and a way back. */
export const StructureFull: Story = {
  parameters: {
    route: '/admin/soal-simulasi/add-soal-structure/2',
    msw: [
      adminContentHandlers.soalList('structure', structureNumbered(Array.from({ length: 15 }, (_, i) => i + 1))),
      adminContentHandlers.paket(),
      ...adminContentHandlers.destinations(),
      ...mediaHandlers,
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The loading block is a status too: wait for the message itself.
    await expect(await canvas.findByText(t.admin.soal.sectionFull('Structure', 15))).toBeVisible();
    await expect(canvas.queryByRole('textbox', { name: 'No. Soal' })).toBeNull();
  },
};

/** The chosen passage stays chosen for the next question. */
export const ReadingSaveAndAddKeepsPassage: Story = {
  parameters: { route: '/admin/soal-simulasi/add-soal-reading/2', msw: readingHandlers },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(field(canvasElement, 'Page')).toHaveValue('95'));
    await userEvent.click(await canvas.findByRole('cell', { name: 'Bacaan 2 — Teks' }));
    await enter(canvasElement, 'Soal', 'What is the main idea?');
    await fillOptions(canvasElement, '4');
    await chooseSkill(canvasElement, 'rd-main-idea');
    await userEvent.click(canvas.getByRole('button', { name: t.admin.soal.saveAndAdd }));
    await waitFor(() => expect(field(canvasElement, 'Page')).toHaveValue('96'));
    await expect(field(canvasElement, 'No. Soal')).toHaveValue('3');
    await expect(field(canvasElement, 'Question Reading')).toHaveValue('Bacaan 2 — Teks');
  },
};

let sentStructure: { soal?: string; pilihan_satu?: string } | null = null;

/** '<' and '&' show as typed in the rich-text editor and go back exactly as stored, options too. */
export const StructureRichTextRoundTrip: Story = {
  parameters: {
    route: '/admin/soal-simulasi/edit-soal-structure/201',
    msw: [
      adminContentHandlers.soal({
        ...demoSoal.structure[0]!,
        soal: '<p>If a &lt; b &amp; b &lt; c, a ____ c.</p>',
        pilihan_satu: 'x < y & z',
      }),
      adminContentHandlers.paket(),
      http.put('*/api/admin/paket-soal/soal-structure/:soalId', async ({ request }) => {
        sentStructure = (await request.json()) as typeof sentStructure;
        return HttpResponse.json({ message: 'Soal berhasil diupdate', data: demoSoal.structure[0] });
      }),
      ...adminContentHandlers.destinations(),
      ...mediaHandlers,
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    sentStructure = null;
    const editor = await canvas.findByRole('textbox', { name: 'Soal' }, SLOW);
    await expect(editor).toHaveTextContent('If a < b & b < c, a ____ c.');
    await expect(field(canvasElement, 'Pilihan 1')).toHaveValue('x < y & z');
    await save(canvasElement);
    await waitFor(() => expect(sentStructure).not.toBeNull());
    await expect(sentStructure!.soal).toBe('<p>If a &lt; b &amp; b &lt; c, a ____ c.</p>');
    await expect(sentStructure!.pilihan_satu).toBe('x < y & z');
  },
};
