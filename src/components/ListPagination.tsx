import { Group, Pagination } from '@mantine/core';

export interface ListPaginationProps {
  pages: number;
  page: number;
  onPageChange: (page: number) => void;
  /** The list the pages belong to, read by screen readers. */
  label: string;
}

/** An admin list's page buttons, centred, each control named for screen readers; nothing for one page. */
export function ListPagination({ pages, page, onPageChange, label }: ListPaginationProps) {
  if (pages <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={pages}
        value={page}
        onChange={onPageChange}
        aria-label={label}
        getControlProps={(control) => ({ 'aria-label': control })}
      />
    </Group>
  );
}
