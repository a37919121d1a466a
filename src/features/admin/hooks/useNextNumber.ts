import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import type { SoalSection } from '../../../../contract/soal.ts';
import { notifySuccess } from '../../../components/notify.ts';
import { t } from '../../../i18n/id.ts';
import { proposedNumber, serverMessage } from '../admin-content.rules.ts';
import { useListSoalQuery } from '../api/admin-content.api.ts';

export interface NextNumber {
  status: 'loading' | 'error' | 'ready' | 'full';
  errorMessage: string;
  /** The number and page the add form starts on, null while loading or when the section is full. */
  proposal: { no_soal: number; page: number } | null;
  /** Changes after each 'Simpan & Tambah Lagi', so the form starts over on the next number. */
  round: number;
  /** Records a question saved with 'Simpan & Tambah Lagi' and tells the admin where the form moved. */
  saved: (noSoal: number, message: string) => void;
}

/**
 * The add forms' numbering: the section's first free number from its question list. Numbers saved
 * here count at once, before the refetched list arrives, so a quick second save never reuses one.
 */
export function useNextNumber(paketId: number | undefined, section: SoalSection): NextNumber {
  const list = useListSoalQuery(paketId === undefined ? skipToken : { paketId, section }, { refetchOnMountOrArgChange: true });
  const [savedHere, setSavedHere] = useState<number[]>([]);
  const [round, setRound] = useState(0);
  const taken = (extra: number[]) => [...(list.data ?? []).map((s) => s.no_soal), ...extra];
  const proposal = list.data ? proposedNumber(section, taken(savedHere)) : null;
  return {
    status: list.isError ? 'error' : !list.data ? 'loading' : proposal ? 'ready' : 'full',
    errorMessage: serverMessage(list.error),
    proposal,
    round,
    saved: (noSoal, message) => {
      const now = [...savedHere, noSoal];
      const next = proposedNumber(section, taken(now));
      setSavedHere(now);
      setRound((r) => r + 1);
      notifySuccess(next ? `${message} ${t.admin.soal.savedAndNext(next.no_soal)}` : message, { audience: 'admin' });
    },
  };
}
