import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils.tsx';
import { notifySuccess } from './notify.ts';
import { toastRaised } from './toast-host.ts';

describe('toasts', () => {
  it('mount the toast container with the first one, which is then shown', async () => {
    renderWithProviders(<p>Halaman</p>, { route: false });
    // No toast yet: nothing asks for the container's code.
    expect(toastRaised()).toBe(false);
    notifySuccess('Jawaban tersimpan', { audience: 'participant' });
    expect(toastRaised()).toBe(true);
    expect(await screen.findByText('Jawaban tersimpan')).toBeInTheDocument();
  });
});
