import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/*
 * Contrast (WCAG AA needs 4.5:1 for text). Filled buttons and badges use shade 8 (primaryShade),
 * hover uses shade 9; light variants put shade 9 on shade 1. Measured white-on-shade-8 ratios:
 * blue #1971c2 5.02, green #2a7a3a 5.33, red #c92a2a 5.46, orange #c2410c 5.18, teal #087f5b 5.00.
 * Mantine's own greens (#2f9e44 3.45, #2b8a3e 4.37), red-6 error text (#fa5252 3.28) and
 * gray-6 dimmed text (#868e96 3.32) fail, hence the palettes and variables below.
 */
const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#40c057',
  '#2f9e44',
  '#2a7a3a',
  '#1e5c2a',
];

const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#fa5252',
  '#e03131',
  '#c92a2a',
  '#a51d1d',
];

const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#fd7e14',
  '#e8590c',
  '#c2410c',
  '#8f3a06',
];

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  colors: { green, red, orange },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    PasswordInput: {
      defaultProps: {
        // Mantine leaves the eye button out of the tab order; keyboard users need it too.
        visibilityToggleFocusable: true,
      },
    },
  },
});

/** Text colours Mantine derives from failing shades, moved to passing ones (light scheme). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // FileInput shows its placeholder as text that axe checks (gray-5 is 2.5:1).
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-anchor': 'var(--mantine-color-blue-9)',
  },
  dark: {},
});
