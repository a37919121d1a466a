export const dialog = {
  close: 'Tutup',
  ok: 'OK',
} as const;
