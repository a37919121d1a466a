import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { apiAssetUrl } from '../../../api/api.ts';
import { t } from '../../../i18n/id.ts';
import { httpStatus } from '../../../lib/api-error.ts';
import { useHistoryReviewQuery } from '../api/results.api.ts';
import { ReviewView, type ReviewFilter } from './ReviewView.tsx';

/** /riwayat-ujian/:id/pembahasan. */
export function ReviewScreen() {
  useDocumentTitle(`${t.results.review.title} | ${t.app.name}`);
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useHistoryReviewQuery(id, { skip: !valid });
  const [filter, setFilter] = useState<ReviewFilter>('all');
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
      filter={filter}
      onFilterChange={setFilter}
      onRetry={() => void query.refetch()}
      assetUrl={apiAssetUrl}
    />
  );
}
