import { modals } from '@mantine/modals';
import { useState } from 'react';
import { notifySuccess } from '../../../components/notify.ts';
import { t } from '../../../i18n/id.ts';
import { bodyText, errorMessage, firstFieldError } from '../../../lib/api-error.ts';
import { useQrisSettingQuery, useRemoveQrisMutation, useSaveQrisMutation } from '../api/admin-payments.api.ts';
import { QrisSettingView } from './QrisSettingView.tsx';

/** Binds the stored QRIS and its two ways in (pasted text, or a picture the server reads). */
export function QrisSettingScreen() {
  const query = useQrisSettingQuery();
  const [save] = useSaveQrisMutation();
  const [remove, removal] = useRemoveQrisMutation();
  const [payload, setPayload] = useState('');
  const [payloadError, setPayloadError] = useState<string | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [saving, setSaving] = useState<'payload' | 'image' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const send = async (kind: 'payload' | 'image', input: { payload: string } | { image: File }) => {
    setSaving(kind);
    setRefusal(null);
    try {
      const res = await save(input).unwrap();
      notifySuccess(res.message || t.adminQris.saved, { audience: 'admin' });
      if (kind === 'payload') setPayload('');
      else setImage(null);
    } catch (error) {
      setRefusal(firstFieldError(error) ?? bodyText(error, 'message') ?? errorMessage(error));
    } finally {
      setSaving(null);
    }
  };

  const askRemove = () =>
    modals.openConfirmModal({
      title: t.adminQris.removeConfirmTitle,
      children: t.adminQris.removeConfirmText,
      labels: { confirm: t.adminQris.removeConfirm, cancel: t.adminQris.cancel },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t.dialog.close },
      centered: true,
      onConfirm: () => {
        setRefusal(null);
        remove()
          .unwrap()
          .then(
            (res) => notifySuccess(res.message || t.adminQris.removed, { audience: 'admin' }),
            (error: unknown) => setRefusal(bodyText(error, 'message') ?? errorMessage(error)),
          );
      },
    });

  return (
    <QrisSettingView
      setting={query.data}
      isLoading={query.isLoading}
      loadError={query.isError ? errorMessage(query.error) : null}
      payload={payload}
      onPayloadChange={(p) => {
        setPayload(p);
        if (p.trim()) setPayloadError(null);
      }}
      payloadError={payloadError}
      onSavePayload={() => {
        const text = payload.trim();
        if (!text) {
          setPayloadError(t.adminQris.payloadRequired);
          return;
        }
        void send('payload', { payload: text });
      }}
      image={image}
      onImageChange={(f) => {
        setImage(f);
        if (f) setImageError(null);
      }}
      imageError={imageError}
      onSaveImage={() => {
        if (!image) {
          setImageError(t.adminQris.imageRequired);
          return;
        }
        void send('image', { image });
      }}
      saving={saving}
      refusal={refusal}
      onRemove={askRemove}
      removing={removal.isLoading}
    />
  );
}
