import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import type { QuestionReading } from '../../../../contract/soal.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { t } from '../../../i18n/id.ts';
import { serverMessage } from '../admin-content.rules.ts';
import {
  useCreatePassageMutation,
  useDeletePassageMutation,
  useListPassagesQuery,
  useUpdatePassageMutation,
} from '../api/admin-content.api.ts';
import type { PassageInput, PassagePanelViewProps } from '../components/PassagePanelView.tsx';

function passageForm(input: PassageInput): FormData {
  const form = new FormData();
  form.append('nama', input.nama.trim());
  if (input.html?.trim()) form.append('html', input.html.trim());
  // The spec's multipart field name for the passage image.
  if (input.image) form.append('soal-reading', input.image);
  return form;
}

/** Binds a package's passage list, upload, update and delete to the PassagePanelView. */
export function usePassagePanel(
  paketId: number | undefined,
  selectedId: number | null,
  onSelect: (passage: QuestionReading | null) => void,
): PassagePanelViewProps {
  const list = useListPassagesQuery(paketId ?? skipToken);
  const [create, creating] = useCreatePassageMutation();
  const [update, updating] = useUpdatePassageMutation();
  const [remove] = useDeletePassageMutation();
  const [deletingId, setDeletingId] = useState<number | null>(null);

  return {
    status: list.isError ? 'error' : list.isLoading || paketId === undefined ? 'loading' : 'ready',
    passages: list.data ?? [],
    errorMessage: serverMessage(list.error),
    selectedId,
    onSelect,
    isUploading: creating.isLoading,
    onUpload: async (input) => {
      if (paketId === undefined) return false;
      try {
        const { message, data } = await create({ paketId, form: passageForm(input) }).unwrap();
        notifySuccess(message, { audience: 'admin' });
        onSelect(data);
        return true;
      } catch (error) {
        notifyError(serverMessage(error), t.admin.passage.uploadFailed);
        return false;
      }
    },
    isUpdating: updating.isLoading,
    onUpdate: async (id, input) => {
      try {
        const { message, data } = await update({ id, form: passageForm(input) }).unwrap();
        // Spec section 8: 'Soal berhasil diupdate' stays 2 s.
        notifySuccess(message, { audience: 'participant' });
        if (data.id === selectedId) onSelect(data);
        return true;
      } catch (error) {
        notifyError(serverMessage(error, t.admin.passage.updateFailed));
        return false;
      }
    },
    deletingId,
    onDelete: async (p) => {
      setDeletingId(p.id);
      try {
        const { message } = await remove(p.id).unwrap();
        notifySuccess(message, { audience: 'admin' });
        if (p.id === selectedId) onSelect(null);
      } catch (error) {
        notifyError(serverMessage(error), t.admin.passage.deleteFailed);
      } finally {
        setDeletingId(null);
      }
    },
  };
}
