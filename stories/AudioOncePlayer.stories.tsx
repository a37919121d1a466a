import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AudioOncePlayerView } from '../src/components/AudioOncePlayerView.tsx';
import { t } from '../src/i18n/id.ts';

const meta = {
  title: 'Components/Play-once audio player',
  component: AudioOncePlayerView,
  args: { status: 'ready', progress: 0, onPlay: fn(), onRetry: fn(), onReplayAttempt: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 520, padding: 48 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AudioOncePlayerView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  args: { status: 'idle' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(t.audioOnce.noAudio)).toBeVisible();
    await expect(within(canvasElement).getByRole('button', { name: t.audioOnce.play })).toBeDisabled();
  },
};

export const Loading: Story = {
  args: { status: 'fetching' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(t.audioOnce.loading)).toBeVisible();
    await expect(within(canvasElement).getByRole('button', { name: t.audioOnce.play })).toBeDisabled();
  },
};

export const Ready: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: t.audioOnce.play }));
    await expect(args.onPlay).toHaveBeenCalled();
  },
};

export const Playing: Story = {
  args: { status: 'playing', progress: 0.4 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(t.audioOnce.playing)).toBeVisible();
    await expect(within(canvasElement).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
  },
};

export const Locked: Story = {
  args: { status: 'played', progress: 1, replayBlocked: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t.audioOnce.played)).toBeVisible();
    const lock = canvas.getByRole('button', { name: t.audioOnce.onlyOnce });
    await userEvent.click(lock);
    await expect(args.onReplayAttempt).toHaveBeenCalled();
    await expect(await within(canvasElement.ownerDocument.body).findByRole('tooltip')).toHaveTextContent(t.audioOnce.onlyOnce);
  },
};

export const Failed: Story = {
  args: { status: 'failed' },
  play: async ({ canvasElement, args }) => {
    await expect(within(canvasElement).getByText(t.audioOnce.failed)).toBeVisible();
    await userEvent.click(within(canvasElement).getByRole('button', { name: t.audioOnce.retry }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
