import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import type { AuditQuery } from '../../../../contract/audit.ts';
import { t } from '../../../i18n/id.ts';
import { bodyText } from '../../../lib/api-error.ts';
import { auditCsvUrl, useAuditLogQuery } from '../api/audit.api.ts';
import { AuditLogView, type AuditFilters } from './AuditLogView.tsx';

const LIMIT = 20;
const EMPTY: AuditFilters = { action: '', actor: '', from: '', to: '' };

/** /admin/audit-log: filters apply on submit; the CSV link carries the applied ones. */
export function AuditLogScreen() {
  useDocumentTitle(`${t.adminAudit.title} | ${t.admin.title}`);
  const [draft, setDraft] = useState<AuditFilters>(EMPTY);
  const [applied, setApplied] = useState<AuditFilters>(EMPTY);
  const [page, setPage] = useState(1);
  const filters: AuditQuery = {
    action: applied.action || undefined,
    actor: applied.actor.trim() || undefined,
    from: applied.from || undefined,
    to: applied.to || undefined,
  };
  const query = useAuditLogQuery({ ...filters, page, limit: LIMIT });
  return (
    <AuditLogView
      status={query.isError ? 'error' : query.data ? 'ready' : 'loading'}
      entries={query.data?.data ?? []}
      total={query.data?.total ?? 0}
      page={page}
      limit={LIMIT}
      actions={query.data?.actions ?? []}
      draft={draft}
      filtered={Object.values(filters).some((v) => v !== undefined)}
      errorMessage={query.isError ? bodyText(query.error, 'message') : undefined}
      csvUrl={auditCsvUrl(filters)}
      onDraftChange={setDraft}
      onApply={() => {
        setApplied(draft);
        setPage(1);
      }}
      onReset={() => {
        setDraft(EMPTY);
        setApplied(EMPTY);
        setPage(1);
      }}
      onPageChange={setPage}
      onRetry={() => void query.refetch()}
    />
  );
}
