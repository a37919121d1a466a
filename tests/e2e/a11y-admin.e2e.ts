import { SCREENS, checkScreens } from './a11y-screens.ts';

checkScreens(
  'accessibility of the admin pages (axe)',
  SCREENS.filter((s) => s.as === 'admin'),
);
