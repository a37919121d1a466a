import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { AdminSoal, WrittenBody } from '../../../../contract/soal.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { t } from '../../../i18n/id.ts';
import { serverMessage } from '../admin-content.rules.ts';
import { useCreateSoalMutation, useGetSoalQuery, useUpdateSoalMutation } from '../api/admin-content.api.ts';
import { useNextNumber } from '../hooks/useNextNumber.ts';
import { idParam, usePaketName, type PaketNavState } from '../hooks/usePaketName.ts';
import { readWrittenHtml } from '../written-html.ts';
import { WrittenFormView, type WrittenInitial } from './WrittenFormView.tsx';

const listPath = (paketId: number | undefined) => `/admin/soal-simulasi/soal-written/${paketId}`;

/** add-soal-written/{paketId}: starts on the section's first free number; 'Simpan & Tambah Lagi' moves on. */
export function AddWrittenScreen() {
  const paketId = idParam(useParams().paketId);
  const namaPaket = usePaketName(paketId);
  const next = useNextNumber(paketId, 'written');
  const [create, { isLoading }] = useCreateSoalMutation();
  const navigate = useNavigate();
  const state: PaketNavState = { namaPaket };

  const submit = async (body: WrittenBody, again: boolean) => {
    if (paketId === undefined) return;
    try {
      const { message } = await create({ paketId, section: 'written', body }).unwrap();
      if (again) next.saved(Number(body.no_soal), message);
      else {
        notifySuccess(message, { audience: 'admin' });
        await navigate(listPath(paketId), { state });
      }
    } catch (error) {
      notifyError(serverMessage(error, t.admin.soal.failedFallback), t.admin.soal.addFailed);
    }
  };

  return (
    <WrittenFormView
      key={next.round}
      namaPaket={namaPaket}
      status={paketId === undefined ? 'error' : next.status}
      loadErrorMessage={next.errorMessage}
      initialNoSoal={next.proposal?.no_soal ?? ''}
      initialPage={next.proposal?.page ?? ''}
      isSaving={isLoading}
      onSubmit={(b, again) => void submit(b, again)}
      onCancel={() => void navigate(listPath(paketId), { state })}
    />
  );
}

/** The stored markup read back into the marker's sentence and parts. */
function initialOf(soal: AdminSoal): { initial: WrittenInitial; unreadable: boolean } {
  const read = readWrittenHtml(soal.soal);
  const rest = { jawaban: soal.jawaban, skill: soal.skill, pembahasan: soal.pembahasan ?? '' };
  // Unreadable: start from the sentence's text so only the four parts need marking again.
  const text = new DOMParser().parseFromString(soal.soal, 'text/html').body.textContent ?? '';
  return read
    ? { initial: { sentence: read.sentence, parts: read.parts, ...rest }, unreadable: false }
    : { initial: { sentence: text.replace(/\s+/g, ' ').trim(), parts: [], ...rest }, unreadable: true };
}

/** edit-soal-written/{soalId}: the same marker, filled from the stored sentence. */
export function EditWrittenScreen() {
  const soalId = idParam(useParams().soalId);
  const soal = useGetSoalQuery(soalId ?? skipToken, { refetchOnMountOrArgChange: true });
  const paketId = soal.data?.paket_soal_id;
  const namaPaket = usePaketName(paketId);
  const [update, { isLoading }] = useUpdateSoalMutation();
  const navigate = useNavigate();
  const location = useLocation();
  const read = useMemo(() => (soal.data ? initialOf(soal.data) : null), [soal.data]);

  const back = async () => {
    if (location.key === 'default' && paketId !== undefined) await navigate(listPath(paketId), { state: { namaPaket } });
    else await navigate(-1);
  };

  const submit = async (body: WrittenBody) => {
    if (soalId === undefined) return;
    try {
      await update({ soalId, section: 'written', body }).unwrap();
      notifySuccess(t.admin.soal.updated, { audience: 'participant' });
      await back();
    } catch (error) {
      notifyError(serverMessage(error, t.admin.soal.failedFallback), t.admin.soal.updateFailed);
    }
  };

  return (
    <WrittenFormView
      key={soal.data?.id ?? 'loading'}
      mode="edit"
      namaPaket={namaPaket}
      status={soalId === undefined || soal.isError ? 'error' : soal.data ? 'ready' : 'loading'}
      loadErrorMessage={serverMessage(soal.error)}
      initialNoSoal={soal.data?.no_soal ?? ''}
      initialPage={soal.data?.page ?? ''}
      initial={read?.initial}
      unreadable={read?.unreadable}
      isSaving={isLoading}
      onSubmit={(b) => void submit(b)}
      onCancel={() => void back()}
    />
  );
}
