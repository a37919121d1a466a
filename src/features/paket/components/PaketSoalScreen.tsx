import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PublicPaket } from '../../../../contract/paket.ts';
import { useMyPaymentsQuery } from '../../../api/learner-payments.api.ts';
import { notifyError } from '../../../components/notify.ts';
import { t } from '../../../i18n/id.ts';
import { useLazyPaketAccessCheckQuery, usePaketLastScoreQuery, usePaketListQuery } from '../api/paket.api.ts';
import { waitingPaketIds } from '../waiting-payments.ts';
import { PaketSoalView } from './PaketSoalView.tsx';

/** What /bayar/{paketId} receives through navigation state (spec section 2: the displayed price). */
export interface BayarNavigationState {
  harga: number;
  nama_paket: string;
  /** The last rejection's text, shown above the upload. */
  alasan?: string | null;
}

/**
 * /paketsoal: binds the package list, last score and the access check (spec section 4):
 * bolehAkses -> the exam; pending -> 'Menunggu Verifikasi'; otherwise -> the payment page.
 */
export function PaketSoalScreen() {
  useDocumentTitle(`${t.paketPage.title} | ${t.app.name}`);
  const navigate = useNavigate();
  const list = usePaketListQuery();
  const lastScore = usePaketLastScoreQuery();
  // An admin may have decided since the last visit: ask again on every visit.
  const payments = useMyPaymentsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [checkAccess] = useLazyPaketAccessCheckQuery();
  const [checkingId, setCheckingId] = useState<number | null>(null);
  const [pendingAlasan, setPendingAlasan] = useState<string | null>(null);

  const kerjakan = async (paket: PublicPaket) => {
    setCheckingId(paket.id);
    try {
      const access = await checkAccess(paket.id, false).unwrap();
      if (access.bolehAkses) {
        await navigate(`/simulasi-toefl/${paket.id}`);
      } else if (access.pending) {
        setPendingAlasan(access.alasan ?? t.paketPage.pendingTitle);
      } else {
        const state: BayarNavigationState = {
          harga: paket.harga,
          nama_paket: paket.nama_paket,
          alasan: access.alasan,
        };
        await navigate(`/bayar/${paket.id}`, { state });
      }
    } catch {
      notifyError(t.paketPage.accessFailed);
    } finally {
      setCheckingId(null);
    }
  };

  // The packages appear only once the cards above them and on them have their first answer (the
  // last score's height, a payment's waiting badge in place of Kerjakan Soal): a tap on Kerjakan
  // Soal must not land elsewhere because the card it aimed at moved down meanwhile. A failed
  // answer counts as an answer.
  const settling = lastScore.isLoading || payments.isLoading;

  return (
    <PaketSoalView
      pakets={list.data}
      isLoading={list.isLoading || settling}
      loadFailed={list.isError}
      onRetry={() => void list.refetch()}
      lastScore={lastScore.data}
      lastScoreLoading={lastScore.isLoading}
      lastScoreFailed={lastScore.isError}
      checkingId={checkingId}
      onKerjakan={(p) => void kerjakan(p)}
      pendingAlasan={pendingAlasan}
      onClosePending={() => setPendingAlasan(null)}
      waitingIds={waitingPaketIds(payments.data)}
    />
  );
}
