export const app = {
  name: 'Simulasi TOEFL ITP',
  skipToContent: 'Langsung ke konten utama',
  loading: 'Memuat halaman...',
} as const;
