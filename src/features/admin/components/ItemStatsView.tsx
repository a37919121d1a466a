import { Alert, Badge, Button, Card, Group, NativeSelect, Paper, SimpleGrid, Stack, Switch, Table, Text } from '@mantine/core';
import type { ItemFlag, ItemStat, ItemStats } from '../../../../contract/item-stats.ts';
import type { SoalSection } from '../../../../contract/soal.ts';
import { t } from '../../../i18n/id.ts';
import { formatDecimal } from '../../../lib/format.ts';
import { LETTERS } from '../written-html.ts';
import { SECTIONS } from '../admin-content.rules.ts';
import { AdminPage } from './AdminPage.tsx';
import { EmptyState, ErrorState, LoadingState } from './QueryState.tsx';

const T = t.itemStats;
const OPTIONS = ['1', '2', '3', '4'] as const;

export type PartFilter = SoalSection | 'all';

export interface ItemStatsViewProps {
  status: 'loading' | 'error' | 'ready';
  stats?: ItemStats | undefined;
  namaPaket?: string | undefined;
  errorMessage?: string;
  part: PartFilter;
  onPartChange: (part: PartFilter) => void;
  flaggedOnly: boolean;
  onFlaggedOnlyChange: (value: boolean) => void;
  onRetry?: () => void;
  onBack: () => void;
}

const figure = (value: number | null) => (value === null ? T.notDefined : formatDecimal(value));
const letterOf = (option: '1' | '2' | '3' | '4') => LETTERS[Number(option) - 1]!;
const nameOf = (item: ItemStat) => T.itemName(t.admin.sections[item.section], item.noSoal);

/** A flag is told by its word in dark text on a light tint of its colour (a shade on its own shade was unreadable). */
function Flags({ flags, enough }: { flags: readonly ItemFlag[]; enough: boolean }) {
  if (!enough) return <Text size="sm">{T.notDefined}</Text>;
  if (flags.length === 0)
    return (
      <Badge color="green" variant="light" c="dark.9" tt="none">
        {T.ok}
      </Badge>
    );
  return (
    <Group gap={4}>
      {flags.map((f) => (
        <Badge key={f} color={f === 'low_discrimination' ? 'orange' : 'red'} variant="light" c="dark.9" tt="none">
          {T.flags[f]}
        </Badge>
      ))}
    </Group>
  );
}

/** A cell or chip per option: the key is bold and marked, so a distractor that out-draws it stands out. */
function OptionCount({ item, option }: { item: ItemStat; option: '1' | '2' | '3' | '4' }) {
  const isKey = item.jawaban === option;
  return (
    <Text span size="sm" fw={isKey ? 700 : 400} td={isKey ? 'underline' : undefined}>
      {T.optionCount(letterOf(option), item.options[option])}
    </Text>
  );
}

/** Phone layout: one card per item; every figure stays on screen without sideways scrolling. */
function ItemCard({ item, enough }: { item: ItemStat; enough: boolean }) {
  return (
    <Card withBorder radius="md" padding="sm" component="li">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={700}>{nameOf(item)}</Text>
          <Text size="sm">{T.keyOf(letterOf(item.jawaban))}</Text>
        </Group>
        <Group gap="md">
          <Text size="sm">
            {T.colFacility} <b>{figure(item.facility)}</b>
          </Text>
          <Text size="sm">
            {T.colDiscrimination} <b>{figure(item.discrimination)}</b>
          </Text>
        </Group>
        <Group gap="sm" aria-label={T.optionsLabel(t.admin.sections[item.section], item.noSoal)} role="group">
          {OPTIONS.map((o) => (
            <OptionCount key={o} item={item} option={o} />
          ))}
          <Text span size="sm">
            {T.omittedCount(item.omitted)}
          </Text>
        </Group>
        <Flags flags={item.flags} enough={enough} />
      </Stack>
    </Card>
  );
}

/** /admin/soal-simulasi/statistik/{paketId}: facility, discrimination, option counts and KR-20. */
export function ItemStatsView(props: ItemStatsViewProps) {
  const { status, stats, namaPaket, errorMessage, part, onPartChange, flaggedOnly, onFlaggedOnlyChange, onRetry, onBack } = props;
  const name = stats?.namaPaket ?? namaPaket;
  const enough = stats?.enoughAttempts ?? false;
  const flaggedCount = stats?.items.filter((i) => i.flags.length > 0).length ?? 0;
  const items = (stats?.items ?? []).filter((i) => (part === 'all' || i.section === part) && (!flaggedOnly || i.flags.length > 0));
  return (
    <AdminPage
      title={name ? `${T.title} — ${name}` : T.title}
      actions={
        <Button variant="default" onClick={onBack}>
          {t.admin.common.back}
        </Button>
      }
    >
      {status === 'loading' ? <LoadingState /> : null}
      {status === 'error' ? (
        <ErrorState title={T.loadFailed} message={errorMessage ?? t.admin.common.genericError} onRetry={onRetry} />
      ) : null}
      {status === 'ready' && stats && stats.attempts === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <EmptyState text={T.empty} />
        </Paper>
      ) : null}
      {status === 'ready' && stats && stats.attempts > 0 ? (
        <>
          <Text>{T.lead(stats.attempts)}</Text>
          {!enough ? (
            <Alert color="yellow" title={T.fewTitle}>
              {T.few(stats.attempts, stats.rules.minAttempts)}
            </Alert>
          ) : null}
          <Text size="sm">
            {T.rules(
              formatDecimal(stats.rules.facilityMax),
              formatDecimal(stats.rules.facilityMin),
              formatDecimal(stats.rules.discriminationMin),
            )}{' '}
            {T.facilityHint} {T.discriminationHint}
          </Text>
          <SimpleGrid
            cols={{ base: 1, sm: 3 }}
            component="ul"
            aria-label={T.sectionsLabel}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {stats.sections.map((s) => (
              <Card key={s.section} withBorder radius="md" padding="sm" component="li">
                <Text fw={700}>{T.sectionNames[s.section]}</Text>
                <Text size="sm">
                  {T.sectionItems(s.items)}
                  {s.mean !== null ? ` · ${T.sectionMean(formatDecimal(s.mean))}` : ''}
                </Text>
                <Text size="sm">
                  {T.kr20} <b>{figure(s.kr20)}</b>
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          <Text size="xs">{T.kr20Hint}</Text>
          <Group gap="md" align="flex-end">
            <NativeSelect
              label={T.part}
              value={part}
              onChange={(e) => onPartChange(e.currentTarget.value as PartFilter)}
              data={[{ value: 'all', label: T.allParts }, ...SECTIONS.map((s) => ({ value: s, label: t.admin.sections[s] }))]}
              w={{ base: '100%', xs: 220 }}
            />
            <Switch
              label={T.flaggedOnly(flaggedCount)}
              checked={flaggedOnly}
              onChange={(e) => onFlaggedOnlyChange(e.currentTarget.checked)}
              disabled={!enough}
            />
          </Group>
          {items.length === 0 ? <EmptyState text={T.noneFlagged} /> : null}
          {items.length > 0 ? (
            <>
              <Stack gap="xs" hiddenFrom="sm" component="ul" aria-label={T.tableLabel} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {items.map((i) => (
                  <ItemCard key={i.soalId} item={i} enough={enough} />
                ))}
              </Stack>
              <Table striped verticalSpacing="xs" aria-label={T.tableLabel} visibleFrom="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{T.colSoal}</Table.Th>
                    <Table.Th>{T.colKey}</Table.Th>
                    <Table.Th ta="right">{T.colFacility}</Table.Th>
                    <Table.Th ta="right">{T.colDiscrimination}</Table.Th>
                    {OPTIONS.map((o) => (
                      <Table.Th key={o} ta="right">
                        {letterOf(o)}
                      </Table.Th>
                    ))}
                    <Table.Th ta="right">{T.colOmitted}</Table.Th>
                    <Table.Th>{T.colFlags}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((i) => (
                    <Table.Tr key={i.soalId}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{nameOf(i)}</Table.Td>
                      <Table.Td>{letterOf(i.jawaban)}</Table.Td>
                      <Table.Td ta="right">{figure(i.facility)}</Table.Td>
                      <Table.Td ta="right">{figure(i.discrimination)}</Table.Td>
                      {OPTIONS.map((o) => (
                        <Table.Td key={o} ta="right" fw={i.jawaban === o ? 700 : undefined}>
                          {i.options[o]}
                        </Table.Td>
                      ))}
                      <Table.Td ta="right">{i.omitted}</Table.Td>
                      <Table.Td>
                        <Flags flags={i.flags} enough={enough} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </>
          ) : null}
        </>
      ) : null}
    </AdminPage>
  );
}
