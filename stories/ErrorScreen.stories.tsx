import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ErrorScreen } from '../src/components/ErrorScreen.tsx';
import { t } from '../src/i18n/id.ts';

const meta = {
  title: 'Screens/Error screen',
  component: ErrorScreen,
  args: { onRetry: fn() },
} satisfies Meta<typeof ErrorScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: t.errorScreen.title })).toBeVisible();
    await expect(canvas.getByText(t.errorScreen.text)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t.errorScreen.retry }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};
