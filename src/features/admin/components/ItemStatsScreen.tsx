import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { serverMessage } from '../admin-content.rules.ts';
import { idParam, usePaketName } from '../hooks/usePaketName.ts';
import { useItemStatsQuery } from '../api/item-stats.api.ts';
import { ItemStatsView, type PartFilter } from './ItemStatsView.tsx';

/** /admin/soal-simulasi/statistik/{paketId}. */
export function ItemStatsScreen() {
  const paketId = idParam(useParams().paketId);
  const namaPaket = usePaketName(paketId);
  const query = useItemStatsQuery(paketId ?? skipToken);
  const [part, setPart] = useState<PartFilter>('all');
  const [flaggedOnly, setFlaggedOnly] = useState(false);
  const navigate = useNavigate();
  return (
    <ItemStatsView
      status={paketId === undefined || query.isError ? 'error' : query.data ? 'ready' : 'loading'}
      stats={query.data}
      namaPaket={namaPaket}
      errorMessage={serverMessage(query.error)}
      part={part}
      onPartChange={setPart}
      flaggedOnly={flaggedOnly}
      onFlaggedOnlyChange={setFlaggedOnly}
      onRetry={() => void query.refetch()}
      onBack={() => void navigate('/admin/soal-simulasi')}
    />
  );
}
