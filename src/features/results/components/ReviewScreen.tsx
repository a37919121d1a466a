import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { apiAssetUrl } from '../../../api/api.ts';
import { t } from '../../../i18n/id.ts';
import { bodyText, httpStatus } from '../../../lib/api-error.ts';
import { useHistoryReviewQuery } from '../api/results.api.ts';
import { ReviewView, type ReviewFilter } from './ReviewView.tsx';

/** /riwayat-ujian/:id/pembahasan, optionally ?skill=<skill id> (the diagnosis links there). */
export function ReviewScreen() {
  useDocumentTitle(`${t.results.review.title} | ${t.app.name}`);
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useHistoryReviewQuery(id, { skip: !valid });
  const [filter, setFilter] = useState<ReviewFilter>('all');
  const [params, setParams] = useSearchParams();
  const skill = params.get('skill') || null;
  const setSkill = (next: string | null) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        if (next) copy.set('skill', next);
        else copy.delete('skill');
        return copy;
      },
      { replace: true },
    );
  const status =
    !valid || httpStatus(query.error) === 404 || httpStatus(query.error) === 400
      ? 'notFound'
      : query.isError
        ? 'error'
        : query.data
          ? 'ready'
          : 'loading';
  return (
    <ReviewView
      status={status}
      review={query.data}
      errorMessage={httpStatus(query.error) === 409 ? bodyText(query.error, 'message') : undefined}
      filter={filter}
      onFilterChange={setFilter}
      skill={skill}
      onSkillChange={setSkill}
      onRetry={() => void query.refetch()}
      assetUrl={apiAssetUrl}
    />
  );
}
