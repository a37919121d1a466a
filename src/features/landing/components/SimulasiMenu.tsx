import { Button, Menu } from '@mantine/core';
import { Link } from 'react-router-dom';
import { t } from '../../../i18n/id.ts';
import { MENU_PACKAGES } from '../sections.ts';

/** 'Simulasi TOEFL': ten packages, each leading to the package list (spec section 2). */
export function SimulasiMenu({ defaultOpened }: { defaultOpened?: boolean }) {
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened} width={220}>
      <Menu.Target>
        <Button variant="subtle" size="compact-sm" rightSection={<span aria-hidden="true">▾</span>}>
          {t.landing.nav.simulasi}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t.landing.nav.prediction}</Menu.Label>
        {MENU_PACKAGES.prediction.map((huruf) => (
          <Menu.Item key={`p-${huruf}`} component={Link} to="/paketsoal">
            {t.landing.nav.paket(huruf, t.landing.nav.prediction)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Label>{t.landing.nav.itp}</Menu.Label>
        {MENU_PACKAGES.itp.map((huruf) => (
          <Menu.Item key={`i-${huruf}`} component={Link} to="/paketsoal">
            {t.landing.nav.paket(huruf, t.landing.nav.itp)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
