import { Button, Group } from '@mantine/core';
import { useRef, useState } from 'react';
import { t } from '../../../i18n/id.ts';
import { useAutoScroll } from '../hooks/useAutoScroll.ts';

const CARD_WIDTH = 360;
const CARD_HEIGHT = 196;
const COLUMN_COUNT = 3;

const cards = t.landing.testimonials.items.map((item, i) => ({
  ...item,
  src: `/landing/testimoni-${i + 1}.svg`,
  alt: t.landing.testimonials.imageAlt(item.nama, item.kota, item.text),
}));

type Card = (typeof cards)[number];

function CardImage({ card, hidden }: { card: Card; hidden?: boolean }) {
  return (
    <img
      className="testimonial-card"
      src={card.src}
      srcSet={`${card.src} ${CARD_WIDTH}w`}
      sizes={`(max-width: 768px) calc(100vw - 32px), ${CARD_WIDTH}px`}
      width={CARD_WIDTH}
      height={CARD_HEIGHT}
      loading="lazy"
      decoding="async"
      // The repeated copy that makes the loop seamless is decoration, not content.
      alt={hidden ? '' : card.alt}
      aria-hidden={hidden ? true : undefined}
    />
  );
}

/**
 * Testimonial cards in three columns (spec sections 2 and 9): each column at most 600 px high,
 * moving by itself on screens wider than 768 px while the section is in view. A button pauses the
 * motion (WCAG 2.2.2); hovering or focusing a column pauses it too.
 */
export function TestimonialColumns() {
  const section = useRef<HTMLDivElement>(null);
  const columns = useRef<(HTMLElement | null)[]>([]);
  const [pausedByUser, setPausedByUser] = useState(false);
  const [hovered, setHovered] = useState(false);
  const { running, allowed } = useAutoScroll(section, columns, pausedByUser || hovered);
  const perColumn = Math.ceil(cards.length / COLUMN_COUNT);
  const groups = Array.from({ length: COLUMN_COUNT }, (_, c) => cards.slice(c * perColumn, (c + 1) * perColumn));

  return (
    <div ref={section}>
      {allowed ? (
        <Group justify="flex-end" mb="xs">
          <Button variant="default" size="compact-sm" onClick={() => setPausedByUser((p) => !p)} aria-pressed={pausedByUser}>
            {pausedByUser ? t.landing.testimonials.play : t.landing.testimonials.pause}
          </Button>
        </Group>
      ) : null}
      <div className="testimonial-columns" data-running={running || undefined}>
        {groups.map((group, c) => (
          <div
            key={c}
            className="testimonial-column"
            data-testid="testimonial-column"
            // Scrollable, so reachable by keyboard (axe: scrollable-region-focusable); focus also pauses the motion.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            role="region"
            aria-label={t.landing.testimonials.columnLabel(c + 1)}
            ref={(el) => {
              columns.current[c] = el;
            }}
            onMouseEnter={() => setHovered(true)}
            onMouseLeave={() => setHovered(false)}
            onFocus={() => setHovered(true)}
            onBlur={() => setHovered(false)}
          >
            {group.map((card) => (
              <CardImage key={card.src} card={card} />
            ))}
            {/* The second copy exists only where the column moves (wide screens). */}
            {allowed ? group.map((card) => <CardImage key={`${card.src}-copy`} card={card} hidden />) : null}
          </div>
        ))}
      </div>
    </div>
  );
}
