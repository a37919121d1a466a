import type {
  AdminPaymentList,
  AdminPaymentQuery,
  DecidePaymentBody,
  DecidePaymentResponse,
  QrPaymentMutationResponse,
  QrPaymentResponse,
  QrisSetting,
  ReversePaymentBody,
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
    reversePayment: build.mutation<DecidePaymentResponse, { id: number } & ReversePaymentBody>({
      query: ({ id, ...body }) => ({ url: `/admin/payments/${id}/reverse`, method: 'POST', body }),
      // The learner may lose the package the confirmation had opened.
      invalidatesTags: ['Payment', 'User'],
    }),
    reopenPayment: build.mutation<DecidePaymentResponse, number>({
      query: (id) => ({ url: `/admin/payments/${id}/reopen`, method: 'POST' }),
      invalidatesTags: ['Payment'],
    }),
    qrisSetting: build.query<QrisSetting, void>({
      query: () => '/admin/settings/qris',
      providesTags: ['Settings'],
    }),
    /** The pasted payload as JSON, or a picture of the QRIS as multipart (decoded on the server). */
    saveQris: build.mutation<{ message: string; data: QrisSetting }, { payload: string } | { image: File }>({
      query: (input) => {
        if ('payload' in input) return { url: '/admin/settings/qris', method: 'PUT', body: { payload: input.payload } };
        const body = new FormData();
        body.append('image', input.image, input.image.name);
        return { url: '/admin/settings/qris', method: 'PUT', body };
      },
      invalidatesTags: ['Settings'],
    }),
    /** Back to the static QR image: no exact-amount orders from now on. */
    removeQris: build.mutation<{ message: string; data: QrisSetting }, void>({
      query: () => ({ url: '/admin/settings/qris', method: 'DELETE' }),
      invalidatesTags: ['Settings'],
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

export const {
  useAdminPaymentsQuery,
  useDecidePaymentMutation,
  useReversePaymentMutation,
  useReopenPaymentMutation,
  useQrisSettingQuery,
  useSaveQrisMutation,
  useRemoveQrisMutation,
  useAdminQrQuery,
  useUploadQrMutation,
} = adminPaymentsApi;
