import { Container } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import type { AnswerResponse, DrillBody, PracticeItem } from '../../../../contract/practice.ts';
import { skillById } from '../../../../contract/skills.ts';
import { t } from '../../../i18n/id.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useAnswerItemMutation, useDueReviewsMutation, useStartDrillMutation } from '../api/practice.api.ts';
import { DrillEmptyView, DrillFinishedView, DrillQuestionView } from './DrillView.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/StatusBlocks.tsx';

const P = t.practice;

/** The drill's heading: the skill's name, the section's, or the notebook review. */
export function drillTitle(target: DrillBody | null): string {
  if (!target) return P.reviewTitle;
  if (target.skill) {
    const skill = skillById(target.skill);
    return skill ? P.skillLabel(skill.no, skill.name) : P.drillTitle;
  }
  return P.drillSection(P.sectionName[target.section ?? ''] ?? '');
}

/**
 * /latihan?skill=… or ?section=… (a drill of 10) and /latihan/review (the items of Buku
 * Kesalahan due now, `target` null): one item at a time, graded by the server on answer.
 */
export function DrillScreen({ target }: { target: DrillBody | null }) {
  const title = drillTitle(target);
  useDocumentTitle(`${title} | ${t.app.name}`);
  const [startDrill] = useStartDrillMutation();
  const [loadReviews] = useDueReviewsMutation();
  const [answerItem, answering] = useAnswerItemMutation();
  const [items, setItems] = useState<PracticeItem[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [index, setIndex] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<AnswerResponse | null>(null);
  const [answerError, setAnswerError] = useState<string | null>(null);
  const [correct, setCorrect] = useState(0);
  const [finished, setFinished] = useState(false);

  const [round, setRound] = useState(0);
  const skill = target?.skill;
  const section = target?.section;
  useEffect(() => {
    let live = true;
    const body: DrillBody | null = skill ? { skill } : section ? { section } : null;
    (body ? startDrill(body).unwrap() : loadReviews().unwrap())
      .then((res) => live && setItems(res.items))
      .catch((err: unknown) => live && setLoadError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [skill, section, round, startDrill, loadReviews]);

  /** A new round: fresh items, everything else back to the start. */
  const again = () => {
    setItems(null);
    setLoadError(null);
    setIndex(0);
    setSelected(null);
    setFeedback(null);
    setCorrect(0);
    setFinished(false);
    setRound((r) => r + 1);
  };

  if (loadError) {
    return (
      <Container size="sm" py="lg">
        <ErrorBlock text={loadError} onRetry={again} retryLabel={P.retry} />
      </Container>
    );
  }
  if (!items) return <LoadingBlock text={P.drillLoading} />;
  if (items.length === 0) return <DrillEmptyView title={title} text={target ? P.drillEmpty : P.reviewNone} />;
  if (finished) return <DrillFinishedView title={title} correct={correct} total={items.length} onAgain={again} />;
  const item = items[index]!;
  return (
    <DrillQuestionView
      title={title}
      item={item}
      index={index}
      total={items.length}
      selected={selected}
      feedback={feedback}
      submitting={answering.isLoading}
      error={answerError}
      onSelect={setSelected}
      onSubmit={() => {
        if (!selected) return;
        setAnswerError(null);
        answerItem({ item: item.item, answer: selected as '1' | '2' | '3' | '4', mode: target ? 'drill' : 'review' })
          .unwrap()
          .then((res) => {
            setFeedback(res);
            if (res.correct) setCorrect((c) => c + 1);
          })
          .catch((err: unknown) => setAnswerError(`${P.answerFailed} ${errorMessage(err)}`));
      }}
      onNext={() => {
        if (index + 1 >= items.length) {
          setFinished(true);
          return;
        }
        setIndex(index + 1);
        setSelected(null);
        setFeedback(null);
      }}
    />
  );
}
