import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router-dom';
import { t } from '../i18n/id.ts';
import { isChunkLoadError } from '../lib/lazy-retry.ts';

const E = t.routeError;

/**
 * The router's errorElement, shown inside the page frame (header stays): what broke is logged and
 * the learner reads Indonesian. A screen whose code could not be fetched reloads by itself as soon
 * as the connection returns.
 */
export function RouteErrorScreen({ onReload = () => window.location.reload() }: { onReload?: () => void }) {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const [offline, setOffline] = useState(() => typeof navigator !== 'undefined' && !navigator.onLine);
  useEffect(() => {
    console.error(error);
  }, [error]);
  useEffect(() => {
    const online = () => {
      setOffline(false);
      if (chunk) onReload();
    };
    const lost = () => setOffline(true);
    window.addEventListener('online', online);
    window.addEventListener('offline', lost);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', lost);
    };
  }, [chunk, onReload]);
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md" ta="center" role="alert" data-testid="route-error">
        <Title order={1} size="h3">
          {chunk ? E.loadTitle : E.title}
        </Title>
        <Text>{offline ? E.offline : chunk ? E.loadText : E.text}</Text>
        <Button onClick={onReload}>{E.retry}</Button>
      </Stack>
    </Container>
  );
}
