import type { ItemStats, ItemStatsResponse } from '../../../../contract/item-stats.ts';
import { api } from '../../../api/api.ts';

/** Item statistics of one package (GET /admin/paket-soal/{id}/statistik). */
export const itemStatsApi = api.injectEndpoints({
  endpoints: (build) => ({
    itemStats: build.query<ItemStats, number>({
      query: (paketId) => `/admin/paket-soal/${paketId}/statistik`,
      transformResponse: (response: ItemStatsResponse) => response.data,
      // New attempts (history) and edited keys (questions) both change the figures.
      providesTags: ['History', 'Soal'],
    }),
  }),
});

export const { useItemStatsQuery } = itemStatsApi;
