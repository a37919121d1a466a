import type { CekAksesPaketResponse } from '../../../../contract/payments.ts';
import type { DraftBody, DraftResponse, ScoreResult, SoalResponse, SubmitBody, TimerResponse } from '../../../../contract/exam.ts';
import { api } from '../../../api/api.ts';
import { withTransientRetry } from '../../../api/transient-retry.ts';

/** A downloaded certificate as an object URL (a Blob would not be serialisable in the store). */
export interface CertificateFile {
  url: string;
  fileName: string;
}

const FALLBACK_CERTIFICATE_NAME = 'sertifikat.pdf';

/** The file name of a Content-Disposition header (RFC 6266 `filename*` first), or the fallback. */
export function fileNameFromDisposition(header: string | null | undefined, fallback = FALLBACK_CERTIFICATE_NAME): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // a malformed escape: fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("?)([^";]+)\1/i.exec(header);
  return plain?.[2]?.trim() || fallback;
}

/** fetchBaseQuery's meta carries the Response; the api's base query type does not say so. */
function responseOf(meta: unknown): Response | undefined {
  if (typeof meta !== 'object' || meta === null || !('response' in meta)) return undefined;
  return meta.response instanceof Response ? meta.response : undefined;
}

const timer = (url: string) => (paketId: number) => ({ url, method: 'PUT', body: { paketId } });

/** The participant exam calls (spec section 7, DESIGN section 4). */
export const examApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Asked afresh on every visit. No tags on purpose: finishing the exam must not re-check access
     * under the finish screen (the finished package is no longer open, which is no reason to leave).
     */
    examAccessCheck: build.query<CekAksesPaketResponse, number>({
      query: (paketId) => `/users/cek-akses/${paketId}`,
      keepUnusedDataFor: 0,
    }),
    examSoal: build.query<SoalResponse, void>({
      query: () => '/soal',
      providesTags: ['Soal'],
      keepUnusedDataFor: 0,
    }),
    examEndtime: build.query<{ hasEndTime: boolean; sesi: TimerResponse['sesi'] | null }, void>({
      query: () => '/soal/cek-endtime',
      keepUnusedDataFor: 0,
    }),
    examDraft: build.query<DraftResponse, void>({
      query: () => '/soal/jawaban/draft',
      keepUnusedDataFor: 0,
    }),
    /** Starts listening on the first call, later reports the running section. */
    examTimer: build.mutation<TimerResponse, number>({ query: timer('/soal/timers') }),
    examTimerToZero: build.mutation<TimerResponse, number>({ query: timer('/soal/timers-to-zero') }),
    examTimerNext: build.mutation<TimerResponse, number>({ query: timer('/soal/timers/next') }),
    examSaveDraft: build.mutation<DraftResponse, DraftBody>({
      query: (body) => ({ url: '/soal/jawaban/draft', method: 'PUT', body }),
    }),
    /**
     * The final submission is idempotent on the server (a repeat answers the stored score), so a
     * dropped connection or a 503 when everyone submits at once is repeated a few times before
     * the exam shows its retry button; the answers stay in browser storage until it succeeds.
     */
    examSubmit: build.mutation<ScoreResult, SubmitBody>({
      queryFn: async (body, _api, _extra, baseQuery) => {
        const result = await withTransientRetry(async () => baseQuery({ url: '/soal/jawaban', method: 'POST', body }));
        return result.error ? { error: result.error } : { data: result.data as ScoreResult };
      },
      invalidatesTags: ['History', 'Exam', 'Payment'],
    }),
    /** GET /users/lastScore/sertif: the PDF of the newest finished attempt. */
    examCertificate: build.mutation<CertificateFile, void>({
      query: () => ({ url: '/users/lastScore/sertif', responseHandler: (response) => response.blob(), cache: 'no-store' }),
      transformResponse: (blob: Blob, meta) => ({
        url: URL.createObjectURL(blob),
        fileName: fileNameFromDisposition(responseOf(meta)?.headers.get('content-disposition')),
      }),
    }),
  }),
});

export const { useExamAccessCheckQuery, useExamCertificateMutation } = examApi;
