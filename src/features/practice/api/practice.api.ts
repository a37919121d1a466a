import type {
  AnswerBody,
  AnswerResponse,
  DrillBody,
  DrillResponse,
  NotebookResponse,
  PlanBody,
  PlanResponse,
  PracticeHome,
} from '../../../../contract/practice.ts';
import { api } from '../../../api/api.ts';

/** Practice ('Latihan'): home, drills, answers, Buku Kesalahan reviews, the study plan. */
export const practiceApi = api.injectEndpoints({
  endpoints: (build) => ({
    practiceHome: build.query<PracticeHome, void>({ query: () => '/practice/home', providesTags: ['Practice'] }),
    /** A drill is drawn anew on every start, so it is a mutation (nothing cached between drills). */
    startDrill: build.mutation<DrillResponse, DrillBody>({ query: (body) => ({ url: '/practice/drills', method: 'POST', body }) }),
    dueReviews: build.mutation<DrillResponse, void>({ query: () => ({ url: '/practice/reviews', method: 'GET', cache: 'no-store' }) }),
    answerItem: build.mutation<AnswerResponse, AnswerBody>({
      query: (body) => ({ url: '/practice/answers', method: 'POST', body }),
      invalidatesTags: ['Practice'],
    }),
    notebook: build.query<NotebookResponse, void>({ query: () => '/practice/notebook', providesTags: ['Practice'] }),
    plan: build.query<PlanResponse, void>({ query: () => '/practice/plan', providesTags: ['Practice'] }),
    savePlan: build.mutation<PlanResponse, PlanBody>({
      query: (body) => ({ url: '/practice/plan', method: 'PUT', body }),
      invalidatesTags: ['Practice'],
    }),
  }),
});

export const {
  usePracticeHomeQuery,
  useStartDrillMutation,
  useDueReviewsMutation,
  useAnswerItemMutation,
  useNotebookQuery,
  usePlanQuery,
  useSavePlanMutation,
} = practiceApi;
