export const paket = {
  title: 'Paket Soal',
} as const;
