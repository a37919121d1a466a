import { Paper, Stack, Text } from '@mantine/core';
import { startTransition, useEffect, useId, useState } from 'react';
import { preloadAfterPaint, retrying } from '../lib/lazy-retry.ts';
import { onDemand } from '../lib/on-demand.ts';
import { MessageBody, type MessageDialogProps } from './MessageBody.tsx';

export type { MessageDialogProps } from './MessageBody.tsx';

/**
 * Mantine's Modal with its scroll area and scroll lock is about 18 KB gzip that no page needs to
 * paint: the exam page and the entry pages paint without it, and it is fetched once the page has
 * painted (or at once when a dialog opens first).
 */
const modalCode = onDemand(retrying(() => import('./MessageDialogModal.tsx')));

/** Fetches the Modal's code now (what a page does after its paint); resolves once it is in. */
export const preloadMessageDialog = (): Promise<unknown> => modalCode.load();

/**
 * The app's message box (the spec's "dialog"). Until the Modal's code is in, an open dialog shows
 * the same title, text and buttons in a plain box, so no message waits on the network (the code
 * may be asked for precisely when the connection failed).
 */
export function MessageDialog(props: MessageDialogProps) {
  const code = useModalCode(props.opened);
  if (code) return <code.MessageDialogModal {...props} />;
  return props.opened ? <MessageBox {...props} /> : null;
}

function useModalCode(opened: boolean) {
  const [code, setCode] = useState(modalCode.current);
  useEffect(() => {
    if (code) return;
    let live = true;
    const take = () =>
      modalCode.load().then(
        (loaded) => {
          // A transition renders in slices: mounting the closed Modal takes about 20 ms on a
          // phone, which as one task would block a tap on the page it is loaded behind.
          if (live) startTransition(() => setCode(loaded));
        },
        () => undefined, // still out: the plain box stays, and the next open asks again
      );
    const cancel = opened ? (void take(), () => undefined) : preloadAfterPaint([take]);
    return () => {
      live = false;
      cancel();
    };
  }, [opened, code]);
  return code;
}

/** The message while the Modal's code is not in: announced, on top, with the same buttons. */
function MessageBox({ title, tone = 'info', ...body }: MessageDialogProps) {
  const titleId = useId();
  return (
    <Paper
      role="alert"
      aria-labelledby={titleId}
      withBorder
      shadow="xl"
      p="md"
      pos="fixed"
      top="30%"
      left="50%"
      w="min(28rem, calc(100vw - 2rem))"
      style={{ transform: 'translateX(-50%)', zIndex: 300 }}
    >
      <Stack gap="md">
        <Text id={titleId} fw={700} size="lg" c={tone === 'error' ? 'red.8' : undefined}>
          {title}
        </Text>
        <MessageBody {...body} />
      </Stack>
    </Paper>
  );
}
