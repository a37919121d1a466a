import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-utils.tsx';
import { t } from '../i18n/id.ts';

describe('MessageDialog', () => {
  it('shows an open message at once, before the dialog code is in, and as a dialog once it is', async () => {
    vi.resetModules();
    const { MessageDialog } = await import('./MessageDialog.tsx');
    const onClose = vi.fn();
    const { user } = renderWithProviders(<MessageDialog opened title="Gagal" message="Koneksi terputus" onClose={onClose} />, {
      route: false,
    });
    // No wait: the message is on screen in the same render, while the Modal's code is fetched.
    expect(screen.getByRole('alert')).toHaveTextContent('Koneksi terputus');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Gagal');
    await user.click(screen.getByRole('button', { name: t.dialog.ok }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('keeps the message and its buttons on screen when the dialog code cannot be fetched', async () => {
    vi.resetModules();
    vi.doMock('./MessageDialogModal.tsx', () => {
      throw new Error('offline');
    });
    try {
      const { MessageDialog } = await import('./MessageDialog.tsx');
      const onClose = vi.fn();
      const { user } = renderWithProviders(<MessageDialog opened title="Gagal" message="Koneksi terputus" onClose={onClose} />, {
        route: false,
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.getByRole('alert')).toHaveTextContent('Gagal');
      expect(screen.queryByRole('dialog')).toBeNull();
      await user.click(screen.getByRole('button', { name: t.dialog.ok }));
      expect(onClose).toHaveBeenCalledOnce();
    } finally {
      vi.doUnmock('./MessageDialogModal.tsx');
    }
  });
});
