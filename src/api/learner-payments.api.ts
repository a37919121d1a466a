import type { UserPayment } from '../../contract/payments.ts';
import { api } from './api.ts';

/**
 * The learner's own payments, shared by the package page (a waiting payment replaces 'Kerjakan
 * Soal'), Paket Saya and the app frame (the header badge and the decision message).
 */
export const learnerPaymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    myPayments: build.query<UserPayment[], void>({
      query: () => '/users/payment',
      transformResponse: (response: { data: UserPayment[] }) => response.data,
      providesTags: ['Payment'],
    }),
    /** Decisions not shown to the learner yet. */
    paymentUpdates: build.query<UserPayment[], void>({
      query: () => '/users/payment/updates',
      transformResponse: (response: { data: UserPayment[] }) => response.data,
      providesTags: ['Payment'],
    }),
    markPaymentUpdatesSeen: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/users/payment/updates/seen', method: 'POST' }),
      invalidatesTags: ['Payment'],
    }),
  }),
});

export const { useMyPaymentsQuery, usePaymentUpdatesQuery, useMarkPaymentUpdatesSeenMutation } = learnerPaymentsApi;
