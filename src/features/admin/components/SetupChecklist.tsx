import { Alert, Anchor, Badge, Button, Collapse, Group, List, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router-dom';
import type { SetupStatus } from '../../../../contract/payments.ts';
import { t } from '../../../i18n/id.ts';

const T = t.admin.setup;

/** The first-run steps in the order an admin does them, each with where it is done. */
export function setupSteps(status: SetupStatus): { key: string; label: string; done: boolean; to?: string; hint?: string }[] {
  return [
    { key: 'password', label: T.password, done: status.adminPasswordChanged, to: '/profile', hint: T.passwordHint },
    { key: 'qr', label: T.qr, done: status.qrSet, to: '/admin/settings' },
    { key: 'paket', label: T.paket, done: status.paketReady, to: '/admin/soal-simulasi' },
  ];
}

export const setupDone = (status: SetupStatus): boolean => setupSteps(status).every((s) => s.done);

/** The first-run banner of the admin area: shown on every admin page until every step is done. */
export function SetupChecklist({ status }: { status: SetupStatus }) {
  const steps = setupSteps(status);
  const done = steps.filter((s) => s.done).length;
  // Folding keeps a phone's screen for the page; the layout keeps this state across admin pages.
  const [opened, { toggle }] = useDisclosure(true);
  return (
    // A region, not an alert: it is standing information, not news to announce on every page.
    // Mantine's yellow title on the light yellow fails contrast (axe): the title takes the text colour.
    <Alert
      color="yellow"
      variant="light"
      title={T.title}
      mb="md"
      component="section"
      role="region"
      aria-label={T.title}
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text size="sm">{T.progress(done, steps.length)}</Text>
        <Button
          variant="subtle"
          size="compact-xs"
          style={{ flexShrink: 0 }}
          onClick={toggle}
          aria-expanded={opened}
          aria-controls="setup-steps"
        >
          {opened ? T.hide : T.show}
        </Button>
      </Group>
      <Collapse expanded={opened}>
        <List id="setup-steps" spacing={6} size="sm" listStyleType="none" mt="xs">
          {steps.map((s) => (
            <List.Item key={s.key}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Badge color={s.done ? 'green' : 'gray'} variant={s.done ? 'filled' : 'outline'} tt="none" style={{ flexShrink: 0 }}>
                  {s.done ? T.done : T.todo}
                </Badge>
                {s.done || !s.to ? (
                  <Text size="sm" td={s.done ? 'line-through' : undefined}>
                    {s.label}
                  </Text>
                ) : (
                  <Anchor component={Link} to={s.to} size="sm" fw={600}>
                    {s.label}
                  </Anchor>
                )}
              </Group>
              {!s.done && s.hint ? (
                <Text size="xs" c="dimmed" ml={4} mt={2}>
                  {s.hint}
                </Text>
              ) : null}
            </List.Item>
          ))}
        </List>
      </Collapse>
    </Alert>
  );
}
