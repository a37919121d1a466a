import { useDocumentTitle } from '@mantine/hooks';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { apiAssetUrl } from '../../../api/api.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { usePickedFile } from '../../../components/usePickedFile.ts';
import { t } from '../../../i18n/id.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import {
  paymentsApi,
  useCreateOrderMutation,
  usePaymentOrderQuery,
  usePaymentPaketQuery,
  usePaymentQrQuery,
  useUploadPaymentMutation,
} from '../api/payments.api.ts';
import { useQrDataUrl } from '../hooks/useQrDataUrl.ts';
import { orderPollingMs } from '../order-phase.ts';
import { downscaleImage } from '../../../lib/downscale-image.ts';
import { BayarView } from './BayarView.tsx';

/** Navigation state from /paketsoal: the displayed price and name, and a previous rejection. */
interface BayarState {
  harga?: number;
  nama_paket?: string;
  alasan?: string | null;
}

/** A proof of payment: the amount and reference stay readable, light on mobile data. */
/** The server compares proofs as JPEG or PNG pixels (the reused-proof check); any other type goes as JPEG. */
const PROOF = { maxSide: 1600, quality: 0.8, fallbackName: 'bukti', keepTypes: ['image/jpeg', 'image/png'] };

/**
 * /bayar/{paketId}: the package comes from the server (the navigation state only fills the
 * moment it loads); the picked photo is downscaled in the browser before it is sent.
 */
export function BayarScreen() {
  useDocumentTitle(`${t.bayar.title} | ${t.app.name}`);
  const paketId = Number(useParams().paketId);
  const valid = Number.isInteger(paketId) && paketId > 0;
  const state = (useLocation().state ?? {}) as BayarState;
  const navigate = useNavigate();
  const paket = usePaymentPaketQuery(paketId, { skip: !valid });
  const qr = usePaymentQrQuery();
  const [upload, { isLoading: isSubmitting }] = useUploadPaymentMutation();
  const [picked, setPicked] = usePickedFile();
  const file = picked?.file ?? null;
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [isPreparing, setPreparing] = useState(false);

  // With a QRIS payload or a gateway, the page asks for the package's exact-amount order at once
  // (the server answers an open one again, so a reload or a second tab gets the same code).
  const ordersOn = qr.data?.orders === true && valid;
  const [createOrder, created] = useCreateOrderMutation();
  const requestOrder = useCallback(() => {
    void createOrder(paketId);
  }, [createOrder, paketId]);
  useEffect(() => {
    if (ordersOn) requestOrder();
  }, [ordersOn, requestOrder]);
  const orderId = created.data?.id;
  const orderArg = orderId ?? skipToken;
  // The polled answer is newer than the creation's, unless a renewal just replaced the order.
  const cached = paymentsApi.endpoints.paymentOrder.useQueryState(orderArg);
  const order = cached.data?.id === orderId ? cached.data : created.data;
  // Polling stops by itself once the order is paid, expired or waits for an admin.
  usePaymentOrderQuery(orderArg, { pollingInterval: orderPollingMs(order) });
  const qrDataUrl = useQrDataUrl(order?.qris);

  if (!valid) return <Navigate to="/paketsoal" replace />;

  const fromState =
    state.nama_paket !== undefined && state.harga !== undefined ? { nama_paket: state.nama_paket, harga: state.harga } : undefined;
  const shown = paket.data ?? (paket.isError ? undefined : fromState);

  const submit = async () => {
    if (!file) {
      setFieldError(t.bayar.required);
      return;
    }
    setFieldError(null);
    setPreparing(true);
    const prepared = await downscaleImage(file, PROOF);
    setPreparing(false);
    try {
      const res = await upload({
        paketId,
        namaPaket: shown?.nama_paket ?? '',
        bukti: prepared.blob,
        fileName: prepared.fileName,
      }).unwrap();
      notifySuccess(res.message || t.bayar.success, { audience: 'participant' });
      await navigate('/paketsoal');
    } catch (error) {
      notifyError(errorMessage(error), t.bayar.failed);
    }
  };

  return (
    <BayarView
      paket={shown}
      paketLoading={paket.isLoading}
      paketFailed={paket.isError}
      qrUrl={qr.isError ? null : qr.data ? (apiAssetUrl(qr.data.url) ?? null) : undefined}
      qrLoading={qr.isLoading}
      rejectedAlasan={state.alasan}
      previewUrl={picked?.previewUrl}
      fileName={file?.name}
      onPick={(f) => {
        setPicked(f);
        setFieldError(null);
      }}
      onReject={() => setFieldError(t.bayar.dropReject)}
      fieldError={fieldError}
      isPreparing={isPreparing}
      isSubmitting={isSubmitting}
      onSubmit={() => void submit()}
      gateway={qr.data?.gateway === true}
      order={
        ordersOn
          ? {
              order,
              isCreating: created.isLoading,
              error: created.isError ? errorMessage(created.error) : null,
              onRetry: requestOrder,
              qrDataUrl,
              onRenew: requestOrder,
            }
          : undefined
      }
    />
  );
}
