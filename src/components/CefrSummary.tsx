import { Alert, Group, Stack, Text } from '@mantine/core';
import type { CefrLevels } from '../../contract/exam.ts';
import { t } from '../i18n/id.ts';
import { CefrBadge } from './CefrBadge.tsx';

export interface CefrSummaryProps {
  levels: CefrLevels;
  scores: { listening: number; written: number; reading: number; total: number };
}

/** The CEFR level of the total and of each section, each with what that level can do; a near-chance warning first. */
export function CefrSummary({ levels, scores }: CefrSummaryProps) {
  const R = t.results;
  const rows = [
    { key: 'total', label: R.total, score: scores.total, level: levels.cefr },
    { key: 'listening', label: R.listening, score: scores.listening, level: levels.cefrListening },
    { key: 'written', label: R.structureWritten, score: scores.written, level: levels.cefrWritten },
    { key: 'reading', label: R.reading, score: scores.reading, level: levels.cefrReading },
  ];
  return (
    <Stack gap="sm" data-testid="cefr-summary">
      {levels.nearChance ? (
        <Alert color="orange" role="note" data-testid="near-chance">
          <Text size="sm">{R.nearChance}</Text>
        </Alert>
      ) : null}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={R.cefrSections}>
        {rows.map((r) => (
          <Stack key={r.key} component="li" gap={2} data-testid={`cefr-${r.key}`}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={r.key === 'total' ? 700 : 600} style={{ minWidth: 0 }}>
                {r.label} · {r.score}
              </Text>
              <CefrBadge cefr={r.level} />
            </Group>
            <Text size="xs" c="dimmed">
              {R.cefrCanDo[r.level]}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
