import { useDocumentTitle } from '@mantine/hooks';
import { useParams } from 'react-router-dom';
import { t } from '../../../i18n/id.ts';
import { httpStatus } from '../../../lib/api-error.ts';
import { useMyDiagnosisQuery } from '../api/results.api.ts';
import { DiagnosisView } from './DiagnosisView.tsx';

/** /diagnosis (all finished attempts) and /diagnosis/:historyId (one attempt). */
export function DiagnosisScreen() {
  useDocumentTitle(`${t.results.diagnosis.title} | ${t.app.name}`);
  const raw = useParams().historyId;
  const id = raw === undefined ? undefined : Number(raw);
  const valid = id === undefined || (Number.isInteger(id) && id > 0);
  const query = useMyDiagnosisQuery(id, { skip: !valid });
  const code = httpStatus(query.error);
  const status = !valid || code === 404 || code === 400 ? 'notFound' : query.isError ? 'error' : query.data ? 'ready' : 'loading';
  return <DiagnosisView status={status} diagnosis={query.data} onRetry={() => void query.refetch()} />;
}
