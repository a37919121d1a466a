/** The page controls of every paged list, read by screen readers. */
export const pagination = {
  first: 'Halaman pertama',
  previous: 'Halaman sebelumnya',
  next: 'Halaman berikutnya',
  last: 'Halaman terakhir',
  page: (n: number) => `Halaman ${n}`,
} as const;
