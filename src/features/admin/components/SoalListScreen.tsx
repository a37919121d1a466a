import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { SoalSection } from '../../../../contract/soal.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { t } from '../../../i18n/id.ts';
import { serverMessage } from '../admin-content.rules.ts';
import { useDeleteSoalMutation, useListSoalQuery } from '../api/admin-content.api.ts';
import { idParam, usePaketName, type PaketNavState } from '../hooks/usePaketName.ts';
import { usePublishState } from '../hooks/usePublishState.ts';
import { SoalListView } from './SoalListView.tsx';

/** soal-{section}/{paketId} for one section. */
export function SoalListScreen({ section }: { section: SoalSection }) {
  const paketId = idParam(useParams().paketId);
  const namaPaket = usePaketName(paketId);
  const publish = usePublishState(paketId);
  const list = useListSoalQuery(paketId === undefined ? skipToken : { paketId, section });
  const [remove] = useDeleteSoalMutation();
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const navigate = useNavigate();
  const state: PaketNavState = { namaPaket };

  const onDelete = async (id: number) => {
    setDeletingId(id);
    try {
      const { message } = await remove(id).unwrap();
      notifySuccess(message, { audience: 'admin' });
    } catch (error) {
      notifyError(serverMessage(error), t.admin.soal.deleteFailed);
    } finally {
      setDeletingId(null);
    }
  };

  return (
    <SoalListView
      section={section}
      namaPaket={namaPaket}
      status={paketId === undefined || list.isError ? 'error' : list.isLoading ? 'loading' : 'ready'}
      soals={list.data ?? []}
      errorMessage={serverMessage(list.error)}
      deletingId={deletingId}
      onRetry={() => void list.refetch()}
      onAdd={() => void navigate(`/admin/soal-simulasi/add-soal-${section}/${paketId}`, { state })}
      onEdit={(s) => void navigate(`/admin/soal-simulasi/edit-soal-${section}/${s.id}`, { state })}
      onDelete={(s) => void onDelete(s.id)}
      onBack={() => void navigate(`/admin/soal-simulasi/add-soal/${paketId}`, { state })}
      paketSiap={publish.siap}
      onRepublish={publish.offerRepublish ? publish.republish : undefined}
      republishing={publish.republishing}
      siapRefusal={publish.refusal}
      onDismissRefusal={publish.dismissRefusal}
    />
  );
}

export const ListeningListScreen = () => <SoalListScreen section="listening" />;
export const StructureListScreen = () => <SoalListScreen section="structure" />;
export const WrittenListScreen = () => <SoalListScreen section="written" />;
export const ReadingListScreen = () => <SoalListScreen section="reading" />;
