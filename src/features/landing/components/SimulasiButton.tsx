import { Button } from '@mantine/core';
import type { ComponentProps } from 'react';
import { t } from '../../../i18n/id.ts';

/** The header's 'Simulasi TOEFL' button, the same before and after its menu's code has loaded. */
export function SimulasiButton(props: ComponentProps<typeof Button<'button'>>) {
  return (
    <Button variant="subtle" size="compact-sm" rightSection={<span aria-hidden="true">▾</span>} {...props}>
      {t.landing.nav.simulasi}
    </Button>
  );
}
