import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { t } from '../../../i18n/id.ts';
import { serverMessage } from '../admin-content.rules.ts';
import { useDeletePaketMutation, useListPaketQuery, useRestorePaketMutation } from '../api/admin-content.api.ts';
import type { PaketNavState } from '../hooks/usePaketName.ts';
import { PaketListView } from './PaketListView.tsx';

/** /admin/soal-simulasi. */
export function PaketListScreen() {
  const list = useListPaketQuery();
  const [remove] = useDeletePaketMutation();
  const [restore] = useRestorePaketMutation();
  const [deletingId, setDeletingId] = useState<number | null>(null);
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

  return (
    <PaketListView
      status={list.isLoading ? 'loading' : list.isError ? 'error' : 'ready'}
      pakets={list.data ?? []}
      errorMessage={serverMessage(list.error)}
      deletingId={deletingId}
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
    />
  );
}
