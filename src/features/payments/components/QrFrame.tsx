import { Box, Center, Image, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';

/** Widest a payment QR is drawn; on a 390 px phone the card's column is narrower (326 px). */
const QR_MAX_WIDTH = 320;

export interface QrFrameProps {
  /** The QR picture; absent while it is on its way. */
  src: string | undefined;
  alt: string;
  /** Said under the loader while the picture is on its way. */
  waitingText?: string;
  testId?: string;
}

/**
 * A payment QR's place on /bayar, square and sized before anything arrives: the loader, then the
 * picture, in the same box, so nothing below it (the proof upload) moves under the learner's thumb
 * when the picture comes in on a slow link. A picture that is not square (a merchant's QRIS
 * poster) is fitted inside.
 */
export function QrFrame({ src, alt, waitingText, testId }: QrFrameProps) {
  // The loader stays until the picture itself has arrived, not only its address: on a slow link
  // the box would otherwise stand empty for seconds.
  const [arrived, setArrived] = useState<string | null>(null);
  const waiting = !src || arrived !== src;
  return (
    <Box w="100%" maw={QR_MAX_WIDTH} mx="auto" pos="relative" style={{ aspectRatio: '1 / 1' }}>
      {src ? (
        <Image
          src={src}
          alt={alt}
          w="100%"
          h="100%"
          fit="contain"
          radius="sm"
          data-testid={testId}
          onLoad={() => setArrived(src)}
          onError={() => setArrived(src)}
        />
      ) : null}
      {waiting ? (
        <Center pos="absolute" inset={0} role="status">
          <Stack align="center" gap="xs">
            <Loader aria-hidden />
            {waitingText ? <Text size="sm">{waitingText}</Text> : null}
          </Stack>
        </Center>
      ) : null}
    </Box>
  );
}
