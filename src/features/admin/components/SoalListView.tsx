import { Button, Group, Table, Text } from '@mantine/core';
import type { AdminSoal, SoalSection } from '../../../../contract/soal.ts';
import { listeningGroupHeadOf, partQuestionCount } from '../../../../machines/exam-layout.ts';
import { proposedNumber } from '../admin-content.rules.ts';
import { SafeHtml } from '../../../components/SafeHtml.tsx';
import { t } from '../../../i18n/id.ts';
import { LETTERS } from '../written-html.ts';
import { AdminPage } from './AdminPage.tsx';
import { confirmDelete } from './confirm.ts';
import { RepublishOffer } from './RepublishOffer.tsx';
import { SiapRefusalAlert, type SiapRefusal } from './SiapRefusalAlert.tsx';
import { EmptyState, ErrorState, LoadingState } from './QueryState.tsx';
import './admin.css';
import classes from './AdminTable.module.css';

export interface SoalListViewProps {
  section: SoalSection;
  namaPaket: string | undefined;
  status: 'loading' | 'error' | 'ready';
  soals: readonly AdminSoal[];
  errorMessage?: string;
  deletingId?: number | null;
  onRetry?: () => void;
  onAdd: () => void;
  onEdit?: (soal: AdminSoal) => void;
  onDelete: (soal: AdminSoal) => void;
  onBack: () => void;
  /** The package is siap: a delete says first that it will unpublish the package. */
  paketSiap?: boolean;
  /** The package is complete again but belum: offer to publish it. */
  onRepublish?: (() => void) | undefined;
  republishing?: boolean;
  /** 'Tandai siap' was refused: the server's message and the missing numbers, until dismissed. */
  siapRefusal?: SiapRefusal | null;
  onDismissRefusal?: () => void;
}

function AudioCell({ soal }: { soal: AdminSoal }) {
  if (soal.audio) {
    return (
      <audio
        controls
        preload="none"
        src={soal.audio}
        style={{ width: '100%', maxWidth: 260, height: 36 }}
        aria-label={`${t.admin.soal.colAudio} ${soal.no_soal}`}
      >
        <track kind="captions" />
      </audio>
    );
  }
  const head = listeningGroupHeadOf(soal.no_soal);
  return (
    <Text size="sm" c={head === null ? 'red.8' : 'dimmed'}>
      {head === null ? t.admin.soal.noAudio : t.admin.soal.groupAudio(head)}
    </Text>
  );
}

/** soal-{section}/{paketId}: the questions of one section, with add, edit and delete. */
export function SoalListView({
  section,
  namaPaket,
  status,
  soals,
  errorMessage,
  deletingId,
  onRetry,
  onAdd,
  onEdit,
  onDelete,
  onBack,
  paketSiap = false,
  onRepublish,
  republishing,
  siapRefusal,
  onDismissRefusal,
}: SoalListViewProps) {
  const sectionName = t.admin.sections[section];
  const title = t.admin.soal.listTitle(sectionName) + (namaPaket ? ` — ${namaPaket}` : '');
  return (
    <AdminPage
      title={title}
      actions={
        <>
          <Button variant="default" onClick={onBack}>
            {t.admin.common.back}
          </Button>
          {/* A full section has no number left to propose: adding starts with editing or deleting. */}
          <Button
            onClick={onAdd}
            disabled={
              status !== 'ready' ||
              proposedNumber(
                section,
                soals.map((s) => s.no_soal),
              ) === null
            }
          >
            {t.admin.soal.add}
          </Button>
        </>
      }
    >
      {paketSiap ? (
        <Text size="sm" c="green.8">
          {t.admin.soal.paketSiapNote}
        </Text>
      ) : null}
      {onRepublish ? <RepublishOffer namaPaket={namaPaket} loading={republishing} onRepublish={onRepublish} /> : null}
      {siapRefusal ? <SiapRefusalAlert refusal={siapRefusal} onDismiss={onDismissRefusal} /> : null}
      {status === 'ready' ? (
        <Text size="sm" aria-live="polite">
          {t.admin.chooser.count(soals.length, partQuestionCount(section))}
        </Text>
      ) : null}
      {status === 'loading' ? <LoadingState /> : null}
      {status === 'error' ? (
        <ErrorState title={t.admin.soal.loadFailed[section]} message={errorMessage ?? t.admin.common.genericError} onRetry={onRetry} />
      ) : null}
      {status === 'ready' && soals.length === 0 ? <EmptyState text={t.admin.soal.empty[section]} /> : null}
      {status === 'ready' && soals.length > 0 ? (
        <Table.ScrollContainer minWidth={0} type="native">
          <Table striped verticalSpacing="sm" className={classes.stacked}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.admin.soal.colNo}</Table.Th>
                <Table.Th>{t.admin.soal.colPage}</Table.Th>
                {section === 'listening' ? <Table.Th>{t.admin.soal.colAudio}</Table.Th> : <Table.Th>{t.admin.soal.colSoal}</Table.Th>}
                {section === 'reading' ? <Table.Th>{t.admin.soal.colPassage}</Table.Th> : null}
                <Table.Th>{t.admin.soal.colJawaban}</Table.Th>
                <Table.Th>{t.admin.common.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {soals.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td data-label={t.admin.soal.colNo}>{s.no_soal}</Table.Td>
                  <Table.Td data-label={t.admin.soal.colPage}>{s.page}</Table.Td>
                  <Table.Td data-label={section === 'listening' ? t.admin.soal.colAudio : t.admin.soal.colSoal} maw={460}>
                    {section === 'listening' ? (
                      <AudioCell soal={s} />
                    ) : (
                      <SafeHtml html={s.soal} className="we-sentence" style={{ fontSize: 'var(--mantine-font-size-sm)' }} />
                    )}
                  </Table.Td>
                  {section === 'reading' ? (
                    <Table.Td data-label={t.admin.soal.colPassage}>{s.readingQuestion?.nama ?? '-'}</Table.Td>
                  ) : null}
                  <Table.Td data-label={t.admin.soal.colJawaban}>
                    {section === 'written' ? (LETTERS[Number(s.jawaban) - 1] ?? s.jawaban) : s.jawaban}
                  </Table.Td>
                  <Table.Td data-label={t.admin.common.actions}>
                    <Group gap={6} wrap="wrap">
                      {onEdit ? (
                        <Button
                          size="xs"
                          variant="outline"
                          onClick={() => onEdit(s)}
                          aria-label={`${t.admin.common.edit} ${t.admin.soal.colSoal} ${s.no_soal}`}
                        >
                          {t.admin.common.edit}
                        </Button>
                      ) : null}
                      <Button
                        size="xs"
                        variant="outline"
                        color="red"
                        loading={deletingId === s.id}
                        aria-label={`${t.admin.common.delete} ${t.admin.soal.colSoal} ${s.no_soal}`}
                        onClick={() =>
                          confirmDelete(
                            t.admin.soal.confirmDeleteTitle(s.no_soal),
                            () => onDelete(s),
                            paketSiap ? t.admin.soal.unpublishWarning : undefined,
                          )
                        }
                      >
                        {t.admin.common.delete}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </AdminPage>
  );
}
