import { SCREENS, checkScreens } from './a11y-screens.ts';

checkScreens(
  'accessibility of the public and learner pages (axe)',
  SCREENS.filter((s) => s.as !== 'admin'),
);
