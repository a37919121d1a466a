import type { MiniResultBody } from '../../../../contract/practice.ts';
import { api } from '../../../api/api.ts';

/** The mini test's one server call: its result, so the missed items reach Buku Kesalahan. */
export const miniTestApi = api.injectEndpoints({
  endpoints: (build) => ({
    recordMiniResult: build.mutation<{ missed: number }, MiniResultBody>({
      query: (body) => ({ url: '/practice/mini', method: 'POST', body }),
      invalidatesTags: ['Practice'],
    }),
  }),
});

export const { useRecordMiniResultMutation } = miniTestApi;
