import { Group, Pagination } from '@mantine/core';
import { t } from '../i18n/id.ts';

/** How many pages `total` entries fill at `size` a page: always at least one, so page 1 exists. */
export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

export interface ListPaginationProps {
  pages: number;
  page: number;
  onPageChange: (page: number) => void;
  /** The list the pages belong to, read by screen readers. */
  label: string;
}

/** A list's page buttons, centred, each control named in Indonesian for screen readers; nothing for one page. */
export function ListPagination({ pages, page, onPageChange, label }: ListPaginationProps) {
  if (pages <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={pages}
        value={page}
        onChange={onPageChange}
        aria-label={label}
        getControlProps={(control) => ({ 'aria-label': t.pagination[control] })}
        getItemProps={(n) => ({ 'aria-label': t.pagination.page(n) })}
      />
    </Group>
  );
}
