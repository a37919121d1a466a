import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { RouteErrorScreen } from '../src/app/RouteErrorScreen.tsx';
import { t } from '../src/i18n/id.ts';

const E = t.routeError;

/** A data router whose only screen fails the way the story says, shown by the app's errorElement. */
function FailingRoute({ message, onReload }: { message: string; onReload: () => void }) {
  const [router] = useState(() =>
    createMemoryRouter([
      {
        path: '/',
        loader: () => {
          throw new Error(message);
        },
        Component: () => null,
        errorElement: <RouteErrorScreen onReload={onReload} />,
      },
    ]),
  );
  return <RouterProvider router={router} />;
}

const meta = {
  title: 'Screens/Route error',
  component: FailingRoute,
  args: { message: 'Cannot read properties of undefined', onReload: fn() },
  parameters: { ownRouter: true },
} satisfies Meta<typeof FailingRoute>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A screen that broke: Indonesian text and a retry, never the library's English page. */
export const ScreenFailed: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: E.title })).toBeVisible();
    await expect(canvas.getByText(E.text)).toBeVisible();
    await expect(canvas.queryByText(/Something went wrong/i)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: E.retry }));
    await expect(args.onReload).toHaveBeenCalledOnce();
  },
};

/** The screen's code could not be fetched (a dropped connection): it says so and loads again by itself once online. */
export const CodeNotLoadedOffline: Story = {
  args: { message: 'Failed to fetch dynamically imported module: /assets/LatihanScreen.js' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: E.loadTitle })).toBeVisible();
    await expect(canvas.getByText(E.loadText)).toBeVisible();
    window.dispatchEvent(new Event('offline'));
    await expect(await canvas.findByText(E.offline)).toBeVisible();
    await expect(args.onReload).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(args.onReload).toHaveBeenCalledOnce());
  },
};
