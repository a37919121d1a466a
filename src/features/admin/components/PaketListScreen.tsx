import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { t } from '../../../i18n/id.ts';
import { serverMessage } from '../admin-content.rules.ts';
import { useDeletePaketMutation, useListPaketQuery } from '../api/admin-content.api.ts';
import type { PaketNavState } from '../hooks/usePaketName.ts';
import { PaketListView } from './PaketListView.tsx';

/** /admin/soal-simulasi. */
export function PaketListScreen() {
  const list = useListPaketQuery();
  const [remove] = useDeletePaketMutation();
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const navigate = useNavigate();

  const onDelete = async (id: number) => {
    setDeletingId(id);
    try {
      const { message } = await remove(id).unwrap();
      notifySuccess(message, { audience: 'admin' });
    } catch (error) {
      notifyError(serverMessage(error), t.admin.paket.deleteFailed);
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
      onDelete={(p) => void onDelete(p.id)}
    />
  );
}
