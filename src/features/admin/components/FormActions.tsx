import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { SoalSection } from '../../../../contract/soal.ts';
import { partQuestionCount } from '../../../../machines/exam-layout.ts';
import { t } from '../../../i18n/id.ts';

/** Shown instead of an add form when the section has no free number left. */
export function SectionFull({ section, onBack }: { section: SoalSection; onBack: () => void }) {
  return (
    <Alert color="blue" variant="light" role="status">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t.admin.soal.sectionFull(t.admin.sections[section], partQuestionCount(section))}</Text>
        <Button variant="default" size="xs" onClick={onBack}>
          {t.admin.common.back}
        </Button>
      </Stack>
    </Alert>
  );
}

const AGAIN = 'again';

/** Whether a form was submitted with 'Simpan & Tambah Lagi' (Enter in a field saves and closes). */
export function submittedAgain(event: { nativeEvent: Event } | undefined): boolean {
  const submitter = (event?.nativeEvent as SubmitEvent | undefined)?.submitter;
  return submitter?.dataset.intent === AGAIN;
}

/** Batal, Simpan & Tambah Lagi (add only) and Simpan Soal; both save buttons submit the form. */
export function SaveButtons({ mode, isSaving, onCancel }: { mode: 'add' | 'edit'; isSaving: boolean; onCancel: () => void }) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={isSaving}>
        {t.admin.soal.cancel}
      </Button>
      {mode === 'add' ? (
        <Button type="submit" variant="light" disabled={isSaving} data-intent={AGAIN}>
          {t.admin.soal.saveAndAdd}
        </Button>
      ) : null}
      <Button type="submit" disabled={isSaving}>
        {isSaving ? t.admin.soal.saving : t.admin.soal.save}
      </Button>
    </Group>
  );
}
