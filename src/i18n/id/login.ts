export const login = {
  title: 'Login',
  subtitle: 'Masuk untuk melanjutkan simulasi TOEFL ITP.',
  nohp: 'Nomor HP',
  nohpPlaceholder: '081234567890',
  password: 'Password',
  submit: 'Login',
  noAccount: 'Belum punya akun?',
  toRegister: 'Daftar',
  failedTitle: 'Login Gagal',
} as const;
