import { Button, Group, TextInput } from '@mantine/core';
import { t } from '../i18n/id.ts';

export interface DateRangeFilterProps {
  /** yyyy-mm-dd, or '' for open. */
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  onReset: () => void;
}

/**
 * The tail of an admin list's filter form: a day range (each end keeps the other in order) and the
 * form's 'Terapkan' (submit) and 'Reset' buttons. The form itself and its other fields are the list's.
 */
export function DateRangeFilter({ from, to, onChange, onReset }: DateRangeFilterProps) {
  const T = t.dateFilter;
  return (
    <>
      <TextInput
        label={T.from}
        type="date"
        value={from}
        max={to || undefined}
        onChange={(e) => onChange({ from: e.currentTarget.value, to })}
        w={{ base: '47%', sm: 170 }}
      />
      <TextInput
        label={T.to}
        type="date"
        value={to}
        min={from || undefined}
        onChange={(e) => onChange({ from, to: e.currentTarget.value })}
        w={{ base: '47%', sm: 170 }}
      />
      <Group gap="xs">
        <Button type="submit">{T.apply}</Button>
        <Button type="button" variant="subtle" onClick={onReset}>
          {T.reset}
        </Button>
      </Group>
    </>
  );
}
