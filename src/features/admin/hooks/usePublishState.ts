import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { t } from '../../../i18n/id.ts';
import { refusedCompleteness, serverMessage } from '../admin-content.rules.ts';
import { useGetPaketQuery, useUpdatePaketMutation } from '../api/admin-content.api.ts';
import type { SiapRefusal } from '../components/SiapRefusalAlert.tsx';

export interface PublishState {
  /** The package is published now: removing a question will set it back to belum. */
  siap: boolean;
  /** Complete again but still belum (a question was removed and put back): offer to publish. */
  offerRepublish: boolean;
  republishing: boolean;
  republish: () => void;
  /** The server refused siap (the package changed meanwhile): shown until dismissed. */
  refusal: SiapRefusal | null;
  dismissRefusal: () => void;
}

/** Whether a package's content screens warn before unpublishing and offer to publish it again. */
export function usePublishState(paketId: number | undefined): PublishState {
  const { data } = useGetPaketQuery(paketId ?? skipToken);
  const [update, { isLoading }] = useUpdatePaketMutation();
  const [refusal, setRefusal] = useState<SiapRefusal | null>(null);
  const republish = async () => {
    if (!data) return;
    setRefusal(null);
    try {
      await update({ id: data.id, body: { nama_paket: data.nama_paket, status: 'siap' } }).unwrap();
      notifySuccess(t.admin.paket.republished, { audience: 'admin' });
    } catch (error) {
      // The offer can be stale (another admin removed a question): the missing numbers stay until closed.
      const completeness = refusedCompleteness(error);
      if (completeness) setRefusal({ message: serverMessage(error), completeness });
      else notifyError(serverMessage(error), t.admin.paket.updateFailed);
    }
  };
  return {
    siap: data?.status === 'siap',
    offerRepublish: !!data && data.status === 'belum' && data.completeness.complete && data.archived_at === null,
    republishing: isLoading,
    republish: () => void republish(),
    refusal,
    dismissRefusal: () => setRefusal(null),
  };
}
