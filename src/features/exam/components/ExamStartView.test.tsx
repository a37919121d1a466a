import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-utils.tsx';
import { ExamStartView, sectionDuration } from './ExamStartView.tsx';

const noop = () => undefined;
const paket = { id: 7, nama_paket: 'Paket A', durasi_listening: 2100, durasi_written: 1200, durasi_reading: 3300 };

describe('the section times a learner reads before starting', () => {
  it('names the extended minutes and the package minutes for a learner with a time factor', () => {
    renderWithProviders(
      <ExamStartView
        paket={{ ...paket, faktor_waktu_persen: 175 }}
        confirming={false}
        starting={false}
        startFailed={false}
        onAskStart={noop}
        onConfirm={noop}
        onCancel={noop}
        onDismissFailure={noop}
      />,
    );
    expect(screen.getByTestId('exam-duration-1')).toHaveTextContent(/^62 menit \(diperpanjang dari 35\)$/);
    expect(screen.getByTestId('exam-duration-2')).toHaveTextContent(/^35 menit \(diperpanjang dari 20\)$/);
    expect(screen.getByTestId('exam-duration-3')).toHaveTextContent(/^97 menit \(diperpanjang dari 55\)$/);
  });

  it('shows the package minutes alone without a factor, and rounds a factor up to whole minutes', () => {
    expect(sectionDuration(1500, undefined)).toBe('25 menit');
    expect(sectionDuration(1500, 100)).toBe('25 menit');
    expect(sectionDuration(1500, 125)).toBe('32 menit (diperpanjang dari 25)');
    expect(sectionDuration(1500, 200)).toBe('50 menit (diperpanjang dari 25)');
    expect(sectionDuration(30, 150)).toBe('1 menit (diperpanjang dari 30 detik)');
    expect(sectionDuration(undefined, 150)).toBeNull();
  });
});
