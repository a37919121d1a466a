import { Badge } from '@mantine/core';

/** Dark shades so the white label keeps AA contrast; strongest band first. */
const COLOR: Record<string, string> = { C1: 'grape.9', B2: 'teal.9', B1: 'blue.9', A2: 'orange.9', A1: 'red.9' };

/** A CEFR band (C1 ... A1) as a small filled badge. */
export function CefrBadge({ cefr, size = 'md' }: { cefr: string; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge color={COLOR[cefr] ?? 'gray.8'} size={size} variant="filled" tt="none">
      {cefr}
    </Badge>
  );
}
