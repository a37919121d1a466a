import type { PublicPaket } from '../../../../contract/paket.ts';
import type { CekAksesPaketResponse, LastScoreResponse } from '../../../../contract/payments.ts';
import { api } from '../../../api/api.ts';

/** The /paketsoal page: published packages, the last score and the access check (spec section 7). */
export const paketApi = api.injectEndpoints({
  endpoints: (build) => ({
    paketList: build.query<PublicPaket[], void>({
      query: () => '/paket-soal',
      transformResponse: (response: { data: PublicPaket[] }) => response.data,
      providesTags: ['Paket'],
    }),
    paketLastScore: build.query<LastScoreResponse, void>({
      query: () => '/users/lastScore',
      providesTags: ['History'],
    }),
    /** Asked afresh at every click: access changes when an admin decides a payment. */
    paketAccessCheck: build.query<CekAksesPaketResponse, number>({
      query: (paketId) => `/users/cek-akses/${paketId}`,
      providesTags: ['Payment', 'Exam'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { usePaketListQuery, usePaketLastScoreQuery, useLazyPaketAccessCheckQuery } = paketApi;
