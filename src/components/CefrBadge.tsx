import { Badge } from '@mantine/core';
import { cefrLabel, type Cefr } from '../../contract/cefr.ts';

/** Dark shades so the white label keeps AA contrast; strongest band first. */
const COLOR: Record<Cefr, string> = { C1: 'grape.9', B2: 'teal.9', B1: 'blue.9', A2: 'orange.9', BELOW_A2: 'red.9' };

/**
 * A CEFR band as a small filled badge that is always as wide as its whole label. Mantine clips a
 * badge's label with an ellipsis, which lets a layout that sizes by content (a table's auto column,
 * a shrinking flex column on a phone) narrow the badge to nothing: 'Di bawah A2' read 'Di…'.
 * `min-width: max-content` holds it at its text's width wherever it sits.
 */
export function CefrBadge({ cefr, size = 'md' }: { cefr: Cefr; size?: 'sm' | 'md' | 'lg' | 'xl' }) {
  return (
    <Badge color={COLOR[cefr]} size={size} variant="filled" tt="none" miw="max-content" data-cefr={cefr}>
      {cefrLabel(cefr)}
    </Badge>
  );
}
