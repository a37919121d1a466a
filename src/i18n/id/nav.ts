export const nav = {
  label: 'Navigasi utama',
  home: 'Beranda Simulasi TOEFL ITP',
  login: 'Login',
  register: 'Daftar',
  accountMenu: (nama: string) => `Menu akun ${nama}`,
  adminDashboard: 'Dashboard Admin',
  profile: 'Profile User',
  signOut: 'Sign out',
} as const;
