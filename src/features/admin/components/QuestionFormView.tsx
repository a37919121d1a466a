import { Alert, FileInput, NumberInput, Paper, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { SoalSection } from '../../../../contract/soal.ts';
import { listeningGroupHeadOf, pageOf } from '../../../../machines/exam-layout.ts';
import { t } from '../../../i18n/id.ts';
import { UPLOAD_RULES, acceptOf } from '../../../../contract/uploads.ts';
import { audioProblem, emptyQuestion, JAWABAN_VALUES, validateQuestion, type QuestionValues } from '../admin-content.rules.ts';
import { AdminPage } from './AdminPage.tsx';
import { SaveButtons, SectionFull, submittedAgain } from './FormActions.tsx';
import { LazyRichTextField } from './LazyRichTextField.tsx';
import { ErrorState, LoadingState } from './QueryState.tsx';
import { SkillSelect } from './SkillSelect.tsx';
import { useFilePreview } from './useFilePreview.ts';

export type QuestionSection = Exclude<SoalSection, 'written'>;

export interface QuestionFormViewProps {
  section: QuestionSection;
  mode: 'add' | 'edit';
  namaPaket?: string;
  /** Add: waiting for the section's numbers, or 'full' when none is free; edit: waiting for the question. */
  status?: 'loading' | 'error' | 'ready' | 'full';
  loadErrorMessage?: string;
  initialValues?: QuestionValues;
  /** Edit listening: the clip the question has now. */
  currentAudioUrl?: string | null;
  /** Reading: the passage table shown above the form. */
  passagePanel?: ReactNode;
  /** Reading: the passage chosen in the table (its name fills the read-only field). */
  selectedPassage?: { id: number; nama: string } | null;
  isSaving: boolean;
  /** Puts the cursor in the question text (the form reopened by 'Simpan & Tambah Lagi'). */
  focusSoal?: boolean;
  /** `again`: 'Simpan & Tambah Lagi' (add only) keeps the form open on the next number. */
  onSubmit: (values: QuestionValues, audio: File | null, again: boolean) => void;
  onCancel: () => void;
}

/**
 * Add and edit forms for listening, structure and reading questions (spec sections 2 and 5):
 * No. Soal, Page, the question (not listening), Pilihan 1-4, Jawaban, Pembahasan; listening adds
 * the audio with a preview player, reading the passage chosen in the table above.
 */
export function QuestionFormView(props: QuestionFormViewProps) {
  const { section, mode, namaPaket, status = 'ready', loadErrorMessage, passagePanel } = props;
  const sectionName = t.admin.sections[section];
  const title =
    (mode === 'add' ? t.admin.soal.addTitle(sectionName) : t.admin.soal.editTitle(sectionName)) + (namaPaket ? ` — ${namaPaket}` : '');
  return (
    <AdminPage title={title}>
      {passagePanel}
      {status === 'loading' ? <LoadingState /> : null}
      {status === 'error' ? (
        <ErrorState title={t.admin.soal.loadOneFailed} message={loadErrorMessage ?? t.admin.common.genericError} />
      ) : null}
      {status === 'full' ? <SectionFull section={section} onBack={props.onCancel} /> : null}
      {status === 'ready' ? <QuestionForm {...props} /> : null}
    </AdminPage>
  );
}

function QuestionForm({
  section,
  mode,
  initialValues,
  currentAudioUrl,
  selectedPassage,
  isSaving,
  focusSoal,
  onSubmit,
  onCancel,
}: QuestionFormViewProps) {
  const form = useForm<QuestionValues>({ initialValues: initialValues ?? emptyQuestion() });
  const [audio, audioPreview, setAudio] = useFilePreview();
  // A clip that is too big or not audio is refused when picked, before any byte is sent.
  const [audioError, setAudioError] = useState<string | null>(null);
  const pickAudio = (file: File | null) => {
    const found = file ? audioProblem(file) : null;
    setAudioError(found);
    setAudio(found ? null : file);
  };
  const [problem, setProblem] = useState<string | null>(null);
  const noSoal = form.values.no_soal;
  const groupHead = section === 'listening' && noSoal !== '' ? listeningGroupHeadOf(noSoal) : null;

  const submit = (values: QuestionValues, event?: FormEvent<HTMLFormElement>) => {
    const found = validateQuestion(section, values, { mode, audio, passageId: selectedPassage?.id ?? null });
    setProblem(found);
    const addAnother = mode === 'add' && submittedAgain(event);
    if (!found) onSubmit(values, groupHead === null ? audio : null, addAnother);
  };

  return (
    <Paper withBorder p="md" radius="md">
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput
              label={t.admin.soal.noSoal}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              withAsterisk
              {...form.getInputProps('no_soal')}
              onChange={(v) => {
                const n = typeof v === 'number' ? v : v === '' ? '' : Number(v);
                form.setFieldValue('no_soal', n);
                if (typeof n === 'number' && n >= 1) form.setFieldValue('page', pageOf(section, n));
              }}
            />
            <NumberInput
              label={t.admin.soal.page}
              description={t.admin.soal.pageHint}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              withAsterisk
              {...form.getInputProps('page')}
            />
          </SimpleGrid>
          {section === 'reading' ? (
            <TextInput
              label={t.admin.soal.questionReading}
              placeholder={t.admin.soal.questionReadingPlaceholder}
              value={selectedPassage?.nama ?? ''}
              readOnly
              withAsterisk
            />
          ) : null}
          {section === 'listening' ? (
            <Stack gap={6}>
              {groupHead !== null ? (
                <Alert color="blue" variant="light" p="xs">
                  {t.admin.soal.audioGroupNote(groupHead)}
                </Alert>
              ) : (
                <FileInput
                  label={t.admin.soal.audio}
                  placeholder={t.admin.soal.audioPlaceholder}
                  description={mode === 'edit' ? t.admin.soal.audioEditHint : undefined}
                  accept={acceptOf(UPLOAD_RULES.audio)}
                  clearable
                  withAsterisk={mode === 'add'}
                  value={audio}
                  onChange={pickAudio}
                  error={audioError}
                />
              )}
              {groupHead === null && (audioPreview ?? currentAudioUrl) ? (
                <audio
                  controls
                  src={audioPreview ?? currentAudioUrl ?? undefined}
                  aria-label={t.admin.soal.audioPreview}
                  style={{ width: '100%', maxWidth: 420 }}
                >
                  <track kind="captions" />
                </audio>
              ) : null}
            </Stack>
          ) : (
            <LazyRichTextField
              label={t.admin.soal.soal}
              required
              value={form.values.soal}
              onChange={(html) => form.setFieldValue('soal', html)}
              focusOnMount={focusSoal}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t.admin.soal.pilihan(1)} withAsterisk {...form.getInputProps('pilihan_satu')} />
            <TextInput label={t.admin.soal.pilihan(2)} withAsterisk {...form.getInputProps('pilihan_dua')} />
            <TextInput label={t.admin.soal.pilihan(3)} withAsterisk {...form.getInputProps('pilihan_tiga')} />
            <TextInput label={t.admin.soal.pilihan(4)} withAsterisk {...form.getInputProps('pilihan_empat')} />
          </SimpleGrid>
          <Select
            label={t.admin.soal.jawaban}
            data={[...JAWABAN_VALUES]}
            withAsterisk
            allowDeselect={false}
            maw={200}
            {...form.getInputProps('jawaban')}
            onChange={(v: string | null) => form.setFieldValue('jawaban', v ?? '')}
          />
          <SkillSelect section={section} value={form.values.skill} onChange={(v) => form.setFieldValue('skill', v)} />
          {section === 'listening' ? (
            <>
              <Textarea
                label={t.admin.soal.spokenQuestion}
                description={t.admin.soal.spokenQuestionHint}
                autosize
                minRows={1}
                {...form.getInputProps('spoken_question')}
              />
              <Textarea
                label={t.admin.soal.transcript}
                description={t.admin.soal.transcriptHint}
                autosize
                minRows={3}
                {...form.getInputProps('transcript')}
              />
            </>
          ) : null}
          <Textarea
            label={t.admin.soal.pembahasan}
            description={t.admin.soal.pembahasanHint}
            autosize
            minRows={2}
            {...form.getInputProps('pembahasan')}
          />
          {problem ? (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          ) : null}
          <SaveButtons mode={mode} isSaving={isSaving} onCancel={onCancel} />
        </Stack>
      </form>
    </Paper>
  );
}
