import { Badge, Button, Collapse, Group, Image, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { Fragment, useEffect, useRef, useState } from 'react';
import type { ReviewQuestion, ReviewResponse } from '../../../../contract/results.ts';
import { skillById } from '../../../../contract/skills.ts';
import { CefrBadge } from '../../../components/CefrBadge.tsx';
import { SafeHtml } from '../../../components/SafeHtml.tsx';
import { t } from '../../../i18n/id.ts';
import { formatLongDate } from '../../../lib/dates.ts';
import { reviewShown, reviewSkills, type ReviewFilter } from '../review-filter.ts';
import { ErrorBlock, LoadingBlock } from '../../../components/StatusBlocks.tsx';
import { ResultsPage } from './ResultsPage.tsx';
import './results.css';

export type { ReviewFilter };

export interface ReviewViewProps {
  status: 'loading' | 'error' | 'notFound' | 'ready';
  review: ReviewResponse | undefined;
  /** The server's refusal to show (an attempt of this package is running), in place of the generic text. */
  errorMessage?: string | undefined;
  filter: ReviewFilter;
  onFilterChange: (filter: ReviewFilter) => void;
  /** A skill id from `?skill=`, or null for every skill. */
  skill: string | null;
  onSkillChange: (skill: string | null) => void;
  onRetry: () => void;
  /** Turns a passage image path into a URL the browser can load. */
  assetUrl: (path: string) => string | undefined;
}

const T = t.results.review;
const SECTION_ORDER: ReviewQuestion['section'][] = ['listening', 'structure', 'written', 'reading'];
const OPTIONS = ['pilihan_satu', 'pilihan_dua', 'pilihan_tiga', 'pilihan_empat'] as const;

const SPEEDS = [
  { value: '1', label: T.speedNormal },
  { value: '0.75', label: T.speedSlow },
];

/** The clip again, at normal or 0.75x speed, with the spoken question and the transcript on demand. */
function ListeningReplay({ no, listening }: { no: number; listening: NonNullable<ReviewQuestion['listening']> }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [speed, setSpeed] = useState('1');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    // The rate survives a new source only as the default rate.
    if (!audio.current) return;
    audio.current.defaultPlaybackRate = Number(speed);
    audio.current.playbackRate = Number(speed);
  }, [speed]);
  const transcriptId = `transcript-${no}`;
  return (
    <Stack gap="xs">
      {listening.spoken_question ? (
        <Text size="sm">
          <b>{T.spokenQuestion}:</b> {listening.spoken_question}
        </Text>
      ) : null}
      {listening.audio ? (
        <Group gap="sm" align="center" wrap="wrap">
          <audio ref={audio} controls preload="none" src={listening.audio} aria-label={T.audioLabel(no)} className="review-audio">
            {/* The transcript below is the text of the clip. */}
            <track kind="captions" />
          </audio>
          <SegmentedControl size="xs" aria-label={T.speed} value={speed} onChange={setSpeed} data={SPEEDS} />
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {T.noAudio}
        </Text>
      )}
      <div>
        <Button
          variant="subtle"
          size="compact-sm"
          px={0}
          aria-expanded={open}
          aria-controls={transcriptId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? T.hideTranscript : T.showTranscript}
        </Button>
        <Collapse expanded={open} id={transcriptId}>
          <Paper withBorder p="sm" radius="sm" mt={4} aria-label={T.transcript} component="section">
            <Text size="sm" className="review-transcript">
              {listening.transcript ?? T.noTranscript}
            </Text>
          </Paper>
        </Collapse>
      </div>
    </Stack>
  );
}

function QuestionCard({ q }: { q: ReviewQuestion }) {
  const answered = q.answer !== '-1';
  const skill = skillById(q.skill);
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={T.number(q.no_soal)} data-correct={q.correct}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={700}>{T.number(q.no_soal)}</Text>
          <Badge color={q.correct ? 'green.9' : 'red.9'} variant="filled" tt="none">
            {q.correct ? T.correct : answered ? T.wrong : T.unanswered}
          </Badge>
        </Group>
        {skill ? (
          <Text size="xs" c="dimmed" fw={600} data-testid="review-skill">
            {T.skillBadge(skill.no, skill.name)}
          </Text>
        ) : null}
        {q.listening ? <ListeningReplay no={q.no_soal} listening={q.listening} /> : null}
        {q.section !== 'listening' && q.soal ? <SafeHtml html={q.soal} className="review-html" /> : null}
        <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {OPTIONS.map((field, i) => {
            const value = String(i + 1);
            const isKey = q.jawaban === value;
            const chosenWrong = q.answer === value && !isKey;
            return (
              <li key={field} className="review-option" data-key={isKey || undefined} data-chosen-wrong={chosenWrong || undefined}>
                <Text fw={700} component="span">
                  {T.optionLetters[i]}.
                </Text>
                <SafeHtml component="span" html={q[field]} className="review-html" style={{ flex: 1 }} />
                {isKey ? (
                  <Badge color="green.9" variant="filled" tt="none" size="sm">
                    {T.key}
                  </Badge>
                ) : null}
                {q.answer === value ? (
                  <Badge color={isKey ? 'green.9' : 'red.9'} variant="outline" tt="none" size="sm">
                    {T.yourAnswer}
                  </Badge>
                ) : null}
              </li>
            );
          })}
        </Stack>
        {!answered ? (
          <Text size="sm" c="red.9">
            {T.yourAnswer}: {T.unanswered}
          </Text>
        ) : null}
        <Paper bg="gray.0" p="sm" radius="sm">
          <Text size="sm" fw={700}>
            {T.explanation}
          </Text>
          {q.pembahasan ? <SafeHtml html={q.pembahasan} className="review-html" /> : <Text size="sm">{T.noExplanation}</Text>}
        </Paper>
      </Stack>
    </Paper>
  );
}

function Passage({
  passage,
  assetUrl,
}: {
  passage: NonNullable<ReviewQuestion['readingQuestion']>;
  assetUrl: ReviewViewProps['assetUrl'];
}) {
  return (
    <Paper withBorder p="md" radius="md" bg="blue.0">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {T.passage(passage.nama)}
        </Title>
        <div className="review-passage">
          {passage.reading ? <Image src={assetUrl(passage.reading)} alt={T.passageImageAlt(passage.nama)} fit="contain" /> : null}
          {passage.html ? <SafeHtml html={passage.html} className="review-html" /> : null}
        </div>
      </Stack>
    </Paper>
  );
}

/** Review of a finished attempt: all questions or the wrong ones, by section, passages with reading. */
export function ReviewView(props: ReviewViewProps) {
  const { status, review, errorMessage, filter, onFilterChange, skill, onSkillChange, onRetry, assetUrl } = props;
  let body;
  if (status === 'loading') body = <LoadingBlock text={T.loading} />;
  else if (status === 'notFound') body = <ErrorBlock text={T.notFound} retryLabel={t.results.history.retry} />;
  else if (status === 'error' || !review)
    body = <ErrorBlock text={errorMessage ?? T.loadFailed} onRetry={onRetry} retryLabel={t.results.history.retry} />;
  else {
    const ofSkill = reviewShown(review.questions, 'all', skill);
    const wrong = ofSkill.filter((q) => !q.correct);
    const shown = reviewShown(review.questions, filter, skill);
    const skills = reviewSkills(review.questions, skill);
    const h = review.history;
    body = (
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" gap="sm">
            <Stack gap={2}>
              <Text fw={700}>{h.nama_paket}</Text>
              <Text size="sm">{formatLongDate(h.tanggal)}</Text>
            </Stack>
            <Group gap="sm">
              <Text size="sm">
                {t.results.total}: <b>{h.totalScore}</b>
              </Text>
              <CefrBadge cefr={h.cefr} />
            </Group>
          </Group>
        </Paper>
        {review.questions.length === 0 ? (
          <Text>{T.packageGone}</Text>
        ) : (
          <>
            <Group justify="space-between" gap="sm" align="flex-end">
              <Group gap="sm" align="flex-end">
                <SegmentedControl
                  aria-label={T.filterLabel}
                  value={filter}
                  onChange={(v) => onFilterChange(v)}
                  data={[
                    { value: 'all', label: T.all },
                    { value: 'wrong', label: T.wrongOnly },
                  ]}
                />
                <Select
                  label={T.skillFilter}
                  placeholder={T.skillFilterPlaceholder}
                  data={skills.map((s) => ({ value: s.id, label: T.skillOption(s.no, s.name) }))}
                  value={skill !== null && skillById(skill) ? skill : null}
                  onChange={(v) => onSkillChange(v)}
                  clearable
                  searchable
                  w={{ base: '100%', xs: 300 }}
                  comboboxProps={{ withinPortal: true }}
                />
              </Group>
              <Text size="sm" role="status">
                {T.summary(wrong.length, ofSkill.length)}
              </Text>
            </Group>
            {skill !== null && ofSkill.length === 0 ? (
              <Stack gap="xs" align="flex-start">
                <Text>{T.noneForSkill}</Text>
                <Button variant="light" size="xs" onClick={() => onSkillChange(null)}>
                  {T.clearSkill}
                </Button>
              </Stack>
            ) : shown.length === 0 ? (
              <Text>{T.noWrong}</Text>
            ) : null}
            {SECTION_ORDER.map((section) => {
              const items = shown.filter((q) => q.section === section);
              if (items.length === 0) return null;
              return (
                <Stack key={section} gap="sm" component="section" aria-label={t.results.sections[section]}>
                  <Title order={2} size="h3">
                    {t.results.sections[section]}
                  </Title>
                  {section === 'listening' ? <Text size="sm">{T.listeningNote}</Text> : null}
                  {items.map((q, i) => {
                    const passage = q.readingQuestion;
                    const newPassage = passage && items[i - 1]?.readingQuestion?.id !== passage.id;
                    return (
                      <Fragment key={q.page}>
                        {newPassage ? <Passage passage={passage} assetUrl={assetUrl} /> : null}
                        <QuestionCard q={q} />
                      </Fragment>
                    );
                  })}
                </Stack>
              );
            })}
          </>
        )}
      </Stack>
    );
  }
  return <ResultsPage title={T.title}>{body}</ResultsPage>;
}
