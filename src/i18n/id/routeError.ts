export const routeError = {
  title: 'Terjadi kesalahan',
  text: 'Halaman ini tidak dapat ditampilkan. Silakan coba lagi.',
  loadTitle: 'Halaman belum bisa dimuat',
  loadText: 'Koneksi ke server terputus saat memuat halaman ini. Coba lagi sebentar lagi.',
  offline: 'Kamu sedang offline. Halaman akan dimuat otomatis begitu koneksi internet kembali.',
  retry: 'Coba Lagi',
} as const;
