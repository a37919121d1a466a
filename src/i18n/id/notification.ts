export const notification = {
  successTitle: 'Berhasil',
  errorTitle: 'Gagal',
} as const;
