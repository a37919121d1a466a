import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { AdminAttemptActionResponse, AdminAttemptList, ExtendBody, ReopenBody } from '../../../../contract/accommodations.ts';
import type { AdminHistoryList, AdminHistoryQuery } from '../../../../contract/results.ts';
import { api } from '../../../api/api.ts';
import { t } from '../../../i18n/id.ts';
import { fileNameFromDisposition, type DownloadedFile } from '../../../lib/download.ts';

const blobOrJson = async (response: Response): Promise<unknown> => (response.ok ? response.blob() : response.json().catch(() => ({})));

/** Drops empty filters so the URL (and the cache key) stays clean. */
const params = (query: AdminHistoryQuery) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

/** The admin exam history (spec section 7: GET /admin/riwayat-ujian), its CSV and certificates. */
export const adminHistoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminHistory: build.query<AdminHistoryList, AdminHistoryQuery>({
      query: (query) => ({ url: '/admin/riwayat-ujian', params: params(query) }),
      providesTags: ['History'],
    }),
    adminHistoryCsv: build.mutation<DownloadedFile, AdminHistoryQuery>({
      query: (query) => ({ url: '/admin/riwayat-ujian.csv', params: params(query), responseHandler: blobOrJson, cache: 'no-store' }),
      transformResponse: (blob: Blob, meta: FetchBaseQueryMeta | undefined) => ({
        url: URL.createObjectURL(blob),
        fileName: fileNameFromDisposition(meta?.response?.headers.get('content-disposition'), 'riwayat-ujian.csv'),
      }),
    }),
    /** GET /admin/ujian/berjalan: every open attempt (the admin extends or reopens from here). */
    runningAttempts: build.query<AdminAttemptList, void>({
      query: () => ({ url: '/admin/ujian/berjalan', cache: 'no-store' }),
      providesTags: ['History'],
    }),
    extendAttempt: build.mutation<AdminAttemptActionResponse, { attemptId: number; body: ExtendBody }>({
      query: ({ attemptId, body }) => ({ url: `/admin/ujian/${attemptId}/perpanjang`, method: 'POST', body }),
      invalidatesTags: ['History'],
    }),
    /** Withdraws a finished attempt's result, so the history list changes too (docs/decisions/010). */
    reopenAttempt: build.mutation<AdminAttemptActionResponse, { attemptId: number; body: ReopenBody }>({
      query: ({ attemptId, body }) => ({ url: `/admin/ujian/${attemptId}/buka-ulang`, method: 'POST', body }),
      invalidatesTags: ['History'],
    }),
    adminCertificate: build.mutation<DownloadedFile, number>({
      query: (id) => ({ url: `/users/certificate/${id}`, responseHandler: blobOrJson, cache: 'no-store' }),
      transformResponse: (blob: Blob, meta: FetchBaseQueryMeta | undefined) => ({
        url: URL.createObjectURL(blob),
        fileName: fileNameFromDisposition(meta?.response?.headers.get('content-disposition'), t.results.history.fallbackFileName),
      }),
    }),
  }),
});

export const {
  useAdminHistoryQuery,
  useAdminHistoryCsvMutation,
  useAdminCertificateMutation,
  useRunningAttemptsQuery,
  useExtendAttemptMutation,
  useReopenAttemptMutation,
} = adminHistoryApi;
