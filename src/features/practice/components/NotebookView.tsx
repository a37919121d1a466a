import { Alert, Badge, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { NotebookResponse } from '../../../../contract/practice.ts';
import { skillById } from '../../../../contract/skills.ts';
import { ListPagination, pageCount } from '../../../components/ListPagination.tsx';
import { ParticipantNav } from '../../../components/ParticipantNav.tsx';
import { t } from '../../../i18n/id.ts';
import { formatLongDate } from '../../../lib/dates.ts';
import { ErrorBlock, LoadingBlock } from '../../../components/StatusBlocks.tsx';

const P = t.practice;

export interface NotebookViewProps {
  notebook: NotebookResponse | undefined;
  isLoading: boolean;
  error: string | null;
  onRetry: () => void;
}

/**
 * Entries shown at once: one exam can put most of its 140 questions here, a list a phone would
 * scroll through for many screens.
 */
export const NOTEBOOK_PAGE_SIZE = 20;

/** /latihan/buku-kesalahan: every missed item, due ones first, with when each comes back, a page at a time. */
export function NotebookView({ notebook, isLoading, error, onRetry }: NotebookViewProps) {
  const [wanted, setPage] = useState(1);
  const listTop = useRef<HTMLParagraphElement>(null);
  const entries = notebook?.entries ?? [];
  const pages = pageCount(entries.length, NOTEBOOK_PAGE_SIZE);
  // A notebook that shrank (items reviewed elsewhere) shows its last page rather than an empty one.
  const page = Math.min(wanted, pages);
  const shown = entries.slice((page - 1) * NOTEBOOK_PAGE_SIZE, page * NOTEBOOK_PAGE_SIZE);
  const turnTo = (next: number) => {
    setPage(next);
    // The controls sit under the list: the new page is read from its top.
    listTop.current?.scrollIntoView({ block: 'start' });
  };
  return (
    <Container size="md" py="lg">
      <ParticipantNav />
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1}>{P.notebookTitle}</Title>
          <Text c="dimmed">{P.notebookLead}</Text>
        </Stack>
        {isLoading ? <LoadingBlock text={P.loading} /> : null}
        {error ? <ErrorBlock text={error} onRetry={onRetry} retryLabel={P.retry} /> : null}
        {notebook ? (
          <>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text fw={600}>{P.reviewToday(notebook.due)}</Text>
              {notebook.due > 0 ? (
                <Button component={Link} to="/latihan/review">
                  {P.startReview}
                </Button>
              ) : null}
            </Group>
            {entries.length === 0 ? (
              <Alert variant="light">{P.notebookEmpty}</Alert>
            ) : (
              <>
                <Text size="sm" ref={listTop} style={{ scrollMarginTop: 'var(--mantine-spacing-md)' }}>
                  {P.notebookCount(entries.length)}
                </Text>
                <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={P.notebookTitle}>
                  {shown.map((e) => {
                    const skill = skillById(e.skill);
                    return (
                      <Paper key={e.item} withBorder p="sm" radius="md" component="li">
                        <Stack gap={4}>
                          <Group gap="xs" wrap="wrap">
                            <Badge color={e.isDue ? 'red' : 'gray'} variant="light">
                              {e.isDue ? P.notebookDue : P.notebookLater(formatLongDate(e.due))}
                            </Badge>
                            <Badge variant="outline">{P.source[e.source] ?? e.source}</Badge>
                          </Group>
                          <Text size="sm" fw={500}>
                            {skill ? P.skillLabel(skill.no, skill.name) : e.skill}
                          </Text>
                          <Text size="sm" c="dimmed" lineClamp={2}>
                            {e.preview}
                          </Text>
                        </Stack>
                      </Paper>
                    );
                  })}
                </Stack>
              </>
            )}
            <ListPagination pages={pages} page={page} onPageChange={turnTo} label={P.notebookPages} />
            <Button component={Link} to="/latihan" variant="subtle" w="fit-content">
              {P.backHome}
            </Button>
          </>
        ) : null}
      </Stack>
    </Container>
  );
}
