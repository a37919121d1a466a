import type { PublicPaket } from '../../../../contract/paket.ts';
import type { QrPaymentResponse, UploadPaymentResponse, UserPayment } from '../../../../contract/payments.ts';
import { api } from '../../../api/api.ts';

/** Paying for a package (/bayar) and the user's payments (/paket-saya). */
export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    paymentPaket: build.query<PublicPaket, number>({
      query: (paketId) => `/paket-soal/${paketId}`,
      transformResponse: (response: { data: PublicPaket }) => response.data,
      providesTags: (_r, _e, id) => [{ type: 'Paket', id }],
    }),
    paymentQr: build.query<QrPaymentResponse, void>({
      query: () => '/settings/qr-payment',
      providesTags: ['Settings'],
    }),
    uploadPayment: build.mutation<UploadPaymentResponse, { paketId: number; namaPaket: string; bukti: Blob; fileName: string }>({
      query: ({ paketId, namaPaket, bukti, fileName }) => {
        const body = new FormData();
        body.append('paket_soal_id', String(paketId));
        body.append('namaPaket', namaPaket);
        body.append('bukti', bukti, fileName);
        return { url: '/payment/upload', method: 'POST', body };
      },
      invalidatesTags: ['Payment'],
    }),
    myPayments: build.query<UserPayment[], void>({
      query: () => '/users/payment',
      transformResponse: (response: { data: UserPayment[] }) => response.data,
      providesTags: ['Payment'],
    }),
  }),
});

export const { usePaymentPaketQuery, usePaymentQrQuery, useUploadPaymentMutation, useMyPaymentsQuery } = paymentsApi;
