import { skipToken } from '@reduxjs/toolkit/query';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { t } from '../../../i18n/id.ts';
import { serverMessage } from '../admin-content.rules.ts';
import { useGetPaketQuery, useUpdatePaketMutation } from '../api/admin-content.api.ts';

export interface PublishState {
  /** The package is published now: removing a question will set it back to belum. */
  siap: boolean;
  /** Complete again but still belum (a question was removed and put back): offer to publish. */
  offerRepublish: boolean;
  republishing: boolean;
  republish: () => void;
}

/** Whether a package's content screens warn before unpublishing and offer to publish it again. */
export function usePublishState(paketId: number | undefined): PublishState {
  const { data } = useGetPaketQuery(paketId ?? skipToken);
  const [update, { isLoading }] = useUpdatePaketMutation();
  const republish = async () => {
    if (!data) return;
    try {
      await update({ id: data.id, body: { nama_paket: data.nama_paket, status: 'siap' } }).unwrap();
      notifySuccess(t.admin.paket.republished, { audience: 'admin' });
    } catch (error) {
      notifyError(serverMessage(error), t.admin.paket.updateFailed);
    }
  };
  return {
    siap: data?.status === 'siap',
    offerRepublish: !!data && data.status === 'belum' && data.completeness.complete && data.archived_at === null,
    republishing: isLoading,
    republish: () => void republish(),
  };
}
