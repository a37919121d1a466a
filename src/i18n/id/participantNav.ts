export const participantNav = {
  label: 'Navigasi simulasi',
  simulasi: 'Simulasi',
  paketSaya: 'Paket Saya',
  riwayat: 'Riwayat Simulasi',
  miniTest: 'Mini Test',
  latihan: 'Latihan',
} as const;
