export const guard = {
  loading: 'Mohon tunggu, sedang mengambil data pengguna',
  failedTitle: 'Oops...',
  failedText: 'Gagal mengambil data pengguna!',
  failedFooter: 'Silakan coba lagi nanti',
  backHome: 'Kembali ke Beranda',
} as const;
