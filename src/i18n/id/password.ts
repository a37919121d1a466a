export const password = {
  toggleVisibility: 'Tampilkan atau sembunyikan password',
} as const;
