import { Button, Collapse, Loader, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { SafeHtml } from '../../../components/SafeHtml.tsx';
import { t } from '../../../i18n/id.ts';

export interface ReadingPassageProps {
  title: string;
  html: string;
  png: string;
  webp: string;
  /** Show the text alternative opened (stories). */
  defaultTextOpen?: boolean;
}

/**
 * The passage as the exam shows it, an image ('Memuat gambar...' until it loads, hidden if it
 * fails), with the same passage as text in a collapsible for screen readers and zooming.
 */
export function ReadingPassage({ title, html, png, webp, defaultTextOpen = false }: ReadingPassageProps) {
  const [image, setImage] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const [textOpen, setTextOpen] = useState(defaultTextOpen);
  const textId = useId();
  return (
    <Stack gap="sm">
      <Text fw={700}>
        {t.miniTest.passage}: {title}
      </Text>
      {image !== 'failed' ? (
        <div className="mini-passage-image">
          {image === 'loading' ? (
            <Stack align="center" gap="xs" p="md" role="status">
              <Loader size="sm" aria-hidden="true" />
              <Text size="sm">{t.miniTest.imageLoading}</Text>
            </Stack>
          ) : null}
          <picture>
            <source srcSet={webp} type="image/webp" />
            <img
              src={png}
              alt={t.miniTest.passageImageAlt(title)}
              width={900}
              height={1100}
              sizes="(max-width: 62em) 100vw, 720px"
              onLoad={() => setImage('loaded')}
              onError={() => setImage('failed')}
              style={image === 'loading' ? { position: 'absolute', opacity: 0 } : undefined}
            />
          </picture>
        </div>
      ) : null}
      <Button
        variant="default"
        size="compact-sm"
        style={{ alignSelf: 'flex-start' }}
        aria-expanded={textOpen}
        aria-controls={textId}
        onClick={() => setTextOpen((o) => !o)}
      >
        {textOpen ? t.miniTest.hidePassageText : t.miniTest.showPassageText}
      </Button>
      <Collapse expanded={textOpen} id={textId}>
        <SafeHtml html={html} className="mini-question" />
      </Collapse>
    </Stack>
  );
}
