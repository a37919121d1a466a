import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  staticDirs: ['../public'],
  // Vite finds a dependency only when a story first imports it, then reloads every open story
  // (a flaky run); those reached only from deep inside a screen are named up front.
  viteFinal: (vite) => ({
    ...vite,
    optimizeDeps: { ...vite.optimizeDeps, include: [...(vite.optimizeDeps?.include ?? []), 'qrcode'] },
  }),
};

export default config;
