export const testPage = {
  title: 'Tes Audio',
  lead: 'Pastikan suara terdengar jelas sebelum mulai ujian. Di ujian, setiap audio listening hanya bisa diputar sekali, sama seperti pemutar di bawah ini.',
  steps: [
    'Pakai headphone atau earphone supaya suara lebih jelas dan tidak mengganggu orang lain.',
    'Tekan tombol putar, lalu atur volume perangkat sampai suara terdengar nyaman.',
    'Setelah audio selesai, pemutar terkunci seperti saat ujian. Tekan Putar lagi untuk mengulang tes ini.',
    'Jika tidak ada suara, periksa volume, mode senyap, dan perangkat audio yang dipilih di browser.',
  ],
  playAgain: 'Putar lagi',
  transcriptTitle: 'Isi audio',
  transcript:
    'This is a sound check. If you can hear this voice clearly, your audio is working. Ini tes suara. Jika suara terlalu pelan atau terlalu keras, silakan atur volume perangkat Anda sekarang.',
} as const;
