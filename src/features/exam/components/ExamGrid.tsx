import { Paper, Text } from '@mantine/core';
import { gridEntries, type ExamSection } from '../../../../machines/exam-layout.ts';
import type { ExamAnswers } from '../../../../machines/exam.machine.ts';
import { t } from '../../../i18n/id.ts';

export interface ExamGridProps {
  section: ExamSection;
  index: number;
  answers: ExamAnswers;
  /** Pages marked 'ragu-ragu' (a corner mark in the grid). */
  marked: readonly number[];
  /** False while the section is over or the timer is being re-read. */
  enabled: boolean;
  onGoto: (index: number) => void;
}

const N = t.exam.nav;

/** The current section's 5-column grid (spec sections 2 and 9): I-labels, numbers, current and answered marks. */
export function ExamGrid({ section, index, answers, marked, enabled, onGoto }: ExamGridProps) {
  return (
    <Paper withBorder p="md" radius="md" component="nav" aria-label={N.grid}>
      <Text fw={600} size="sm" mb="xs">
        {N.grid}
      </Text>
      <div className="exam-grid">
        {gridEntries(section).map((cell) => {
          const instruction = cell.label.startsWith('I');
          const answered = !instruction && answers[cell.index] !== undefined;
          const current = cell.index === index;
          const isMarked = !instruction && marked.includes(cell.index);
          const label = instruction
            ? N.gridInstruction(cell.label)
            : `${N.gridItem(cell.label, answered)}${isMarked ? `, ${N.gridMarked}` : ''}${cell.clickable ? '' : `, ${N.gridGrouped}`}`;
          const disabled = !cell.clickable || !enabled;
          return (
            <button
              key={cell.index}
              type="button"
              className="exam-grid__cell"
              data-index={cell.index}
              data-current={current || undefined}
              data-answered={answered || undefined}
              data-marked={isMarked || undefined}
              aria-current={current ? 'step' : undefined}
              aria-label={label}
              aria-disabled={disabled ? 'true' : undefined}
              onClick={disabled ? undefined : () => onGoto(cell.index)}
            >
              {cell.label}
            </button>
          );
        })}
      </div>
    </Paper>
  );
}
