import { skipToken } from '@reduxjs/toolkit/query';
import { useNavigate, useParams } from 'react-router-dom';
import { useGetPaketQuery } from '../api/admin-content.api.ts';
import { idParam, usePaketName, type PaketNavState } from '../hooks/usePaketName.ts';
import { usePublishState } from '../hooks/usePublishState.ts';
import { SectionChooserView } from './SectionChooserView.tsx';
import { SoalImportPanel } from './SoalImportPanel.tsx';

/** /admin/soal-simulasi/add-soal/{paketId}. */
export function SectionChooserScreen() {
  const paketId = idParam(useParams().paketId);
  const namaPaket = usePaketName(paketId);
  const { data } = useGetPaketQuery(paketId ?? skipToken);
  const publish = usePublishState(paketId);
  const navigate = useNavigate();
  return (
    <SectionChooserView
      namaPaket={namaPaket}
      completeness={data?.completeness}
      onChoose={(s) => void navigate(`/admin/soal-simulasi/soal-${s}/${paketId}`, { state: { namaPaket } satisfies PaketNavState })}
      onBack={() => void navigate('/admin/soal-simulasi')}
      onStats={() => void navigate(`/admin/soal-simulasi/statistik/${paketId}`, { state: { namaPaket } satisfies PaketNavState })}
      onRepublish={publish.offerRepublish ? publish.republish : undefined}
      republishing={publish.republishing}
      siapRefusal={publish.refusal}
      onDismissRefusal={publish.dismissRefusal}
      bankTools={paketId === undefined ? null : <SoalImportPanel paketId={paketId} />}
    />
  );
}
