import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { MINI_TEST_DURATIONS, scoreMiniTest, type MiniSection } from '../machines/mini-test.machine.ts';
import { AudioOncePlayerView } from '../src/components/AudioOncePlayerView.tsx';
import { SafeHtml } from '../src/components/SafeHtml.tsx';
import { MINI_ITEMS, READING_PASSAGE } from '../src/features/mini-test/data.ts';
import { MiniFinishView } from '../src/features/mini-test/components/MiniFinishView.tsx';
import { MiniTestLayout } from '../src/features/mini-test/components/MiniTestRun.tsx';
import { clearMiniTestStorage, RESULT_KEY } from '../src/features/mini-test/storage.ts';
import { MiniSectionView } from '../src/features/mini-test/components/MiniSectionView.tsx';
import { MiniTestIntroView } from '../src/features/mini-test/components/MiniTestIntroView.tsx';
import { ReadingPassage } from '../src/features/mini-test/components/ReadingPassage.tsx';
import { t } from '../src/i18n/id.ts';

function Section({
  section,
  index = 0,
  secondsLeft,
  answered,
}: {
  section: MiniSection;
  index?: number;
  secondsLeft: number;
  answered?: number[];
}) {
  const item = MINI_ITEMS[section][index]!;
  const answers = answered ?? MINI_ITEMS[section].map(() => -1);
  const question =
    section === 'listening' ? (
      <>
        <AudioOncePlayerView status="ready" progress={0} onPlay={fn()} onRetry={fn()} onReplayAttempt={fn()} />
        <p className="mini-question">{item.soal}</p>
      </>
    ) : section === 'reading' ? (
      <>
        <ReadingPassage title={READING_PASSAGE.title} html={READING_PASSAGE.html} png="/missing.png" webp="/missing.webp" defaultTextOpen />
        <SafeHtml html={item.soal} className="mini-question" />
      </>
    ) : (
      <SafeHtml html={item.soal} className="mini-question" />
    );
  return (
    <MiniSectionView
      section={section}
      secondsLeft={secondsLeft}
      index={index}
      answers={answers}
      question={question}
      options={item.pilihan}
      showPrev={index > 0}
      showNext={index < answers.length - 1 || section !== 'listening'}
      onAnswer={fn()}
      onPrev={fn()}
      onNext={fn()}
      onGoto={fn()}
      onFinish={fn()}
    />
  );
}

const meta = {
  title: 'Screens/Mini test',
  component: Section,
  args: { section: 'listening', secondsLeft: 300 },
} satisfies Meta<typeof Section>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Intro: Story = {
  render: () => <MiniTestIntroView />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: t.miniTest.title })).toBeVisible();
    await expect(canvas.getByText(t.miniTest.sections[1].name)).toBeVisible();
    await expect(canvas.getByRole('link', { name: t.miniTest.start })).toHaveAttribute('href', '/listening');
  },
};

export const Listening: Story = {
  args: { section: 'listening', secondsLeft: MINI_TEST_DURATIONS.listening },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(`${t.miniTest.session}: LISTENING COMPREHENSION`)).toBeVisible();
    await expect(canvas.getByTestId('mini-countdown')).toHaveTextContent('5:00');
    await expect(canvas.getByTestId('audio-once')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t.miniTest.prev })).toBeNull();
    await expect(canvas.getAllByRole('radio')).toHaveLength(4);
  },
};

export const ListeningLastQuestion: Story = {
  args: { section: 'listening', index: 4, secondsLeft: 120 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: t.miniTest.prev })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t.miniTest.next })).toBeNull();
  },
};

export const StructureWritten: Story = {
  args: { section: 'structure', index: 5, secondsLeft: 540 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(`${t.miniTest.session}: STRUCTURE AND WRITTEN EXPRESSION`)).toBeVisible();
    await expect(canvasElement.querySelectorAll('.we-letter').length).toBe(4);
    await expect(canvas.getByTestId('mini-countdown')).toHaveTextContent('9:00');
  },
};

export const Answered: Story = {
  args: { section: 'structure', index: 2, secondsLeft: 400, answered: [2, 1, 0, -1, -1, -1, -1, -1, -1, -1] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('radio')[0]).toBeChecked();
    await expect(canvas.getByRole('button', { name: t.miniTest.gridItem(1, true, false) })).toBeVisible();
    await expect(canvas.getByRole('button', { name: t.miniTest.gridItem(3, true, true) })).toHaveAttribute('aria-current', 'step');
    await expect(canvas.getByRole('button', { name: t.miniTest.gridItem(4, false, false) })).toBeVisible();
  },
};

export const TimeRunningLow: Story = {
  args: { section: 'reading', index: 0, secondsLeft: 42 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('timer')).toHaveAccessibleName(`${t.miniTest.timeLow} 0:42`);
    await expect(canvas.getByTestId('mini-countdown')).toHaveTextContent('0:42');
  },
};

export const ReadingImageFailed: Story = {
  args: { section: 'reading', index: 1, secondsLeft: 500 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The passage image cannot load here: the loader goes away and the text alternative stays.
    await expect(await canvas.findByRole('button', { name: t.miniTest.hidePassageText })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t.miniTest.hidePassageText }));
    await expect(canvas.getByRole('button', { name: t.miniTest.showPassageText })).toHaveAttribute('aria-expanded', 'false');
  },
};

export const Finish: Story = {
  render: () => (
    <MiniFinishView
      score={scoreMiniTest({ listening: [2, 1, 0, 2, -1], structure: [2, 1, 0, 2, 3, 1, 1, 2, 1, 2], reading: [1, 3, 0, -1, 3] })}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t.miniTest.finishTitle)).toBeVisible();
    await expect(canvas.getByTestId('mini-total-score')).toHaveTextContent('80');
    await expect(canvas.getAllByTestId('mini-correct').map((c) => c.textContent)).toEqual(['3 / 5', '10 / 10', '3 / 5']);
    await expect(canvas.getByRole('link', { name: t.landing.startSimulation })).toHaveAttribute('href', '/paketsoal');
  },
};

export const FinishWithoutResult: Story = {
  render: () => <MiniFinishView score={null} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t.miniTest.noResultTitle)).toBeVisible();
    await expect(canvas.getByRole('link', { name: t.miniTest.backToIntro })).toHaveAttribute('href', '/mini-test');
  },
};

const FINISHED = {
  listening: [2, 1, 0, 2, -1],
  structure: [2, 1, 0, 2, 3, 1, 1, 2, 1, 2],
  reading: [1, 3, 0, -1, 3],
};
const M = t.miniTest;

/** Below the score: every item with the learner's answer, the key and the explanation. */
export const FinishWithReview: Story = {
  render: () => <MiniFinishView score={scoreMiniTest(FINISHED)} answers={FINISHED} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: M.reviewTitle })).toBeVisible();
    await expect(canvas.getAllByRole('article')).toHaveLength(20);
    // Listening 3: answered A, key D.
    const third = within(canvas.getByRole('article', { name: M.reviewNumber(3) }));
    await expect(third.getByText(M.reviewWrong)).toBeVisible();
    const options = third.getAllByRole('listitem');
    await expect(within(options[0]!).getByText(M.reviewYourAnswer)).toBeVisible();
    await expect(within(options[3]!).getByText(M.reviewKey)).toBeVisible();
    await expect(third.getByText(MINI_ITEMS.listening[2]!.pembahasan)).toBeVisible();
    await expect(third.getByText(MINI_ITEMS.listening[2]!.soal)).toBeVisible();
    // Listening 5 unanswered; structure 1 (item 6) right.
    await expect(within(canvas.getByRole('article', { name: M.reviewNumber(5) })).getByText(M.reviewUnanswered)).toBeVisible();
    await expect(canvas.getByRole('article', { name: M.reviewNumber(6) })).toHaveAttribute('data-correct', 'true');
    await expect(canvas.getByRole('article', { name: M.reviewNumber(18) })).toHaveAttribute('data-correct', 'false');
    await expect(canvas.getByRole('link', { name: M.restart })).toHaveAttribute('href', '/mini-test');
  },
};

/** /finish opened again (a reload): the kept result and its review, without starting a new run. */
export const FinishAfterReload: Story = {
  parameters: { route: '/finish' },
  beforeEach: () => {
    window.localStorage.setItem(RESULT_KEY, JSON.stringify(FINISHED));
    return () => window.localStorage.removeItem(RESULT_KEY);
  },
  render: () => <MiniTestLayout />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(M.finishTitle)).toBeVisible();
    await expect(canvas.getByTestId('mini-total-score')).toHaveTextContent('80');
    await expect(canvas.getAllByRole('article')).toHaveLength(20);
    await expect(within(canvas.getByRole('article', { name: M.reviewNumber(3) })).getByText(M.reviewWrong)).toBeVisible();
  },
};

/** A kept record that does not fit the test (tampered or from an older build) is not shown. */
export const FinishAfterReloadMalformed: Story = {
  parameters: { route: '/finish' },
  beforeEach: () => {
    window.localStorage.setItem(RESULT_KEY, JSON.stringify({ ...FINISHED, reading: [1, 2] }));
    return () => window.localStorage.removeItem(RESULT_KEY);
  },
  render: () => <MiniTestLayout />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(M.noResultTitle)).toBeVisible();
  },
};

/** Starting again drops the previous result. */
export const StartAgainClearsResult: Story = {
  parameters: { route: '/listening' },
  beforeEach: () => {
    window.localStorage.setItem(RESULT_KEY, JSON.stringify(FINISHED));
    return () => clearMiniTestStorage(window.localStorage);
  },
  render: () => <MiniTestLayout />,
  play: async () => {
    await waitFor(() => expect(window.localStorage.getItem(RESULT_KEY)).toBeNull());
  },
};
