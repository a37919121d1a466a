export const transport = {
  network: 'Tidak dapat terhubung ke server. Periksa koneksi internet Anda.',
  timeout: 'Server terlalu lama merespons. Silakan coba lagi.',
  status: (status: number) => `Permintaan gagal dengan kode status ${status}.`,
  unknown: 'Terjadi kesalahan.',
} as const;
