import { Alert, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { SkillId } from '../../../../contract/skills.ts';
import type { WrittenBody } from '../../../../contract/soal.ts';
import { SafeHtml } from '../../../components/SafeHtml.tsx';
import { t } from '../../../i18n/id.ts';
import { pageOf } from '../../../../machines/exam-layout.ts';
import { isJawaban } from '../admin-content.rules.ts';
import {
  canResizeLastPart,
  LETTERS,
  markWord,
  partAt,
  partsInOrder,
  resizeLastPart,
  tokenize,
  writtenHtml,
  type Part,
} from '../written-html.ts';
import { AdminPage } from './AdminPage.tsx';
import { SaveButtons, SectionFull, submittedAgain } from './FormActions.tsx';
import { ErrorState, LoadingState } from './QueryState.tsx';
import { SkillSelect } from './SkillSelect.tsx';
import './admin.css';

/** What the form starts with on edit (read back from the stored markup by the screen). */
export interface WrittenInitial {
  sentence: string;
  parts: Part[];
  jawaban: string;
  skill: string;
  pembahasan: string;
}

export interface WrittenFormViewProps {
  mode?: 'add' | 'edit';
  namaPaket?: string;
  /** 'full': every number of the section is taken, so there is nothing to add. */
  status?: 'loading' | 'error' | 'ready' | 'full';
  loadErrorMessage?: string;
  /** No. Soal and Page to start with (the proposed number on add). */
  initialNoSoal?: number | '';
  initialPage?: number | '';
  /** The sentence to start with (stories) or, with the rest, the question being edited. */
  initialSentence?: string;
  initial?: WrittenInitial;
  /** Edit: the stored markup could not be read back into four parts. */
  unreadable?: boolean;
  isSaving: boolean;
  /** `again`: 'Simpan & Tambah Lagi' (add only) keeps the form open on the next number. */
  onSubmit: (body: WrittenBody, again: boolean) => void;
  onCancel: () => void;
}

/**
 * add-soal-written/{paketId} and edit-soal-written/{soalId}: paste the sentence, click the four
 * parts A-D (longer parts grow word by word), pick the answer. The markup comes from written-html.ts.
 */
export function WrittenFormView(props: WrittenFormViewProps) {
  const { mode = 'add', namaPaket, status = 'ready', loadErrorMessage } = props;
  const section = t.admin.sections.written;
  const title = (mode === 'add' ? t.admin.soal.addTitle(section) : t.admin.soal.editTitle(section)) + (namaPaket ? ` — ${namaPaket}` : '');
  return (
    <AdminPage title={title}>
      {status === 'loading' ? <LoadingState /> : null}
      {status === 'error' ? (
        <ErrorState title={t.admin.soal.loadOneFailed} message={loadErrorMessage ?? t.admin.common.genericError} />
      ) : null}
      {status === 'full' ? <SectionFull section="written" onBack={props.onCancel} /> : null}
      {status === 'ready' ? <WrittenForm {...props} /> : null}
    </AdminPage>
  );
}

function WrittenForm({
  mode = 'add',
  initialNoSoal = '',
  initialPage = '',
  initialSentence = '',
  initial,
  unreadable,
  isSaving,
  onSubmit,
  onCancel,
}: WrittenFormViewProps) {
  const [noSoal, setNoSoal] = useState<number | ''>(initialNoSoal);
  const [page, setPage] = useState<number | ''>(initialPage);
  const [sentence, setSentence] = useState(initial?.sentence ?? initialSentence);
  const [parts, setParts] = useState<Part[]>(initial?.parts ?? []);
  const [jawaban, setJawaban] = useState<string | null>(initial?.jawaban || null);
  const [pembahasan, setPembahasan] = useState(initial?.pembahasan ?? '');
  const [skill, setSkill] = useState(initial?.skill ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  /** A change to the marks answers a complaint about them: it is checked again on the next save, not shown stale. */
  const mark = (change: (p: Part[]) => Part[]) => {
    setParts(change);
    setProblem((found) => (found === t.admin.written.needFour || found === t.admin.written.orderHint ? null : found));
  };

  const tokens = tokenize(sentence);
  const html = writtenHtml(tokens, parts);
  const lastLetter = LETTERS[parts.length - 1];

  const changeSentence = (value: string) => {
    setSentence(value);
    // The words moved: the marks no longer point at the same words, so they start over.
    setParts([]);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    let found: string | null = null;
    if (noSoal === '' || page === '' || noSoal < 1 || page < 1 || !jawaban) found = t.admin.soal.writtenRequired;
    else if (!isJawaban(jawaban)) found = t.admin.soal.jawabanRange;
    else if (parts.length !== LETTERS.length) found = t.admin.written.needFour;
    else if (!partsInOrder(parts)) found = t.admin.written.orderHint;
    else if (skill === '') found = t.admin.soal.skillRequired;
    setProblem(found);
    const addAnother = mode === 'add' && submittedAgain(e);
    if (found || noSoal === '' || page === '' || !jawaban || !isJawaban(jawaban)) return;
    onSubmit(
      {
        no_soal: noSoal,
        page,
        soal: html,
        jawaban,
        skill: skill as SkillId,
        ...(pembahasan.trim() ? { pembahasan: pembahasan.trim() } : {}),
      },
      addAnother,
    );
  };

  return (
    <Paper withBorder p="md" radius="md">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2 }} maw={420}>
            <NumberInput
              label={t.admin.soal.noSoal}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              withAsterisk
              value={noSoal}
              onChange={(v) => {
                const n = v === '' ? '' : Number(v);
                setNoSoal(n);
                if (n !== '' && n >= 1) setPage(pageOf('written', n));
              }}
            />
            <NumberInput
              label={t.admin.soal.page}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              withAsterisk
              value={page}
              onChange={(v) => setPage(v === '' ? '' : Number(v))}
            />
          </SimpleGrid>
          {unreadable ? (
            <Alert color="yellow" variant="light">
              {t.admin.written.unreadable}
            </Alert>
          ) : null}
          <Textarea
            label={t.admin.written.sentence}
            description={t.admin.written.sentenceHint}
            autosize
            minRows={2}
            withAsterisk
            value={sentence}
            onChange={(e) => changeSentence(e.currentTarget.value)}
          />
          <Stack gap={6}>
            <Text fw={600} size="sm" id="we-assign-title">
              {t.admin.written.assignTitle}
            </Text>
            <Text size="xs" c="dimmed">
              {t.admin.written.assignHint}
            </Text>
            {tokens.length === 0 ? (
              <Text size="sm">{t.admin.written.noWords}</Text>
            ) : (
              <Group gap={6} role="group" aria-labelledby="we-assign-title">
                {tokens.map((token, index) => {
                  if (!token.word) return null;
                  const at = partAt(parts, index);
                  const letter = at === -1 ? undefined : LETTERS[at];
                  return (
                    <Button
                      // Tokens are positional: a token's index is its identity.
                      key={index}
                      size="compact-sm"
                      variant={letter ? 'filled' : 'default'}
                      aria-pressed={letter !== undefined}
                      aria-label={letter ? `${token.text} (${letter})` : token.text}
                      onClick={() => mark((p) => markWord(p, tokens, index))}
                      tt="none"
                    >
                      {letter ? `${token.text} · ${letter}` : token.text}
                    </Button>
                  );
                })}
              </Group>
            )}
            {tokens.length > 0 ? (
              <Group gap={6}>
                <Button
                  size="compact-sm"
                  variant="light"
                  disabled={!canResizeLastPart(parts, tokens, 1)}
                  onClick={() => mark((p) => resizeLastPart(p, tokens, 1))}
                >
                  {t.admin.written.grow(lastLetter ?? LETTERS[0])}
                </Button>
                <Button
                  size="compact-sm"
                  variant="light"
                  disabled={!canResizeLastPart(parts, tokens, -1)}
                  onClick={() => mark((p) => resizeLastPart(p, tokens, -1))}
                >
                  {t.admin.written.shrink(lastLetter ?? LETTERS[0])}
                </Button>
                <Button size="compact-sm" variant="subtle" color="red" onClick={() => mark(() => [])} disabled={parts.length === 0}>
                  {t.admin.written.reset}
                </Button>
              </Group>
            ) : null}
          </Stack>
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {t.admin.written.preview}
            </Text>
            <Paper withBorder p="sm" bg="gray.0" data-testid="written-preview">
              {html ? (
                <SafeHtml html={html} className="we-sentence" />
              ) : (
                <Text size="sm" c="dimmed">
                  {t.admin.written.previewEmpty}
                </Text>
              )}
            </Paper>
          </Stack>
          <Select
            label={t.admin.soal.jawaban}
            placeholder={t.admin.written.jawabanPlaceholder}
            data={LETTERS.map((l, i) => ({ value: String(i + 1), label: l }))}
            value={jawaban}
            onChange={setJawaban}
            allowDeselect={false}
            withAsterisk
            maw={200}
          />
          <SkillSelect section="written" value={skill} onChange={setSkill} />
          <Textarea
            label={t.admin.soal.pembahasan}
            description={t.admin.soal.pembahasanHint}
            autosize
            minRows={2}
            value={pembahasan}
            onChange={(e) => setPembahasan(e.currentTarget.value)}
          />
          {problem ? (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          ) : null}
          <SaveButtons mode={mode} isSaving={isSaving} onCancel={onCancel} />
        </Stack>
      </form>
    </Paper>
  );
}
