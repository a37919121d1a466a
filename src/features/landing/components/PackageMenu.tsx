import { Menu } from '@mantine/core';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../../../i18n/id.ts';
import { MENU_PACKAGES } from '../sections.ts';
import { SimulasiButton } from './SimulasiButton.tsx';

/**
 * The 'Simulasi TOEFL' package menu, open from the moment it is mounted (the visitor asked for it).
 * Its button replaced the one that was clicked, so closing hands focus back to it by hand: the
 * menu's own focus return points at the button that is gone.
 */
export function PackageMenu() {
  const target = useRef<HTMLButtonElement>(null);
  return (
    <Menu position="bottom-end" withinPortal defaultOpened width={220} onClose={() => target.current?.focus()}>
      <Menu.Target>
        <SimulasiButton ref={target} />
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
