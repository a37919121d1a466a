import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { INTERRUPT_REASONS, type InterruptReason } from '../machines/audio-once.machine.ts';
import {
  AUDIO_ONCE_STATUSES,
  AudioOncePlayerView,
  type AudioOnceStatus,
  type AudioOncePlayerViewProps,
} from '../src/components/AudioOncePlayerView.tsx';
import { AudioOnceHeldPlace } from '../src/components/AudioOncePlayer.tsx';
import { t } from '../src/i18n/id.ts';

const A = t.audioOnce;

const meta = {
  title: 'Components/Play-once audio player',
  component: AudioOncePlayerView,
  args: {
    status: 'ready',
    progress: 0,
    onPlay: fn(),
    onResume: fn(),
    onRetry: fn(),
    onLeaveConfirm: fn(),
    onLeaveCancel: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 520, padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AudioOncePlayerView>;

export default meta;
type Story = StoryObj<typeof meta>;
const body = (el: HTMLElement) => within(el.ownerDocument.body);

export const Idle: Story = {
  args: { status: 'idle' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(A.noAudio)).toBeVisible();
    await expect(within(canvasElement).getByRole('button', { name: A.play })).toBeDisabled();
  },
};

/** The whole clip is downloading; nothing can play before it is in. */
export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(A.loading)).toBeVisible();
    await expect(within(canvasElement).getByRole('button', { name: A.play })).toBeDisabled();
  },
};

/** A download failed and is being tried again. */
export const LoadingRetry: Story = {
  args: { status: 'loading', attempt: 1 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(A.loadingRetry(1))).toBeVisible();
  },
};

export const Ready: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: A.play }));
    await expect(args.onPlay).toHaveBeenCalled();
  },
};

export const Playing: Story = {
  args: { status: 'playing', progress: 0.4 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(A.playing)).toBeVisible();
    await expect(within(canvasElement).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    await expect(within(canvasElement).getByRole('button', { name: A.play })).toBeDisabled();
  },
};

/** The tab was hidden (or the phone locked): paused where it stopped, resumed on return. */
export const Interrupted: Story = {
  args: { status: 'interrupted', reason: 'hidden', position: 42, progress: 0.35 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(`${A.interrupted.hidden} ${A.pausedAt('0:42')}.`)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: A.resume }));
    await expect(args.onResume).toHaveBeenCalled();
  },
};

/** A stalled clip goes on by itself after a moment. */
export const InterruptedByStall: Story = {
  args: { status: 'interrupted', reason: 'stall', position: 75, progress: 0.6 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(`${A.interrupted.stall} ${A.pausedAt('1:15')}.`)).toBeVisible();
  },
};

/** Coming back to an interrupted clip: it goes on from the saved position, never from the start. */
export const Resuming: Story = {
  args: { status: 'resuming', position: 42, progress: 0.35 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(A.resuming('0:42'))).toBeVisible();
    await expect(within(canvasElement).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '35');
  },
};

/** Moving to another item while the clip plays asks first. */
export const LeaveWhilePlaying: Story = {
  args: { status: 'askingLeave', progress: 0.5, position: 30 },
  play: async ({ canvasElement, args }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: A.leaveTitle });
    await expect(within(dialog).getByText(A.leaveMessage)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: A.leaveCancel }));
    await expect(args.onLeaveCancel).toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: A.leaveConfirm }));
    await expect(args.onLeaveConfirm).toHaveBeenCalled();
  },
};

export const Locked: Story = {
  args: { status: 'played', progress: 1 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(A.played)).toBeVisible();
    // The notice waits for the learner to reach for the player.
    await expect(body(canvasElement).queryByRole('tooltip')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: A.onlyOnce }));
    const notice = await body(canvasElement).findByRole('tooltip');
    await expect(notice).toHaveTextContent(A.onlyOnce);
    await expect(notice).toBeVisible();
  },
};

/** Every download attempt failed: an Indonesian message and a retry button. */
export const Failed: Story = {
  args: { status: 'failed' },
  play: async ({ canvasElement, args }) => {
    await expect(within(canvasElement).getByText(A.failed)).toBeVisible();
    await userEvent.click(within(canvasElement).getByRole('button', { name: A.retry }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/**
 * The player's place while the exam re-reads its timer (the page came back): the same size as a
 * player, and inert: nothing in it takes focus or a click, and no status reaches a screen reader.
 */
export const HeldWhileTheTimerIsRead: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12, width: 316 }}>
      <AudioOnceHeldPlace played={false} />
      <AudioOnceHeldPlace played />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const held = within(canvasElement).getAllByTestId('audio-once');
    await expect(held.map((el) => el.dataset.status)).toEqual(['loading', 'played']);
    for (const button of canvasElement.querySelectorAll('button')) {
      button.focus();
      await expect(document.activeElement).not.toBe(button);
    }
  },
};

/** The player in each status it can show, as one listening question on a phone of this width. */
function everyStatusAt(width: number) {
  return function EveryStatus(args: AudioOncePlayerViewProps) {
    const shown = AUDIO_ONCE_STATUSES.filter((s) => s !== 'askingLeave').flatMap(
      (status): { status: AudioOnceStatus; reason: InterruptReason | null }[] =>
        status === 'interrupted' ? INTERRUPT_REASONS.map((reason) => ({ status, reason })) : [{ status, reason: null }],
    );
    return (
      <div style={{ display: 'grid', gap: 12, width }}>
        {shown.map(({ status, reason }) => (
          <div key={`${status}-${reason}`} data-shown={`${status}${reason ? `:${reason}` : ''}`}>
            <AudioOncePlayerView {...args} status={status} reason={reason} attempt={status === 'loading' ? 2 : 0} />
          </div>
        ))}
      </div>
    );
  };
}

/**
 * A stall, a pause, a resume or the end never changes the player's height, so the options below
 * it stay under the learner's finger; the button keeps its whole label and the status line needs
 * at most two lines. The widths are the player's in the mini test at 360 and 390 px (the exam's
 * is 8 px wider).
 */
async function holdsStill(canvasElement: HTMLElement) {
  const shown = [...canvasElement.querySelectorAll<HTMLElement>('[data-shown]')];
  await expect(shown.length).toBe(AUDIO_ONCE_STATUSES.length - 1 + INTERRUPT_REASONS.length - 1);
  const heights = shown.map((el) => `${el.dataset.shown} ${el.getBoundingClientRect().height}`);
  const first = shown[0]!.getBoundingClientRect().height;
  await expect(heights).toEqual(shown.map((el) => `${el.dataset.shown} ${first}`));
  for (const button of canvasElement.querySelectorAll<HTMLElement>('[data-testid="audio-once"] button:not(.audio-once-lock)')) {
    const label = button.querySelector<HTMLElement>('.mantine-Button-label')!;
    await expect(label.scrollWidth, button.textContent ?? '').toBeLessThanOrEqual(label.clientWidth);
  }
  const line = canvasElement.querySelector<HTMLElement>('[role="status"]')!;
  const cell = line.parentElement!.getBoundingClientRect().height;
  await expect(cell).toBeLessThanOrEqual(2 * parseFloat(getComputedStyle(line).lineHeight) + 1);
}

export const EveryStatusAt360: Story = {
  args: { progress: 0.4, position: 641 },
  render: everyStatusAt(286),
  play: ({ canvasElement }) => holdsStill(canvasElement),
};

export const EveryStatusAt390: Story = {
  args: { progress: 0.4, position: 641 },
  render: everyStatusAt(316),
  play: ({ canvasElement }) => holdsStill(canvasElement),
};
