import { Group, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { t } from '../../../i18n/id.ts';

export interface AdminPageProps {
  title: string;
  /** Buttons beside the title. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The heading and spacing every admin screen shares; also names the browser tab. */
export function AdminPage({ title, actions, children }: AdminPageProps) {
  useDocumentTitle(`${title} | ${t.admin.title}`);
  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
      {children}
    </Stack>
  );
}
