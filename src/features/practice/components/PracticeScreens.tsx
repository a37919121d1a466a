import { useDocumentTitle } from '@mantine/hooks';
import { useSearchParams } from 'react-router-dom';
import { soalSectionSchema } from '../../../../contract/soal.ts';
import { skillSchema } from '../../../../contract/skills.ts';
import { t } from '../../../i18n/id.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useNotebookQuery, usePlanQuery, usePracticeHomeQuery, useSavePlanMutation } from '../api/practice.api.ts';
import { DrillScreen } from './DrillScreen.tsx';
import { NotebookView } from './NotebookView.tsx';
import { PlanView } from './PlanView.tsx';
import { PracticeHomeView } from './PracticeHomeView.tsx';

const P = t.practice;

function PracticeHomeScreen() {
  useDocumentTitle(`${P.title} | ${t.app.name}`);
  const query = usePracticeHomeQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <PracticeHomeView
      home={query.data}
      isLoading={query.isLoading}
      error={query.isError ? P.loadFailed : null}
      onRetry={() => void query.refetch()}
    />
  );
}

/** /latihan: the practice home, or a drill when `?skill=<id>` or `?section=<section>` names one. */
export function PracticeRoute() {
  const [params] = useSearchParams();
  const skill = skillSchema.safeParse(params.get('skill'));
  const section = soalSectionSchema.safeParse(params.get('section'));
  if (skill.success) return <DrillScreen key={`s-${skill.data}`} target={{ skill: skill.data }} />;
  if (section.success) return <DrillScreen key={`x-${section.data}`} target={{ section: section.data }} />;
  return <PracticeHomeScreen />;
}

/** /latihan/review: the items of Buku Kesalahan due now. */
export function ReviewRoute() {
  return <DrillScreen target={null} />;
}

/** /latihan/buku-kesalahan. */
export function NotebookScreen() {
  useDocumentTitle(`${P.notebookTitle} | ${t.app.name}`);
  const query = useNotebookQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <NotebookView
      notebook={query.data}
      isLoading={query.isLoading}
      error={query.isError ? P.loadFailed : null}
      onRetry={() => void query.refetch()}
    />
  );
}

/** /latihan/rencana. */
export function PlanScreen() {
  useDocumentTitle(`${P.planFormTitle} | ${t.app.name}`);
  const query = usePlanQuery(undefined, { refetchOnMountOrArgChange: true });
  const [save, saving] = useSavePlanMutation();
  return (
    <PlanView
      plan={query.data?.plan}
      isLoading={query.isLoading}
      loadError={query.isError ? P.loadFailed : null}
      onRetry={() => void query.refetch()}
      saving={saving.isLoading}
      saveError={saving.isError ? `${P.planFailed} ${errorMessage(saving.error)}` : null}
      onSave={(body) => void save(body)}
    />
  );
}
