import { lazy, Suspense, useState } from 'react';
import { SimulasiButton } from './SimulasiButton.tsx';

const loadPackageMenu = () => import('./PackageMenu.tsx');
/*
 * The menu itself (Mantine's Menu, Popover and floating-ui: about 30 KB gzip) is fetched when the
 * visitor reaches for the button, not with the landing page: most visitors never open it.
 */
const PackageMenu = lazy(async () => ({ default: (await loadPackageMenu()).PackageMenu }));
const warm = () => void loadPackageMenu().catch(() => undefined); // a failed early fetch is made again by the click

/** 'Simulasi TOEFL': ten packages, each leading to the package list (spec section 2). */
export function SimulasiMenu({ defaultOpened = false }: { defaultOpened?: boolean }) {
  const [wanted, setWanted] = useState(defaultOpened);
  const closed = <SimulasiButton aria-haspopup="menu" aria-expanded={false} />;
  if (!wanted)
    return (
      <SimulasiButton aria-haspopup="menu" aria-expanded={false} onPointerEnter={warm} onFocus={warm} onClick={() => setWanted(true)} />
    );
  return (
    <Suspense fallback={closed}>
      <PackageMenu />
    </Suspense>
  );
}
