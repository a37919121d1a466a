import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AudioOncePlayerView } from '../src/components/AudioOncePlayerView.tsx';
import { TestPageView } from '../src/features/testpage/components/TestPageScreen.tsx';
import { t } from '../src/i18n/id.ts';

const player = (status: 'ready' | 'played') => (
  <AudioOncePlayerView status={status} progress={status === 'played' ? 1 : 0} onPlay={fn()} onRetry={fn()} />
);

const meta = {
  title: 'Screens/Audio check',
  component: TestPageView,
  args: { player: player('ready'), onPlayAgain: fn() },
} satisfies Meta<typeof TestPageView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const BeforePlaying: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: t.testPage.title })).toBeVisible();
    await expect(canvas.getByText(t.testPage.steps[0])).toBeVisible();
    await expect(canvas.getByRole('button', { name: t.audioOnce.play })).toBeEnabled();
  },
};

export const AfterPlaying: Story = {
  args: { player: player('played') },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: t.audioOnce.onlyOnce })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: t.testPage.playAgain }));
    await expect(args.onPlayAgain).toHaveBeenCalled();
  },
};
