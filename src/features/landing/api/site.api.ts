import type { SiteInfo } from '../../../../contract/site.ts';
import { api } from '../../../api/api.ts';

/** Public site settings (GET /api/site): the messaging contact behind the enrol and chat buttons. */
export const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSite: build.query<SiteInfo, void>({
      query: () => '/site',
      providesTags: ['Settings'],
    }),
  }),
});

export const { useGetSiteQuery } = siteApi;
