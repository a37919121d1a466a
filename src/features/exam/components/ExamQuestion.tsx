import { Checkbox, Group, Radio, SegmentedControl, Stack, Text } from '@mantine/core';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { ExamQuestion as ExamQuestionRow } from '../../../../contract/exam.ts';
import type { ExamEntry } from '../../../../machines/exam-layout.ts';
import type { AnswerValue } from '../../../../contract/exam.ts';
import type { ExamAnswers } from '../../../../machines/exam.machine.ts';
import { SafeHtml } from '../../../components/SafeHtml.tsx';
import { t } from '../../../i18n/id.ts';

const Q = t.exam.question;
const LETTERS = ['A', 'B', 'C', 'D'] as const;
const VALUES = ['1', '2', '3', '4'] as const;

export type QuestionEntry = Extract<ExamEntry<ExamQuestionRow>, { kind: 'question' }>;

export interface OptionsProps {
  page: number;
  number: number;
  question: ExamQuestionRow;
  value: AnswerValue | undefined;
  disabled: boolean;
  onAnswer: (page: number, value: AnswerValue) => void;
}

/** Four options A-D, sent as '1'-'4' (spec section 9). */
function Options({ page, number, question, value, disabled, onAnswer }: OptionsProps) {
  const texts = [question.pilihan_satu, question.pilihan_dua, question.pilihan_tiga, question.pilihan_empat];
  return (
    <Radio.Group
      value={value ?? null}
      onChange={(v) => onAnswer(page, v)}
      label={Q.optionsLabel(number)}
      labelProps={{ className: 'exam-hidden-label' }}
      data-page={page}
    >
      <Stack gap="xs" mt={4}>
        {texts.map((text, i) => (
          <Radio key={VALUES[i]} value={VALUES[i]} disabled={disabled} label={`${LETTERS[i]}. ${text}`} className="exam-option" />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** A passage image: 'Memuat gambar...' until it loads; the text goes away if it cannot load. */
function PassageImage({ src, alt }: { src: string; alt: string }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  return (
    <>
      <Text size="sm" c="dimmed" className="exam-image-loading" hidden={state !== 'loading'} role="status">
        {Q.imageLoading}
      </Text>
      <img
        key={src}
        src={src}
        alt={alt}
        style={{ maxWidth: '100%', height: 'auto' }}
        onLoad={() => setState('loaded')}
        onError={() => setState('failed')}
      />
    </>
  );
}

export interface ExamQuestionProps {
  entry: QuestionEntry;
  /** The questions on this screen (the four of a listening group, else the entry's own). */
  shown: readonly ShownQuestion[];
  answers: ExamAnswers;
  /** Pages marked 'ragu-ragu'. */
  marked: readonly number[];
  disabled: boolean;
  /** The play-once player of a listening item (the container's, or a story's view). */
  audio?: ReactNode;
  onAnswer: (page: number, value: AnswerValue) => void;
  onMark: (page: number) => void;
}

/** One item of the question screen: a listening clip with its options, a structure or written sentence, or a reading question beside its passage. */
export function ExamQuestion({ entry, shown, answers, marked, disabled, audio, onAnswer, onMark }: ExamQuestionProps) {
  const title = (page: number, number: number) => (
    <Title3 number={number} marked={marked.includes(page)} disabled={disabled} onMark={() => onMark(page)} />
  );
  const q = entry.question;
  if (entry.part === 'listening') {
    const first = shown[0]?.number ?? entry.number;
    const last = shown.at(-1)?.number ?? entry.number;
    return (
      <Stack gap="lg">
        <Text c="dimmed">{shown.length > 1 ? Q.groupHint(first, last) : Q.listenHint}</Text>
        {audio}
        {shown.map(({ page, number, question }) => (
          <Stack key={page} gap={4} data-question-page={page}>
            {title(page, number)}
            <Options page={page} number={number} question={question} value={answers[page]} disabled={disabled} onAnswer={onAnswer} />
          </Stack>
        ))}
      </Stack>
    );
  }
  const question = (
    <Stack gap="md">
      {title(entry.index, entry.number)}
      <SafeHtml html={q.soal} className="exam-question" />
      <Options page={entry.index} number={entry.number} question={q} value={answers[entry.index]} disabled={disabled} onAnswer={onAnswer} />
    </Stack>
  );
  if (entry.part !== 'reading' || !q.readingQuestion) return question;
  return <ReadingItem passage={q.readingQuestion} page={entry.index} question={question} />;
}

type View = 'passage' | 'question';

/**
 * A reading question beside its passage on wide screens. On a phone one of the two shows at a time
 * behind a Bacaan/Soal switch, each keeping its own scroll position, so the passage is one tap away
 * instead of scrolled off above the question.
 */
function ReadingItem({
  passage,
  page,
  question,
}: {
  passage: NonNullable<ExamQuestionRow['readingQuestion']>;
  page: number;
  question: ReactNode;
}) {
  const [view, setView] = useState<View>('question');
  // Scroll positions by passage and by question: the passage keeps its place across its questions,
  // a question not seen yet opens at its top.
  const positions = useRef(new Map<string, number>());
  const keyOf = (v: View) => (v === 'passage' ? `passage:${passage.id}` : `question:${page}`);
  const restore = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (restore.current === null) return;
    window.scrollTo({ top: restore.current, left: 0, behavior: 'instant' });
    restore.current = null;
  }, [view]);
  const switchTo = (next: View) => {
    if (next === view) return;
    positions.current.set(keyOf(view), window.scrollY);
    restore.current = positions.current.get(keyOf(next)) ?? 0;
    setView(next);
  };
  return (
    <div className="exam-reading" data-view={view}>
      <SegmentedControl
        className="exam-reading__toggle"
        fullWidth
        value={view}
        onChange={(v) => switchTo(v)}
        aria-label={Q.viewToggle}
        data-testid="exam-reading-toggle"
        data={[
          { value: 'passage', label: Q.showPassage },
          { value: 'question', label: Q.showQuestion },
        ]}
      />
      <section className="exam-reading__passage" aria-label={`${Q.passage}: ${passage.nama}`}>
        <Text fw={700} mb="xs">
          {passage.nama}
        </Text>
        {passage.html ? <SafeHtml html={passage.html} className="exam-passage" /> : null}
        {passage.reading ? <PassageImage src={passage.reading} alt={Q.imageAlt(passage.nama)} /> : null}
      </section>
      <div className="exam-reading__question">{question}</div>
    </div>
  );
}

function Title3({ number, marked, disabled, onMark }: { number: number; marked: boolean; disabled: boolean; onMark: () => void }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text component="h2" fw={700} size="lg" m={0} data-testid="exam-question-number">
        {Q.numberOf(number)}
      </Text>
      <Checkbox
        label={Q.mark}
        aria-label={Q.markLabel(number)}
        checked={marked}
        disabled={disabled}
        onChange={onMark}
        color="orange.8"
        data-testid="exam-mark"
      />
    </Group>
  );
}

export interface ShownQuestion {
  page: number;
  number: number;
  question: ExamQuestionRow;
}
