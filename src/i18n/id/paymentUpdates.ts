export const paymentUpdates = {
  badge: (n: number) => `${n} kabar pembayaran baru`,
  title: 'Kabar Pembayaran',
  confirmed: (paket: string) => `Pembayaran ${paket} diterima. Paket siap dikerjakan.`,
  rejected: (paket: string, alasan: string) => `Pembayaran ${paket} ditolak. Alasan: ${alasan}`,
  ok: 'Mengerti',
  toPaket: 'Ke Paket Soal',
} as const;
