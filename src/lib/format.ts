const rupiah = new Intl.NumberFormat('id-ID', {
  style: 'currency',
  currency: 'IDR',
  maximumFractionDigits: 0,
});

/** The one money formatter (STYLE rule 8): 20000 -> "Rp 20.000" (with a no-break space). */
export function formatRupiah(amount: number): string {
  return rupiah.format(amount);
}
