import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { TimeFactorPercent } from '../../../../contract/accommodations.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { t } from '../../../i18n/id.ts';
import { serverMessage } from '../admin-content.rules.ts';
import { useListExamUsersQuery, useResetUserPasswordMutation, useSetTimeFactorMutation } from '../api/admin-users.api.ts';
import { DataUserView } from './DataUserView.tsx';

export const USERS_PER_PAGE = 20;

/** /admin/data-user. */
export function DataUserScreen() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [q] = useDebouncedValue(search.trim(), 300);
  const list = useListExamUsersQuery({ q, page, limit: USERS_PER_PAGE });
  const [reset] = useResetUserPasswordMutation();
  const [resetting, setResetting] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<{ nama: string; password: string } | null>(null);
  const [setFactor] = useSetTimeFactorMutation();
  const [savingFactor, setSavingFactor] = useState<string | null>(null);

  const onSetFactor = async (nohp: string, percent: TimeFactorPercent) => {
    setSavingFactor(nohp);
    try {
      const { message } = await setFactor({ nohp, percent }).unwrap();
      notifySuccess(message, { audience: 'admin', title: t.admin.users.factorSavedTitle });
    } catch (error) {
      notifyError(serverMessage(error), t.admin.users.factorFailed);
    } finally {
      setSavingFactor(null);
    }
  };

  const onReset = async (nohp: string, nama: string) => {
    setResetting(nohp);
    try {
      const { password } = await reset(nohp).unwrap();
      setRevealed({ nama, password });
    } catch (error) {
      notifyError(serverMessage(error), t.admin.users.resetFailed);
    } finally {
      setResetting(null);
    }
  };

  return (
    <DataUserView
      status={list.isError ? 'error' : list.isLoading ? 'loading' : 'ready'}
      users={list.data?.data ?? []}
      total={list.data?.total ?? 0}
      page={page}
      limit={USERS_PER_PAGE}
      search={search}
      errorMessage={t.admin.users.loadFailed}
      onSearchChange={(value) => {
        setSearch(value);
        setPage(1);
      }}
      onPageChange={setPage}
      onRetry={() => void list.refetch()}
      resettingNohp={resetting}
      onReset={(u) => void onReset(u.nohp, u.nama)}
      savingFactorNohp={savingFactor}
      onSetFactor={(u, percent) => void onSetFactor(u.nohp, percent)}
      revealed={revealed}
      onCloseRevealed={() => setRevealed(null)}
    />
  );
}
