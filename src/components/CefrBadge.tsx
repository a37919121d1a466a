import { Badge } from '@mantine/core';
import { cefrLabel, type Cefr } from '../../contract/cefr.ts';

/** Dark shades so the white label keeps AA contrast; strongest band first. */
const COLOR: Record<Cefr, string> = { C1: 'grape.9', B2: 'teal.9', B1: 'blue.9', A2: 'orange.9', BELOW_A2: 'red.9' };

/**
 * A CEFR band as a small filled badge that never shrinks below its text (in a tight row on a
 * phone a flex item would otherwise be squeezed to an empty pill).
 */
export function CefrBadge({ cefr, size = 'md' }: { cefr: Cefr; size?: 'sm' | 'md' | 'lg' | 'xl' }) {
  return (
    <Badge color={COLOR[cefr]} size={size} variant="filled" tt="none" style={{ flexShrink: 0, overflow: 'visible' }} data-cefr={cefr}>
      {cefrLabel(cefr)}
    </Badge>
  );
}
