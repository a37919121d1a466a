import type { FetchArgs, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { CekAksesPaketResponse } from '../../../../contract/payments.ts';
import type {
  DraftBody,
  DraftResponse,
  NextSectionBody,
  ScoreResult,
  SoalResponse,
  SubmitBody,
  TimerResponse,
} from '../../../../contract/exam.ts';
import { api, type ApiCallOptions } from '../../../api/api.ts';
import { authApi } from '../../../api/auth.api.ts';
import type { AppStore } from '../../../app/store.ts';
import { withTransientRetry, type Attempt } from '../../../api/transient-retry.ts';
import { fileNameFromDisposition, type DownloadedFile } from '../../../lib/download.ts';

const FALLBACK_CERTIFICATE_NAME = 'sertifikat.pdf';

type BaseQuery = (args: string | FetchArgs) => unknown;
type EndTime = { hasEndTime: boolean; sesi: TimerResponse['sesi'] | null };

/** Every exam call is given up when the server goes silent (a dead connection; decision 040). */
const untilSilent = { untilSilent: true } satisfies ApiCallOptions;

/**
 * Every exam call is idempotent on the server (a timer start or refresh, Selesai, next section
 * naming the section it leaves, reads), so a 503 of an overloaded server or a dropped connection is
 * repeated, after the server's Retry-After, before the exam shows an error.
 */
const repeated =
  <T, A>(args: (arg: A) => string | FetchArgs) =>
  async (arg: A, _api: unknown, _extra: unknown, baseQuery: BaseQuery) => {
    const result = await withTransientRetry(async () => (await baseQuery(args(arg))) as Attempt<unknown>);
    return result.error ? { error: result.error } : { data: result.data as T };
  };

const timer = (url: string) => repeated<TimerResponse, number>((paketId) => ({ url, method: 'PUT', body: { paketId } }));

/** The participant exam calls (spec section 7, DESIGN section 4). */
export const examApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Asked afresh on every visit (by the exam route as early as it can, see askAccessEarly, or
     * by the page itself). No tags on purpose: finishing the exam must not re-check access
     * under the finish screen (the finished package is no longer open, which is no reason to leave).
     */
    examAccessCheck: build.query<CekAksesPaketResponse, number>({
      query: (paketId) => `/users/cek-akses/${paketId}`,
      extraOptions: { besideIdentityProbe: true, ...untilSilent } satisfies ApiCallOptions,
      keepUnusedDataFor: 0,
    }),
    examSoal: build.query<SoalResponse, void>({
      queryFn: repeated<SoalResponse, void>(() => '/soal'),
      extraOptions: untilSilent,
      providesTags: ['Soal'],
      keepUnusedDataFor: 0,
    }),
    examEndtime: build.query<EndTime, void>({
      queryFn: repeated<EndTime, void>(() => '/soal/cek-endtime'),
      extraOptions: untilSilent,
      keepUnusedDataFor: 0,
    }),
    examDraft: build.query<DraftResponse, void>({
      queryFn: repeated<DraftResponse, void>(() => '/soal/jawaban/draft'),
      extraOptions: untilSilent,
      keepUnusedDataFor: 0,
    }),
    /** Starts listening on the first call, later reports the running section. */
    examTimer: build.mutation<TimerResponse, number>({ queryFn: timer('/soal/timers'), extraOptions: untilSilent }),
    /** GET /soal/timers: read-only, for the running section's periodic check (never starts an attempt). */
    examTimerCheck: build.query<TimerResponse, void>({
      queryFn: repeated<TimerResponse, void>(() => ({ url: '/soal/timers', cache: 'no-store' })),
      extraOptions: untilSilent,
    }),
    examTimerToZero: build.mutation<TimerResponse, number>({ queryFn: timer('/soal/timers-to-zero'), extraOptions: untilSilent }),
    /** `sesi`: the section the page leaves, so a repeat of a move already made answers the new one. */
    examTimerNext: build.mutation<TimerResponse, { paketId: number; sesi: NextSectionBody['sesi'] }>({
      queryFn: repeated<TimerResponse, { paketId: number; sesi: NextSectionBody['sesi'] }>((body) => ({
        url: '/soal/timers/next',
        method: 'PUT',
        body,
      })),
      extraOptions: untilSilent,
    }),
    examSaveDraft: build.mutation<DraftResponse, DraftBody>({
      query: (body) => ({ url: '/soal/jawaban/draft', method: 'PUT', body }),
      extraOptions: untilSilent,
    }),
    /**
     * The final submission is idempotent on the server (a repeat answers the stored score), so a
     * dropped connection or a 503 when everyone submits at once is repeated a few times before
     * the exam shows its retry button; the answers stay in browser storage until it succeeds.
     */
    examSubmit: build.mutation<ScoreResult, SubmitBody>({
      queryFn: repeated<ScoreResult, SubmitBody>((body) => ({ url: '/soal/jawaban', method: 'POST', body })),
      extraOptions: untilSilent,
      invalidatesTags: ['History', 'Exam', 'Payment'],
    }),
    /** GET /users/lastScore/sertif: the PDF of the newest finished attempt. */
    examCertificate: build.mutation<DownloadedFile, void>({
      query: () => ({ url: '/users/lastScore/sertif', responseHandler: (response) => response.blob(), cache: 'no-store' }),
      transformResponse: (blob: Blob, meta: FetchBaseQueryMeta | undefined) => ({
        url: URL.createObjectURL(blob),
        fileName: fileNameFromDisposition(meta?.response?.headers.get('content-disposition'), FALLBACK_CERTIFICATE_NAME),
      }),
    }),
  }),
});

export const { useExamAccessCheckQuery, useExamCertificateMutation } = examApi;

/**
 * How old an answer asked early by the exam route (askAccessEarly) may be when the page uses it,
 * and how long the route holds it: the access check when the page mounts, the questions and the
 * attempt's state when the exam's machine loads (decision 030). Older answers are asked again.
 */
export const EARLY_ANSWER_S = 10;

/**
 * The exam route's early calls (decisions 026 and 030), asked beside the exam's own code instead of
 * after that code has loaded and the page has mounted. The access check goes out as soon as the
 * identity probe has answered signed in, or at once beside the probe when the page load says a
 * session cookie was sent (`sessionSent`, the hint of decision 020). Once access is granted, the
 * questions and whether an attempt has started follow at once: the start screen waits for them.
 * A signed-out visitor is not asked about (the guard sends them to sign in).
 */
export async function askAccessEarly(store: AppStore, paketId: number, { sessionSent }: { sessionSent: boolean }): Promise<void> {
  if (!Number.isInteger(paketId) || paketId <= 0) return;
  if (!sessionSent && store.getState().auth.status === 'unknown') {
    // The probe the page load started (store-boot.ts); this answers when it does, without asking again.
    await store.dispatch(authApi.endpoints.getAuth.initiate(undefined, { subscribe: false }));
  }
  const { status } = store.getState().auth;
  if (status !== 'authenticated' && !(sessionSent && status === 'unknown')) return;
  const e = examApi.endpoints;
  const held = (request: { unsubscribe: () => void }) => setTimeout(() => request.unsubscribe(), EARLY_ANSWER_S * 1000);
  const access = store.dispatch(e.examAccessCheck.initiate(paketId, { forceRefetch: true }));
  held(access);
  // The questions are those of the package the access check opens (it may make it the active one).
  if (!(await access).data?.bolehAkses) return;
  held(store.dispatch(e.examSoal.initiate(undefined, { forceRefetch: true })));
  held(store.dispatch(e.examEndtime.initiate(undefined, { forceRefetch: true })));
}
