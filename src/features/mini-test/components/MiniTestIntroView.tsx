import { Anchor, Button, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { t } from '../../../i18n/id.ts';

/** /mini-test: what the warm-up holds and the button that starts it (spec section 2). */
export function MiniTestIntroView() {
  const M = t.miniTest;
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{M.title}</Title>
        <Text>{M.warmUp}</Text>
        <Paper withBorder p="lg" radius="md">
          <List spacing="sm">
            {M.sections.map((s) => (
              <List.Item key={s.name}>
                <Text fw={600} span>
                  {s.name}
                </Text>
                <Text span c="dimmed">
                  {' '}
                  · {s.range} · {s.minutes}
                </Text>
              </List.Item>
            ))}
          </List>
        </Paper>
        <Text size="sm">
          {M.audioNote}{' '}
          <Anchor component={Link} to="/testpage">
            {M.audioCheckLink}
          </Anchor>
        </Text>
        <Button component={Link} to="/listening" size="md" style={{ alignSelf: 'flex-start' }}>
          {M.start}
        </Button>
      </Stack>
    </Container>
  );
}

export function MiniTestIntroScreen() {
  return <MiniTestIntroView />;
}
