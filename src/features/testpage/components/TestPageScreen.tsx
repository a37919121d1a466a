import { Button, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { AudioOnceClip, type PlayedStore } from '../../../components/AudioOncePlayer.tsx';
import { t } from '../../../i18n/id.ts';

export const SOUND_CHECK_SRC = '/static/sound-check.mp3';

export interface TestPageViewProps {
  /** The player (the real play-once player, or a view in stories). */
  player: ReactNode;
  onPlayAgain: () => void;
}

/** /testpage (public): the audio check before an exam, with the exam's own play-once player. */
export function TestPageView({ player, onPlayAgain }: TestPageViewProps) {
  const T = t.testPage;
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{T.title}</Title>
        <Text>{T.lead}</Text>
        <List type="ordered" spacing="xs">
          {T.steps.map((s) => (
            <List.Item key={s}>{s}</List.Item>
          ))}
        </List>
        {player}
        <Button variant="default" onClick={onPlayAgain} style={{ alignSelf: 'flex-start' }}>
          {T.playAgain}
        </Button>
        <Paper withBorder p="md" radius="md" bg="gray.0">
          <Text fw={600} size="sm" mb={4}>
            {T.transcriptTitle}
          </Text>
          <Text size="sm" lang="en">
            {T.transcript}
          </Text>
        </Paper>
      </Stack>
    </Container>
  );
}

/** The check remembers nothing: each 'Putar lagi' gives a fresh player that may play once more. */
const memoryStore = (): PlayedStore => {
  let played: readonly number[] = [];
  return { load: () => played, save: (p) => (played = p) };
};

export function TestPageScreen() {
  useDocumentTitle(t.testPage.title);
  const [round, setRound] = useState(0);
  const [store, setStore] = useState(memoryStore);
  return (
    <TestPageView
      player={<AudioOnceClip key={round} src={SOUND_CHECK_SRC} index={0} store={store} autoPlay={round > 0} />}
      onPlayAgain={() => {
        setStore(memoryStore);
        setRound((r) => r + 1);
      }}
    />
  );
}
