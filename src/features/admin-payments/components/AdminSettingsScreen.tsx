import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { apiAssetUrl } from '../../../api/api.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { usePickedFile } from '../../../components/usePickedFile.ts';
import { t } from '../../../i18n/id.ts';
import { bodyText, errorMessage } from '../../../lib/api-error.ts';
import { useAdminQrQuery, useUploadQrMutation } from '../api/admin-payments.api.ts';
import { AdminSettingsView } from './AdminSettingsView.tsx';
import { QrisSettingScreen } from './QrisSettingScreen.tsx';

/** /admin/settings: binds the QR-payment image and its upload. */
export function AdminSettingsScreen() {
  useDocumentTitle(`${t.adminSettings.title} | ${t.admin.title}`);
  const query = useAdminQrQuery();
  const [upload, { isLoading: isSaving }] = useUploadQrMutation();
  const [picked, setPicked] = usePickedFile();
  const file = picked?.file ?? null;
  const [fieldError, setFieldError] = useState<string | null>(null);

  const save = async () => {
    if (!file) {
      setFieldError(t.adminSettings.required);
      return;
    }
    try {
      const res = await upload(file).unwrap();
      notifySuccess(res.message || t.adminSettings.saved, { audience: 'admin' });
      setPicked(null);
    } catch (error) {
      notifyError(bodyText(error, 'message') ?? t.adminPayments.actionFailed, t.adminSettings.failedTitle);
    }
  };

  return (
    <AdminSettingsView
      qris={<QrisSettingScreen />}
      currentUrl={query.data ? (apiAssetUrl(query.data.url) ?? null) : undefined}
      isLoading={query.isLoading}
      loadError={query.isError ? errorMessage(query.error) : null}
      previewUrl={picked?.previewUrl}
      fileName={file?.name}
      onPick={(f) => {
        setPicked(f);
        setFieldError(null);
      }}
      onReject={() => setFieldError(t.adminSettings.dropReject)}
      fieldError={fieldError}
      isSaving={isSaving}
      onSave={() => void save()}
    />
  );
}
