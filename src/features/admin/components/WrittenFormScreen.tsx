import { skipToken } from '@reduxjs/toolkit/query';
import { useNavigate, useParams } from 'react-router-dom';
import type { WrittenBody } from '../../../../contract/soal.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { t } from '../../../i18n/id.ts';
import { serverMessage } from '../admin-content.rules.ts';
import { useCreateSoalMutation, useLastSoalQuery } from '../api/admin-content.api.ts';
import { idParam, usePaketName, type PaketNavState } from '../hooks/usePaketName.ts';
import { WrittenFormView } from './WrittenFormView.tsx';

/** add-soal-written/{paketId}. Written expression has no edit screen: delete and add again. */
export function AddWrittenScreen() {
  const paketId = idParam(useParams().paketId);
  const namaPaket = usePaketName(paketId);
  const last = useLastSoalQuery(paketId === undefined ? skipToken : { paketId, section: 'written' }, { refetchOnMountOrArgChange: true });
  const [create, { isLoading }] = useCreateSoalMutation();
  const navigate = useNavigate();
  const state: PaketNavState = { namaPaket };
  const list = `/admin/soal-simulasi/soal-written/${paketId}`;

  const submit = async (body: WrittenBody) => {
    if (paketId === undefined) return;
    try {
      const { message } = await create({ paketId, section: 'written', body }).unwrap();
      notifySuccess(message, { audience: 'admin' });
      await navigate(list, { state });
    } catch (error) {
      notifyError(serverMessage(error, t.admin.soal.failedFallback), t.admin.soal.addFailed);
    }
  };

  return (
    <WrittenFormView
      key={last.data ? last.data.last_no_soal : 'loading'}
      namaPaket={namaPaket}
      status={paketId === undefined || last.isError ? 'error' : last.data ? 'ready' : 'loading'}
      loadErrorMessage={serverMessage(last.error)}
      initialNoSoal={last.data ? last.data.last_no_soal + 1 : ''}
      initialPage={last.data ? last.data.last_page + 1 : ''}
      isSaving={isLoading}
      onSubmit={(b) => void submit(b)}
      onCancel={() => void navigate(list, { state })}
    />
  );
}
