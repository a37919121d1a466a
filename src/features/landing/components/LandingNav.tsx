import { Button, Group } from '@mantine/core';
import type { MouseEvent } from 'react';
import { t } from '../../../i18n/id.ts';
import { LANDING_SECTIONS, scrollToSection, type LandingSection } from '../sections.ts';
import { SimulasiMenu } from './SimulasiMenu.tsx';

/** The landing page's header links: section anchors and the 'Simulasi TOEFL' package menu. */
export function LandingNav({ menuOpened }: { menuOpened?: boolean }) {
  const onAnchor = (id: LandingSection) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (scrollToSection(id)) event.preventDefault();
  };

  return (
    <Group gap={4} wrap="nowrap" aria-label={t.landing.nav.label} role="group">
      {LANDING_SECTIONS.map((id) => (
        <Button key={id} component="a" href={`#${id}`} onClick={onAnchor(id)} variant="subtle" size="compact-sm" color="dark">
          {t.landing.nav[id]}
        </Button>
      ))}
      <SimulasiMenu defaultOpened={menuOpened} />
    </Group>
  );
}
