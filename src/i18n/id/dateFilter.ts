export const dateFilter = {
  from: 'Dari tanggal',
  to: 'Sampai tanggal',
  apply: 'Terapkan',
  reset: 'Reset',
} as const;
