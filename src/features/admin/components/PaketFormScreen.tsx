import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { CreatePaketBody } from '../../../../contract/paket.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { t } from '../../../i18n/id.ts';
import { refusedCompleteness, serverMessage } from '../admin-content.rules.ts';
import { useCreatePaketMutation, useGetPaketQuery, useUpdatePaketMutation } from '../api/admin-content.api.ts';
import { idParam } from '../hooks/usePaketName.ts';
import { PaketFormView, paketToValues } from './PaketFormView.tsx';
import type { SiapRefusal } from './SiapRefusalAlert.tsx';

const LIST = '/admin/soal-simulasi';

/** /admin/soal-simulasi/add. */
export function PaketAddScreen() {
  const [create, { isLoading }] = useCreatePaketMutation();
  const navigate = useNavigate();
  const submit = async (body: CreatePaketBody) => {
    try {
      const { message } = await create(body).unwrap();
      notifySuccess(message, { audience: 'admin' });
      await navigate(LIST);
    } catch (error) {
      notifyError(serverMessage(error), t.admin.paket.addFailed);
    }
  };
  return <PaketFormView mode="add" isSaving={isLoading} onSubmit={(b) => void submit(b)} onCancel={() => void navigate(LIST)} />;
}

/** /admin/soal-simulasi/edit/{id}. Setting siap on an incomplete package shows the server's 409 message and the missing numbers. */
export function PaketEditScreen() {
  const id = idParam(useParams().id);
  const paket = useGetPaketQuery(id ?? skipToken);
  const [update, { isLoading }] = useUpdatePaketMutation();
  const [refusal, setRefusal] = useState<SiapRefusal | null>(null);
  const navigate = useNavigate();
  const submit = async (body: CreatePaketBody) => {
    if (id === undefined) return;
    setRefusal(null);
    try {
      const { message } = await update({ id, body }).unwrap();
      notifySuccess(message, { audience: 'admin' });
      await navigate(LIST);
    } catch (error) {
      // A toast fades; the list of missing numbers stays until the admin closes it.
      const completeness = refusedCompleteness(error);
      if (completeness) setRefusal({ message: serverMessage(error), completeness });
      else notifyError(serverMessage(error), t.admin.paket.updateFailed);
    }
  };
  const status = id === undefined || paket.isError ? 'error' : paket.data ? 'ready' : 'loading';
  return (
    <PaketFormView
      key={paket.data?.id}
      mode="edit"
      status={status}
      loadErrorMessage={serverMessage(paket.error)}
      initialValues={paket.data ? paketToValues(paket.data) : undefined}
      isSaving={isLoading}
      refusal={refusal}
      onDismissRefusal={() => setRefusal(null)}
      onSubmit={(b) => void submit(b)}
      onCancel={() => void navigate(LIST)}
    />
  );
}
