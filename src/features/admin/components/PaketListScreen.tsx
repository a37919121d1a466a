import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { t } from '../../../i18n/id.ts';
import { serverMessage } from '../admin-content.rules.ts';
import { useClonePaketMutation, useDeletePaketMutation, useListPaketQuery, useRestorePaketMutation } from '../api/admin-content.api.ts';
import type { PaketNavState } from '../hooks/usePaketName.ts';
import { PaketListView } from './PaketListView.tsx';

/** /admin/soal-simulasi. */
export function PaketListScreen() {
  const list = useListPaketQuery();
  const [remove] = useDeletePaketMutation();
  const [restore] = useRestorePaketMutation();
  const [clone] = useClonePaketMutation();
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const [cloningId, setCloningId] = useState<number | null>(null);
  const navigate = useNavigate();

  const run = async (id: number, call: typeof remove, failedTitle: string) => {
    setDeletingId(id);
    try {
      const { message } = await call(id).unwrap();
      notifySuccess(message, { audience: 'admin' });
    } catch (error) {
      notifyError(serverMessage(error), failedTitle);
    } finally {
      setDeletingId(null);
    }
  };

  // The copy opens in its edit form: it is named 'Salinan ...' and most admins rename it first.
  const copy = async (id: number) => {
    setCloningId(id);
    try {
      const { message, data } = await clone(id).unwrap();
      notifySuccess(message, { audience: 'admin' });
      await navigate(`/admin/soal-simulasi/edit/${data.id}`);
    } catch (error) {
      notifyError(serverMessage(error), t.admin.paket.cloneFailed);
    } finally {
      setCloningId(null);
    }
  };

  return (
    <PaketListView
      status={list.isLoading ? 'loading' : list.isError ? 'error' : 'ready'}
      pakets={list.data ?? []}
      errorMessage={serverMessage(list.error)}
      deletingId={deletingId}
      cloningId={cloningId}
      onRetry={() => void list.refetch()}
      onAddPaket={() => void navigate('/admin/soal-simulasi/add')}
      onAddSoal={(p) =>
        void navigate(`/admin/soal-simulasi/add-soal/${p.id}`, { state: { namaPaket: p.nama_paket } satisfies PaketNavState })
      }
      onEdit={(p) => void navigate(`/admin/soal-simulasi/edit/${p.id}`)}
      onStats={(p) =>
        void navigate(`/admin/soal-simulasi/statistik/${p.id}`, { state: { namaPaket: p.nama_paket } satisfies PaketNavState })
      }
      onDelete={(p) => void run(p.id, remove, t.admin.paket.deleteFailed)}
      onRestore={(p) => void run(p.id, restore, t.admin.paket.restoreFailed)}
      onClone={(p) => void copy(p.id)}
    />
  );
}
