import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { HistoryItem, HistoryList, ProgressResponse, ReviewResponse, VerifyResponse } from '../../../../contract/results.ts';
import type { DiagnosisResponse } from '../../../../contract/diagnosis.ts';
import { api } from '../../../api/api.ts';
import { t } from '../../../i18n/id.ts';
import { fileNameFromDisposition, type DownloadedFile } from '../../../lib/download.ts';

/** Reads a PDF as a blob, but a failure's JSON body as JSON (so its message reaches the toast). */
const blobOrJson = async (response: Response): Promise<unknown> => (response.ok ? response.blob() : response.json().catch(() => ({})));

/** The participant's results (spec section 7): history, certificates, review, progress; public verification. */
export const resultsApi = api.injectEndpoints({
  endpoints: (build) => ({
    myHistory: build.query<HistoryItem[], void>({
      query: () => '/users/riwayat-ujian',
      transformResponse: (response: HistoryList) => response.data,
      providesTags: ['History'],
    }),
    historyReview: build.query<ReviewResponse, number>({
      query: (id) => `/users/riwayat-ujian/${id}/review`,
      providesTags: (_r, _e, id) => [{ type: 'History', id }],
      // Keys and explanations are not kept around longer than the page needs them.
      keepUnusedDataFor: 0,
    }),
    /** One attempt's skills (its history id) or, with undefined, all finished attempts together. */
    myDiagnosis: build.query<DiagnosisResponse, number | undefined>({
      query: (historyId) => (historyId === undefined ? '/users/diagnosis' : `/users/diagnosis?historyId=${historyId}`),
      providesTags: ['History'],
    }),
    myProgress: build.query<ProgressResponse, void>({
      query: () => '/users/progress',
      providesTags: ['History'],
    }),
    /** GET /users/certificate/{id}: the PDF as an object URL and its file name. */
    downloadCertificate: build.mutation<DownloadedFile, number>({
      query: (id) => ({ url: `/users/certificate/${id}`, responseHandler: blobOrJson, cache: 'no-store' }),
      transformResponse: (blob: Blob, meta: FetchBaseQueryMeta | undefined) => ({
        url: URL.createObjectURL(blob),
        fileName: fileNameFromDisposition(meta?.response?.headers.get('content-disposition'), t.results.history.fallbackFileName),
      }),
    }),
    verifyCertificate: build.query<VerifyResponse, string>({
      query: (code) => `/sertifikat/verify/${encodeURIComponent(code)}`,
    }),
  }),
});

export const {
  useMyHistoryQuery,
  useHistoryReviewQuery,
  useMyDiagnosisQuery,
  useMyProgressQuery,
  useDownloadCertificateMutation,
  useVerifyCertificateQuery,
} = resultsApi;
