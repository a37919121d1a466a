import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { onDemand } from './on-demand.ts';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/ExamRunView-x.js');

describe('code fetched on demand', () => {
  it('is fetched once for every caller, and a failed fetch is tried again on the next call', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(chunkError()).mockResolvedValue('views');
    const part = onDemand(load);
    await expect(part.load()).rejects.toThrow(/dynamically imported/);
    const [a, b] = [part.load(), part.load()];
    await expect(a).resolves.toBe('views');
    await expect(b).resolves.toBe('views');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('renders at once when its code is in, and shows the fallback only until it arrives', async () => {
    let arrive: (value: string) => void = () => undefined;
    const part = onDemand(() => new Promise<string>((resolve) => (arrive = resolve)));
    function Part() {
      return <p>{part.useLoaded()}</p>;
    }
    const first = await act(async () =>
      render(
        <Suspense fallback={<p>memuat</p>}>
          <Part />
        </Suspense>,
      ),
    );
    expect(screen.getByText('memuat')).toBeTruthy();
    await act(async () => arrive('soal'));
    expect(await screen.findByText('soal')).toBeTruthy();
    first.unmount();
    render(
      <Suspense fallback={<p>memuat</p>}>
        <Part />
      </Suspense>,
    );
    // Synchronously: no fallback frame once the code is in.
    expect(screen.getByText('soal')).toBeTruthy();
    expect(screen.queryByText('memuat')).toBeNull();
  });
});
