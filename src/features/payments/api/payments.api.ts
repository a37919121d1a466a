import type { PublicPaket } from '../../../../contract/paket.ts';
import type { PaymentMethodsResponse, PaymentOrder, UploadPaymentResponse } from '../../../../contract/payments.ts';
import { api } from '../../../api/api.ts';

/** Paying for a package (/bayar): the package, how it can be paid, exact-amount orders and the proof. */
export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    paymentPaket: build.query<PublicPaket, number>({
      query: (paketId) => `/paket-soal/${paketId}`,
      transformResponse: (response: { data: PublicPaket }) => response.data,
      providesTags: (_r, _e, id) => [{ type: 'Paket', id }],
    }),
    paymentQr: build.query<PaymentMethodsResponse, void>({
      query: () => '/settings/qr-payment',
      providesTags: ['Settings'],
    }),
    /** The open order for a package, a renewed one after expiry, or the same one asked again. */
    createOrder: build.mutation<PaymentOrder, number>({
      query: (paketId) => ({ url: '/payment/order', method: 'POST', body: { paket_soal_id: paketId } }),
      transformResponse: (response: { data: PaymentOrder }) => response.data,
    }),
    /** Polled while the order is open; a settlement changes access, so it stays fresh. */
    paymentOrder: build.query<PaymentOrder, number>({
      query: (id) => `/payment/order/${id}`,
      transformResponse: (response: { data: PaymentOrder }) => response.data,
      providesTags: (_r, _e, id) => [{ type: 'Payment', id: `order-${id}` }],
      keepUnusedDataFor: 0,
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
  }),
});

export const { usePaymentPaketQuery, usePaymentQrQuery, useCreateOrderMutation, usePaymentOrderQuery, useUploadPaymentMutation } =
  paymentsApi;
