export const paketSaya = {
  title: 'Paket Saya',
  lead: 'Daftar pembayaran paket soal yang pernah kamu kirim.',
  loading: 'Memuat data pembayaran...',
  empty: 'Belum ada pembayaran. Pilih paket di halaman Simulasi untuk mulai.',
  toPaket: 'Lihat Paket Soal',
  failed: 'Terjadi kesalahan saat mengambil data pembayaran.',
  pending: 'Sedang diverifikasi Admin',
  confirmed: 'Pembayaran diterima',
  rejected: (alasan: string) => `Pembayaran ditolak. Alasan: ${alasan}`,
  proof: 'Lihat bukti',
  date: 'Tanggal',
  amount: 'Jumlah',
} as const;
