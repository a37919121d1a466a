import { Alert, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { SkillId } from '../../../../contract/skills.ts';
import type { WrittenBody } from '../../../../contract/soal.ts';
import { SafeHtml } from '../../../components/SafeHtml.tsx';
import { t } from '../../../i18n/id.ts';
import { pageOf } from '../../../../machines/exam-layout.ts';
import { isJawaban } from '../admin-content.rules.ts';
import { LETTERS, lettersInOrder, pruneLetters, toggleLetter, wordsOf, writtenHtml, type Letter } from '../written-html.ts';
import { AdminPage } from './AdminPage.tsx';
import { ErrorState, LoadingState } from './QueryState.tsx';
import { SkillSelect } from './SkillSelect.tsx';
import './admin.css';

export const DEFAULT_WORD_COLUMNS = 9;

export interface WrittenFormViewProps {
  namaPaket?: string;
  status?: 'loading' | 'error' | 'ready';
  loadErrorMessage?: string;
  /** No. Soal and Page to start with (last + 1). */
  initialNoSoal?: number | '';
  initialPage?: number | '';
  /** Words to start with (stories). */
  initialWords?: string[];
  isSaving: boolean;
  onSubmit: (body: WrittenBody) => void;
  onCancel: () => void;
}

/** add-soal-written/{paketId}: the word-column editor of spec sections 2 and 5. */
export function WrittenFormView(props: WrittenFormViewProps) {
  const { namaPaket, status = 'ready', loadErrorMessage } = props;
  const title = t.admin.soal.addTitle(t.admin.sections.written) + (namaPaket ? ` — ${namaPaket}` : '');
  return (
    <AdminPage title={title}>
      {status === 'loading' ? <LoadingState /> : null}
      {status === 'error' ? (
        <ErrorState title={t.admin.soal.loadOneFailed} message={loadErrorMessage ?? t.admin.common.genericError} />
      ) : null}
      {status === 'ready' ? <WrittenForm {...props} /> : null}
    </AdminPage>
  );
}

function WrittenForm({ initialNoSoal = '', initialPage = '', initialWords, isSaving, onSubmit, onCancel }: WrittenFormViewProps) {
  const [noSoal, setNoSoal] = useState<number | ''>(initialNoSoal);
  const [page, setPage] = useState<number | ''>(initialPage);
  const [columns, setColumns] = useState<number | ''>(initialWords?.length ?? DEFAULT_WORD_COLUMNS);
  const [boxes, setBoxes] = useState<string[]>(() => initialWords ?? Array<string>(DEFAULT_WORD_COLUMNS).fill(''));
  const [letters, setLetters] = useState<Map<number, Letter>>(new Map());
  const [jawaban, setJawaban] = useState<string | null>(null);
  const [pembahasan, setPembahasan] = useState('');
  const [skill, setSkill] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const count = columns === '' ? 0 : columns;
  const visible = boxes.slice(0, count);
  const words = wordsOf(visible);
  const html = writtenHtml(visible, letters);

  const changeColumns = (value: number | string) => {
    const n = value === '' ? '' : Math.max(0, Math.floor(Number(value)) || 0);
    setColumns(n);
    const size = n === '' ? 0 : n;
    const next = boxes.length >= size ? boxes : [...boxes, ...Array<string>(size - boxes.length).fill('')];
    setBoxes(next);
    setLetters((l) => pruneLetters(l, next.slice(0, size)));
  };

  const changeWord = (index: number, value: string) => {
    const next = boxes.map((b, i) => (i === index ? value : b));
    setBoxes(next);
    setLetters((l) => pruneLetters(l, next.slice(0, count)));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    let found: string | null = null;
    if (noSoal === '' || page === '' || noSoal < 1 || page < 1 || !jawaban) found = t.admin.soal.writtenRequired;
    else if (!isJawaban(jawaban)) found = t.admin.soal.jawabanRange;
    else if (letters.size !== LETTERS.length) found = t.admin.written.needFour;
    else if (!lettersInOrder(letters)) found = t.admin.written.orderHint;
    else if (skill === '') found = t.admin.soal.skillRequired;
    setProblem(found);
    if (found || noSoal === '' || page === '' || !jawaban || !isJawaban(jawaban)) return;
    onSubmit({
      no_soal: noSoal,
      page,
      soal: html,
      jawaban,
      skill: skill as SkillId,
      ...(pembahasan.trim() ? { pembahasan: pembahasan.trim() } : {}),
    });
  };

  return (
    <Paper withBorder p="md" radius="md">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
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
            <NumberInput
              label={t.admin.written.wordCount}
              min={0}
              max={60}
              allowDecimal={false}
              allowNegative={false}
              value={columns}
              onChange={changeColumns}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="xs">
            {visible.map((word, i) => (
              // Columns are positional: a column's index is its identity.
              <TextInput
                key={i}
                label={t.admin.written.word(i + 1)}
                value={word}
                onChange={(e) => changeWord(i, e.currentTarget.value)}
                size="sm"
              />
            ))}
          </SimpleGrid>
          <Stack gap={6}>
            <Text fw={600} size="sm" id="we-assign-title">
              {t.admin.written.assignTitle}
            </Text>
            <Text size="xs" c="dimmed">
              {t.admin.written.assignHint}
            </Text>
            {words.length === 0 ? (
              <Text size="sm">{t.admin.written.noWords}</Text>
            ) : (
              <Group gap={6} role="group" aria-labelledby="we-assign-title">
                {words.map(({ index, word }) => {
                  const letter = letters.get(index);
                  return (
                    <Button
                      key={index}
                      size="compact-sm"
                      variant={letter ? 'filled' : 'default'}
                      aria-pressed={letter !== undefined}
                      aria-label={letter ? `${word} (${letter})` : word}
                      onClick={() => setLetters((l) => toggleLetter(l, index))}
                      tt="none"
                    >
                      {letter ? `${word} · ${letter}` : word}
                    </Button>
                  );
                })}
                <Button size="compact-sm" variant="subtle" color="red" onClick={() => setLetters(new Map())} disabled={letters.size === 0}>
                  {t.admin.written.reset}
                </Button>
              </Group>
            )}
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
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={isSaving}>
              {t.admin.soal.cancel}
            </Button>
            <Button type="submit" disabled={isSaving}>
              {isSaving ? t.admin.soal.saving : t.admin.soal.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
