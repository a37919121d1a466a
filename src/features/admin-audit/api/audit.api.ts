import type { AuditList, AuditQuery } from '../../../../contract/audit.ts';
import { api, apiBaseUrl } from '../../../api/api.ts';

/** Drops empty filters so the URL (and the cache key) stays clean. */
export const auditParams = (query: AuditQuery): Record<string, string> =>
  Object.fromEntries(
    Object.entries(query)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );

/**
 * The CSV of the same filters (GET /admin/audit-log.csv): a plain link, so the browser downloads
 * it with the session cookie like any attachment.
 */
export const auditCsvUrl = (query: AuditQuery): string => {
  const filters = Object.entries(auditParams(query)).filter(([k]) => k !== 'page' && k !== 'limit');
  const search = new URLSearchParams(filters).toString();
  return `${apiBaseUrl}/admin/audit-log.csv${search ? `?${search}` : ''}`;
};

/** The audit log of admin actions (DESIGN section 13). */
export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    auditLog: build.query<AuditList, AuditQuery>({
      query: (query) => ({ url: '/admin/audit-log', params: auditParams(query), cache: 'no-store' }),
      // Every admin change writes an entry; whatever a mutation invalidates, the log is stale too.
      providesTags: ['User', 'Paket', 'Soal', 'Payment', 'History', 'Settings'],
    }),
  }),
});

export const { useAuditLogQuery } = auditApi;
