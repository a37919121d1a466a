import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { SkillId } from '../../../../contract/skills.ts';
import type { AdminSoal, QuestionReading, ReadingBody, StructureBody } from '../../../../contract/soal.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { t } from '../../../i18n/id.ts';
import { emptyQuestion, serverMessage, type QuestionValues } from '../admin-content.rules.ts';
import {
  useCreateListeningMutation,
  useCreateSoalMutation,
  useGetSoalQuery,
  useUpdateListeningMutation,
  useUpdateSoalMutation,
} from '../api/admin-content.api.ts';
import { useNextNumber } from '../hooks/useNextNumber.ts';
import { usePassagePanel } from '../hooks/usePassagePanel.ts';
import { idParam, usePaketName, type PaketNavState } from '../hooks/usePaketName.ts';
import { PassagePanelView } from './PassagePanelView.tsx';
import { QuestionFormView, type QuestionSection } from './QuestionFormView.tsx';

function listeningForm(v: QuestionValues, audio: File | null): FormData {
  const form = new FormData();
  form.append('no_soal', String(v.no_soal));
  form.append('page', String(v.page));
  form.append('pilihan_satu', v.pilihan_satu.trim());
  form.append('pilihan_dua', v.pilihan_dua.trim());
  form.append('pilihan_tiga', v.pilihan_tiga.trim());
  form.append('pilihan_empat', v.pilihan_empat.trim());
  form.append('jawaban', v.jawaban);
  if (v.pembahasan.trim()) form.append('pembahasan', v.pembahasan.trim());
  form.append('skill', v.skill);
  // Always sent: an emptied field clears the stored text.
  form.append('transcript', v.transcript.trim());
  form.append('spoken_question', v.spoken_question.trim());
  if (audio) form.append('audio', audio);
  return form;
}

function jsonBody(v: QuestionValues): StructureBody {
  return {
    no_soal: Number(v.no_soal),
    page: Number(v.page),
    soal: v.soal.trim(),
    pilihan_satu: v.pilihan_satu.trim(),
    pilihan_dua: v.pilihan_dua.trim(),
    pilihan_tiga: v.pilihan_tiga.trim(),
    pilihan_empat: v.pilihan_empat.trim(),
    jawaban: v.jawaban,
    ...(v.pembahasan.trim() ? { pembahasan: v.pembahasan.trim() } : {}),
    skill: v.skill as SkillId,
  };
}

function soalToValues(s: AdminSoal): QuestionValues {
  return {
    no_soal: s.no_soal,
    page: s.page,
    soal: s.soal,
    pilihan_satu: s.pilihan_satu,
    pilihan_dua: s.pilihan_dua,
    pilihan_tiga: s.pilihan_tiga,
    pilihan_empat: s.pilihan_empat,
    jawaban: s.jawaban,
    pembahasan: s.pembahasan ?? '',
    skill: s.skill,
    transcript: s.transcript ?? '',
    spoken_question: s.spoken_question ?? '',
  };
}

const listPath = (section: QuestionSection, paketId: number) => `/admin/soal-simulasi/soal-${section}/${paketId}`;

/**
 * add-soal-{section}/{paketId}: No. Soal and Page start on the section's first free number;
 * 'Simpan & Tambah Lagi' keeps the form (and the chosen passage) open on the next one.
 */
export function QuestionAddScreen({ section }: { section: QuestionSection }) {
  const paketId = idParam(useParams().paketId);
  const namaPaket = usePaketName(paketId);
  const next = useNextNumber(paketId, section);
  const [passage, setPassage] = useState<QuestionReading | null>(null);
  const panel = usePassagePanel(section === 'reading' ? paketId : undefined, passage?.id ?? null, setPassage);
  const [createListening, listeningState] = useCreateListeningMutation();
  const [createSoal, soalState] = useCreateSoalMutation();
  const navigate = useNavigate();
  const state: PaketNavState = { namaPaket };

  const submit = async (values: QuestionValues, audio: File | null, again: boolean) => {
    if (paketId === undefined) return;
    try {
      const { message } =
        section === 'listening'
          ? await createListening({ paketId, form: listeningForm(values, audio) }).unwrap()
          : section === 'structure'
            ? await createSoal({ paketId, section, body: jsonBody(values) }).unwrap()
            : await createSoal({
                paketId,
                section,
                body: { ...jsonBody(values), q_reading: passage?.id ?? 0 } satisfies ReadingBody,
              }).unwrap();
      if (again) {
        next.saved(Number(values.no_soal), message);
        return;
      }
      notifySuccess(message, { audience: 'admin' });
      await navigate(listPath(section, paketId), { state });
    } catch (error) {
      notifyError(serverMessage(error, t.admin.soal.failedFallback), t.admin.soal.addFailed);
    }
  };

  return (
    <QuestionFormView
      key={next.round}
      section={section}
      mode="add"
      namaPaket={namaPaket}
      status={paketId === undefined ? 'error' : next.status}
      loadErrorMessage={next.errorMessage}
      initialValues={next.proposal ? emptyQuestion(next.proposal.no_soal, next.proposal.page) : undefined}
      focusSoal={next.round > 0}
      passagePanel={section === 'reading' ? <PassagePanelView {...panel} /> : undefined}
      selectedPassage={passage}
      isSaving={listeningState.isLoading || soalState.isLoading}
      onSubmit={(v, audio, again) => void submit(v, audio, again)}
      onCancel={() => void (paketId === undefined ? navigate(-1) : navigate(listPath(section, paketId), { state }))}
    />
  );
}

/** edit-soal-{section}/{soalId}: audio optional; after saving, back to the previous page. */
export function QuestionEditScreen({ section }: { section: Exclude<QuestionSection, 'written'> }) {
  const soalId = idParam(useParams().soalId);
  const soal = useGetSoalQuery(soalId ?? skipToken, { refetchOnMountOrArgChange: true });
  const paketId = soal.data?.paket_soal_id;
  const namaPaket = usePaketName(paketId);
  const [chosen, setChosen] = useState<QuestionReading | null | undefined>(undefined);
  const passage = chosen === undefined ? (soal.data?.readingQuestion ?? null) : chosen;
  const panel = usePassagePanel(section === 'reading' ? paketId : undefined, passage?.id ?? null, setChosen);
  const [updateListening, listeningState] = useUpdateListeningMutation();
  const [updateSoal, soalState] = useUpdateSoalMutation();
  const navigate = useNavigate();
  const location = useLocation();

  const back = async () => {
    // Opened directly (no history inside the app): go to the section's list instead.
    if (location.key === 'default' && paketId !== undefined) await navigate(listPath(section, paketId), { state: { namaPaket } });
    else await navigate(-1);
  };

  const submit = async (values: QuestionValues, audio: File | null) => {
    if (soalId === undefined) return;
    try {
      if (section === 'listening') {
        await updateListening({ soalId, form: listeningForm(values, audio) }).unwrap();
        notifySuccess(t.admin.soal.updated, { audience: 'participant' });
      } else if (section === 'structure') {
        await updateSoal({ soalId, section, body: jsonBody(values) }).unwrap();
        notifySuccess(t.admin.soal.updated, { audience: 'participant' });
      } else {
        await updateSoal({ soalId, section, body: { ...jsonBody(values), q_reading: passage?.id ?? 0 } }).unwrap();
        notifySuccess(t.admin.soal.edited, { audience: 'admin' });
      }
      await back();
    } catch (error) {
      notifyError(serverMessage(error, t.admin.soal.failedFallback), t.admin.soal.updateFailed);
    }
  };

  return (
    <QuestionFormView
      section={section}
      mode="edit"
      namaPaket={namaPaket}
      status={soalId === undefined || soal.isError ? 'error' : soal.data ? 'ready' : 'loading'}
      loadErrorMessage={serverMessage(soal.error)}
      initialValues={soal.data ? soalToValues(soal.data) : undefined}
      currentAudioUrl={soal.data?.audio}
      passagePanel={section === 'reading' && paketId !== undefined ? <PassagePanelView {...panel} /> : undefined}
      selectedPassage={passage}
      isSaving={listeningState.isLoading || soalState.isLoading}
      onSubmit={(v, audio) => void submit(v, audio)}
      onCancel={() => void back()}
    />
  );
}

export const AddListeningScreen = () => <QuestionAddScreen section="listening" />;
export const AddStructureScreen = () => <QuestionAddScreen section="structure" />;
export const AddReadingScreen = () => <QuestionAddScreen section="reading" />;
export const EditListeningScreen = () => <QuestionEditScreen section="listening" />;
export const EditStructureScreen = () => <QuestionEditScreen section="structure" />;
export const EditReadingScreen = () => <QuestionEditScreen section="reading" />;
