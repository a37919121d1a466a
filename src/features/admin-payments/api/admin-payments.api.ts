import type {
  AdminPaymentList,
  AdminPaymentQuery,
  DecidePaymentBody,
  DecidePaymentResponse,
  QrPaymentMutationResponse,
  QrPaymentResponse,
} from '../../../../contract/payments.ts';
import { api } from '../../../api/api.ts';

/** Payment verification and the QR-payment setting (admin). */
export const adminPaymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminPayments: build.query<AdminPaymentList, AdminPaymentQuery>({
      query: (params) => ({ url: '/admin/payments', params }),
      providesTags: ['Payment'],
    }),
    decidePayment: build.mutation<DecidePaymentResponse, { id: number } & DecidePaymentBody>({
      query: ({ id, ...body }) => ({ url: `/admin/payments/${id}/status`, method: 'PUT', body }),
      // A confirmation may open a package for the participant: their access and user rows change too.
      invalidatesTags: ['Payment', 'User'],
    }),
    adminQr: build.query<QrPaymentResponse, void>({
      query: () => '/settings/qr-payment',
      providesTags: ['Settings'],
    }),
    uploadQr: build.mutation<QrPaymentMutationResponse, File>({
      query: (file) => {
        const body = new FormData();
        body.append('qr', file, file.name);
        return { url: '/admin/settings/qr-payment', method: 'PUT', body };
      },
      invalidatesTags: ['Settings'],
    }),
  }),
});

export const { useAdminPaymentsQuery, useDecidePaymentMutation, useAdminQrQuery, useUploadQrMutation } = adminPaymentsApi;
