import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../../../i18n/id.ts';

/** The frame of the screens reached from Riwayat Ujian: a way back, the title, an optional lead, the body. */
export function ResultsPage({
  title,
  lead,
  size = 'md',
  children,
}: {
  title: string;
  lead?: string;
  size?: 'sm' | 'md';
  children: ReactNode;
}) {
  return (
    <Container size={size} py="lg" px={size === 'sm' ? 'sm' : undefined}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Anchor component={Link} to="/riwayat-ujian" size="sm">
            {t.results.backToHistory}
          </Anchor>
          <Title order={1} size="h2">
            {title}
          </Title>
          {lead ? <Text>{lead}</Text> : null}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
